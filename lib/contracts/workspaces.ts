// Workspace resource, its members, and the endpoints that manage them.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, ZUserRef, zBodyId, zBoolString, zIntId, zPaginated, zTimestamp } from "./common";
import { ZDatasourceInput, ZWorkspaceSync } from "./datasources";

export const WORKSPACE_TYPES = ["shared", "private"] as const;
export const DOCUMENT_UPLOAD_METHODS = ["manual", "sync"] as const;
export const WORKSPACE_ROLES = ["owner", "editor", "viewer"] as const;
export const ZWorkspaceRole = z.enum(WORKSPACE_ROLES);

export const ZWorkspaceMember = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: ZWorkspaceRole,
    created_at: zTimestamp,
  })
  .meta({ id: "WorkspaceMember" });
export type TWorkspaceMember = z.infer<typeof ZWorkspaceMember>;

export const ZScopedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  role: ZWorkspaceRole,
  created_at: zTimestamp,
  created_by: ZUserRef,
  scope_type: z.literal("workspace"),
});

export const ZWorkspace = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    workspace_type: z.enum(WORKSPACE_TYPES),
    document_upload_method: z.enum(DOCUMENT_UPLOAD_METHODS),
    created_at: zTimestamp,
    updated_at: zTimestamp,
    files_count: z.number().int(),
    used_storage: z.number().int().describe("Bytes of documents held"),
    storage_quota_mb: z.number().int().nullable().describe("Upload quota in MB; null = unlimited; 0 disables uploads"),
    is_default: z.boolean(),
    is_public: z
      .boolean()
      .describe(
        "A public dataset: managed by instance users holding the public-dataset management permission, read-only for companies opted in to public datasets",
      ),
    user_role: z.enum([...WORKSPACE_ROLES, ""]).describe("Caller's membership role, or empty"),
    effective_role: z
      .enum(WORKSPACE_ROLES)
      .describe(
        "The role the caller acts with here (beyond the spec): its membership, its company role (company admins act as owners), or viewer on a public dataset read by an opted-in company",
      ),
    summaries: z.array(z.object({ language: z.string(), summary: z.string() })),
    sync: ZWorkspaceSync.nullable().describe("Datasource sync state for synced workspaces, else null"),
    scoped_api_keys: z.array(ZScopedApiKey).describe("Visible to workspace owners and company/instance admins; else empty"),
    members: z.array(ZWorkspaceMember).optional().describe("Only for instance-level and company-level users and the workspace owner"),
  })
  .meta({ id: "Workspace" });
export type TWorkspace = z.infer<typeof ZWorkspace>;

const zName = z.string().trim().min(1, "Must not be empty.").max(200);
const zQuota = z.number().int().min(0).max(100_000_000).nullable();

export const ZWorkspaceCreate = z.object({
  name: zName,
  description: z.string().max(5000).optional(),
  workspace_type: z.enum(WORKSPACE_TYPES).optional(),
  storage_quota_mb: zQuota.optional(),
  is_public: z.boolean().optional().describe("Publish as a public dataset (needs the public-dataset management permission; else 403)"),
  datasource: ZDatasourceInput.optional().describe("Create the workspace synced from this datasource (connection tested first)"),
});
export const ZWorkspaceUpdate = z.object({
  name: zName.optional(),
  description: z.string().max(5000).optional(),
  workspace_type: z.enum(WORKSPACE_TYPES).optional(),
  storage_quota_mb: zQuota.optional(),
  is_public: z.boolean().optional().describe("Publish or unpublish as a public dataset (needs the public-dataset management permission; else 403)"),
});
export const ZWorkspaceListQuery = ZPageQuery.extend({
  name: z.string().max(200).optional().describe("Case-insensitive partial match on the name"),
  is_public: zBoolString.optional().describe("Only public datasets (true) or only the company's own workspaces (false)"),
});
export const ZWorkspaceIdParams = z.object({ id: zIntId });
export const ZWorkspaceDeleteQuery = z.object({
  force: zBoolString.optional().describe("Delete even when the workspace holds documents"),
});
export const ZMemberAdd = z.object({ user_id: zBodyId, role: ZWorkspaceRole });
export const ZMemberUpdate = z.object({ role: ZWorkspaceRole });
export const ZMemberParams = z.object({ id: zIntId, user_id: zIntId });

