// POST /api/v3/workspaces/{id}/datasource/runs — editors, owners and company admins of the workspace.
// GET /api/v3/workspaces/{id}/datasource/runs — anyone who can read the workspace.
import { datasourceEndpoints } from "@/lib/contracts/datasources";
import { okPage } from "@/lib/http/paginate";
import { accepted } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { listRuns, startRunNow } from "@/lib/sync/manage-runs";

export const POST = withApi(datasourceEndpoints.startRun, async ({ principal, params }) => accepted(await startRunNow(principal, params.id)));

export const GET = withApi(datasourceEndpoints.listRuns, async ({ principal, params, query, req }) =>
  okPage(req, query, await listRuns(principal, params.id, query)),
);
