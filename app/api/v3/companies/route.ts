// GET /api/v3/companies — instance admins: the instance's companies, with their public-datasets opt-in.
import { publicDatasetEndpoints } from "@/lib/contracts/public-datasets";
import { okPage } from "@/lib/http/paginate";
import { withApi } from "@/lib/http/with-api";
import { listCompanies } from "@/lib/public-datasets/manage-public-datasets";

export const GET = withApi(publicDatasetEndpoints.listCompanies, async ({ principal, query, req }) =>
  okPage(req, query, await listCompanies(principal, query)),
);
