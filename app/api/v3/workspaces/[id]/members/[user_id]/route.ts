// PATCH, DELETE /api/v3/workspaces/{id}/members/{user_id} — the workspace owner or a company admin.
import { workspaceEndpoints } from "@/lib/contracts/workspaces";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { removeMember, updateMember } from "@/lib/workspaces/manage-members";

export const PATCH = withApi(workspaceEndpoints.updateMember, async ({ principal, params, body }) =>
  ok(await updateMember(principal, params.id, params.user_id, body.role)),
);

export const DELETE = withApi(workspaceEndpoints.removeMember, async ({ principal, params }) => {
  await removeMember(principal, params.id, params.user_id);
  return noContent();
});
