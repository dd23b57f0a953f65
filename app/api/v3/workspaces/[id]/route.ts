// GET /api/v3/workspaces/{id} — instance-level users, company admins/DPOs of its company, members (alpha).
// PATCH, DELETE /api/v3/workspaces/{id} — the workspace owner or a company admin.
import { workspaceEndpoints } from "@/lib/contracts/workspaces";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { deleteWorkspace, getWorkspace, updateWorkspace } from "@/lib/workspaces/manage-workspaces";

export const GET = withApi(workspaceEndpoints.get, async ({ principal, params }) => ok(await getWorkspace(principal, params.id)));

export const PATCH = withApi(workspaceEndpoints.update, async ({ principal, params, body }) => ok(await updateWorkspace(principal, params.id, body)));

export const DELETE = withApi(workspaceEndpoints.delete, async ({ principal, params, query }) => {
  await deleteWorkspace(principal, params.id, query.force ?? false);
  return noContent();
});
