// POST /api/v3/workspaces/{id}/datasource/runs/{run_id}/cancel — editors, owners and company admins of the workspace.
import { datasourceEndpoints } from "@/lib/contracts/datasources";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { cancelRun } from "@/lib/sync/manage-runs";

export const POST = withApi(datasourceEndpoints.cancelRun, async ({ principal, params }) => ok(await cancelRun(principal, params.id, params.run_id)));
