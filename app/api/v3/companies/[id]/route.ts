// GET /api/v3/companies/{id} — instance admins any company, a company's users their own.
// PATCH /api/v3/companies/{id} — instance admins: opt the company in to (or out of) public datasets.
import { publicDatasetEndpoints } from "@/lib/contracts/public-datasets";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { getCompany, updateCompany } from "@/lib/public-datasets/manage-public-datasets";

export const GET = withApi(publicDatasetEndpoints.getCompany, async ({ principal, params }) => ok(await getCompany(principal, params.id)));

export const PATCH = withApi(publicDatasetEndpoints.updateCompany, async ({ principal, params, body }) =>
  ok(await updateCompany(principal, params.id, body)),
);
