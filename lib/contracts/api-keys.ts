// API keys: issued with the secret shown once; company-wide or scoped to one workspace with a role.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, ZUserRef, zBodyId, zBoolString, zIntId, zPaginated, zTimestamp } from "./common";
import { ZWorkspaceRole } from "./workspaces";

export const ZApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("Visible start of the key, for recognising it"),
    scope_type: z.enum(["company", "workspace"]),
    workspace_id: z.number().int().nullable(),
    role: ZWorkspaceRole.nullable().describe("Workspace role granted by a workspace-scoped key"),
    created_at: zTimestamp,
    created_by: ZUserRef,
    last_used_at: zTimestamp.nullable(),
    expires_at: zTimestamp.nullable(),
    revoked_at: zTimestamp.nullable(),
    is_active: z.boolean(),
  })
  .meta({ id: "ApiKey" });
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyCreated = ZApiKey.extend({
  key: z.string().describe("The secret. Shown only in this response; store it now."),
}).meta({ id: "ApiKeyCreated" });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyCreate = z
  .object({
    name: z.string().trim().min(1).max(100),
    scope_type: z.enum(["company", "workspace"]).default("company"),
    workspace_id: zBodyId
      .optional()
      .describe(
        "The workspace a workspace-scoped key grants: one the caller owns or administers, or a public dataset its company is opted in to (company admins; such a key only reads, whatever its role)",
      ),
    role: ZWorkspaceRole.optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope_type === "workspace" && v.workspace_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["workspace_id"], message: "Required for a workspace-scoped key.", input: undefined });
    }
    if (v.scope_type === "company" && (v.workspace_id !== undefined || v.role !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["scope_type"], message: 'workspace_id and role need scope_type "workspace".' });
    }
    if (v.expires_at && Date.parse(v.expires_at) <= Date.now()) {
      ctx.addIssue({ code: "custom", path: ["expires_at"], message: "Must be in the future." });
    }
  });

export const ZApiKeyListQuery = ZPageQuery.extend({
  include_revoked: zBoolString.optional().describe("Include revoked keys (default false)"),
  workspace_id: zIntId.optional(),
});

const tag = "API keys";
const category = "keys" as const;

export const apiKeyEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/api-keys",
    tag,
    category,
    auth: "required",
    summary: "List API keys: your own, or all of the company's for company admins",
    description: "A workspace-scoped key lists only itself: its owner's other keys are outside the workspace it grants.",
    query: ZApiKeyListQuery,
    responses: { 200: { description: "Paginated keys", schema: zPaginated(ZApiKey) } },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/api-keys",
    tag,
    category,
    auth: "required",
    summary: "Create an API key (the secret is returned once)",
    body: ZApiKeyCreate,
    responses: { 201: { description: "Created key with its secret", schema: ZApiKeyCreated } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  revoke: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/api-keys/{id}",
    tag,
    category,
    auth: "required",
    summary: "Revoke an API key; it is refused at once",
    params: z.object({ id: z.string().min(1).max(100) }),
    responses: { 204: { description: "Revoked" } },
    errors: ["not_found"],
  }),
};
