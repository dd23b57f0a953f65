// GET /api/v3/workspaces/{id}/members — the workspace owner, company-level and instance-level users.
// POST /api/v3/workspaces/{id}/members — the workspace owner or a company admin.
import { workspaceEndpoints } from "@/lib/contracts/workspaces";
import { created, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { addMember, listMembers } from "@/lib/workspaces/manage-members";

export const GET = withApi(workspaceEndpoints.listMembers, async ({ principal, params }) => ok(await listMembers(principal, params.id)));

export const POST = withApi(workspaceEndpoints.addMember, async ({ principal, params, body }) =>
  created(await addMember(principal, params.id, body.user_id, body.role)),
);
