// GET /api/v3/workspaces — any authenticated user: the workspaces they can see.
// POST /api/v3/workspaces — any company user (not a workspace-scoped key): creates one, caller becomes owner.
import { workspaceEndpoints } from "@/lib/contracts/workspaces";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { createWorkspace, listWorkspaces } from "@/lib/workspaces/manage-workspaces";

export const GET = withApi(workspaceEndpoints.list, async ({ principal, query, req }) => okPage(req, query, await listWorkspaces(principal, query)));

export const POST = withApi(workspaceEndpoints.create, async ({ principal, body }) => created(await createWorkspace(principal, body)));
