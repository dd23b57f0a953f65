// GET /api/v3/workspaces/{id}/datasource/runs/{run_id}/failures — anyone who can read the workspace.
import { datasourceEndpoints } from "@/lib/contracts/datasources";
import { okPage } from "@/lib/http/paginate";
import { withApi } from "@/lib/http/with-api";
import { listRunFailures } from "@/lib/sync/manage-runs";

export const GET = withApi(datasourceEndpoints.listFailures, async ({ principal, params, query, req }) =>
  okPage(req, query, await listRunFailures(principal, params.id, params.run_id, query)),
);