const tag = "Workspaces";
const category = "workspaces" as const;

export const workspaceEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/workspaces",
    tag,
    category,
    auth: "required",
    summary: "List the workspaces the caller can see (newest first)",
    description:
      "The caller's company's workspaces it may see and, for a company opted in to public datasets (and public-dataset managers), the public datasets it is granted (`is_public: true`).",
    query: ZWorkspaceListQuery,
    responses: { 200: { description: "Paginated workspaces", schema: zPaginated(ZWorkspace) } },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/workspaces",
    tag,
    category,
    auth: "required",
    summary: "Create a workspace; the creator becomes its owner",
    description: "With `datasource`, the workspace is created sync-managed and its first run starts (see the datasource endpoints).",
    body: ZWorkspaceCreate,
    responses: { 201: { description: "Created workspace", schema: ZWorkspace } },
    errors: ["conflict", "insufficient_permissions", "unknown_provider", "datasource_connection_failed"],
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/workspaces/{id}",
    tag,
    category,
    auth: "required",
    alpha: true,
    summary: "Retrieve a workspace (alpha)",
    description:
      "Instance-level users read any workspace, company admins and DPOs those of their company, other users those they are members of. Public datasets (`is_public`) follow their own rule: instance users holding the public-dataset management permission manage them; a company opted in to public datasets reads them (console members all, a workspace-scoped key the one it grants); anyone else gets 404. Members are listed for instance/company-level users and the workspace owner. Unknown and inaccessible workspaces are both 404.",
    params: ZWorkspaceIdParams,
    responses: { 200: { description: "Workspace", schema: ZWorkspace } },
    errors: ["not_found"],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/workspaces/{id}",
    tag,
    category,
    auth: "required",
    summary: "Update a workspace (owner or company admin)",
    params: ZWorkspaceIdParams,
    body: ZWorkspaceUpdate,
    responses: { 200: { description: "Updated workspace", schema: ZWorkspace } },
    errors: ["not_found", "conflict", "insufficient_permissions"],
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/workspaces/{id}",
    tag,
    category,
    auth: "required",
    summary: "Delete a workspace (refused while it holds documents unless force=true)",
    description: "A synced workspace whose datasource run is active answers 409 workspace_has_datasource unless force=true, which cancels the run.",
    params: ZWorkspaceIdParams,
    query: ZWorkspaceDeleteQuery,
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found", "bad_request", "insufficient_permissions", "workspace_has_datasource"],
  }),
  listMembers: defineEndpoint({
    method: "GET",
    path: "/api/v3/workspaces/{id}/members",
    tag,
    category,
    auth: "required",
    summary: "List workspace members (owner, company and instance admins)",
    params: ZWorkspaceIdParams,
    responses: { 200: { description: "Members", schema: z.object({ results: z.array(ZWorkspaceMember) }) } },
    errors: ["not_found", "insufficient_permissions"],
  }),
  addMember: defineEndpoint({
    method: "POST",
    path: "/api/v3/workspaces/{id}/members",
    tag,
    category,
    auth: "required",
    summary: "Add a company user to the workspace with a role",
    params: ZWorkspaceIdParams,
    body: ZMemberAdd,
    responses: { 201: { description: "Member added", schema: ZWorkspaceMember } },
    errors: ["not_found", "conflict", "insufficient_permissions"],
  }),
  updateMember: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/workspaces/{id}/members/{user_id}",
    tag,
    category,
    auth: "required",
    summary: "Change a member's role",
    params: ZMemberParams,
    body: ZMemberUpdate,
    responses: { 200: { description: "Member", schema: ZWorkspaceMember } },
    errors: ["not_found", "bad_request", "insufficient_permissions"],
  }),
  removeMember: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/workspaces/{id}/members/{user_id}",
    tag,
    category,
    auth: "required",
    summary: "Remove a member (the last owner cannot be removed)",
    params: ZMemberParams,
    responses: { 204: { description: "Removed" } },
    errors: ["not_found", "bad_request", "insufficient_permissions"],
  }),
};
