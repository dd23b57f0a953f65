// GET /api/v3/workspaces/{id}/datasource — anyone who can read the workspace (secrets are never returned).
// POST, PATCH, DELETE /api/v3/workspaces/{id}/datasource — the workspace owner or a company admin.
import { datasourceEndpoints } from "@/lib/contracts/datasources";
import { created, noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { attachDatasource, detachDatasource, getDatasource, updateDatasource } from "@/lib/sync/manage-datasource";

export const GET = withApi(datasourceEndpoints.get, async ({ principal, params }) => ok(await getDatasource(principal, params.id)));

export const POST = withApi(datasourceEndpoints.attach, async ({ principal, params, body }) =>
  created(await attachDatasource(principal, params.id, body)),
);

export const PATCH = withApi(datasourceEndpoints.update, async ({ principal, params, body }) =>
  ok(await updateDatasource(principal, params.id, body)),
);

export const DELETE = withApi(datasourceEndpoints.detach, async ({ principal, params, query }) => {
  await detachDatasource(principal, params.id, query.delete_files === "true");
  return noContent();
});
