// GET /api/v3/public-datasets/managers — instance admins: who holds the public-dataset management permission.
import { publicDatasetEndpoints } from "@/lib/contracts/public-datasets";
import { okPage } from "@/lib/http/paginate";
import { withApi } from "@/lib/http/with-api";
import { listManagers } from "@/lib/public-datasets/manage-public-datasets";

export const GET = withApi(publicDatasetEndpoints.listManagers, async ({ principal, query, req }) =>
  okPage(req, query, await listManagers(principal, query)),
);
