// Agents: saved chat settings for /ask (instructions, model, retrieval scope), private or company-shared.
// The spec shows only the paginated list; the record and CRUD are this product's choice (issue 5).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zIntId, zPaginated, zTimestamp } from "./common";
import { zIdArray } from "./search";

export const AGENT_VISIBILITIES = ["private", "company"] as const;
export const AGENT_MAX_TOP_K = 50;

export const ZAgent = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    owner_id: z.number().int().nullable().describe("User who created the agent; null once that user is deleted"),
    name: z.string(),
    description: z.string(),
    instructions: z.string().describe("Added to the answer model's system prompt"),
    model: z.string().nullable().describe("Answer model; null = the configured default (see GET /api/v3/models)"),
    workspace_ids: z.array(z.number().int()).describe("Retrieval limited to these workspaces; empty = every workspace the asking user can read"),
    tag_ids: z.array(z.number().int()).describe("Retrieval limited to files carrying any of these tags; empty = no tag restriction"),
    top_k: z.number().int().nullable().describe("Passages retrieved per question; null = the service default"),
    rerank: z.boolean().describe("Rerank retrieved candidates before answering"),
    visibility: z.enum(AGENT_VISIBILITIES).describe("`private`: the owner (and company admins); `company`: every user of the company"),
    can_edit: z.boolean().describe("The caller may change or delete the agent (its owner or a company admin)"),
    created_at: zTimestamp,
    updated_at: zTimestamp,
  })
  .meta({ id: "Agent" });
export type TAgent = z.infer<typeof ZAgent>;

export const ZAgentCreate = z
  .object({
    name: z.string().trim().min(1, { error: "Must not be empty." }).max(200),
    description: z.string().max(2000).optional(),
    instructions: z.string().max(20_000).optional(),
    model: z.string().trim().min(1).max(200).nullable().optional(),
    workspace_ids: zIdArray(100, "workspaces").optional(),
    tag_ids: zIdArray(100, "tags").optional(),
    top_k: z.number().int().min(1).max(AGENT_MAX_TOP_K).nullable().optional(),
    rerank: z.boolean().optional(),
    visibility: z.enum(AGENT_VISIBILITIES).optional(),
  })
  .strict();
export type TAgentCreate = z.output<typeof ZAgentCreate>;
export const ZAgentUpdate = ZAgentCreate.partial();
export type TAgentUpdate = z.output<typeof ZAgentUpdate>;

export const ZAgentListQuery = ZPageQuery.extend({
  name: z.string().max(200).optional().describe("Case-insensitive partial match on the name"),
  visibility: z.enum(AGENT_VISIBILITIES).optional(),
});
export type TAgentListQuery = z.output<typeof ZAgentListQuery>;

const tag = "Agents";
const category = "agents" as const;
const params = z.object({ id: zIntId });
const VISIBILITY_RULES =
  "Visibility: instance-level users (system admin, account manager, admin, DPO admin) see every agent of every company; company admins every agent of their company; other users their own agents and the company-shared ones (`visibility: company`); a workspace-scoped key only the company-shared agents whose `workspace_ids` are empty or include its workspace (never a private agent, not even its owner's). An agent the caller cannot see answers 404.";

export const agentEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/agents",
    tag,
    category,
    auth: "required",
    summary: "List the agents visible to the caller, newest first",
    description: `Paginated envelope (\`count\`, \`next\`, \`previous\`, \`results\`). ${VISIBILITY_RULES}`,
    query: ZAgentListQuery,
    responses: { 200: { description: "Paginated agents", schema: zPaginated(ZAgent) } },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/agents",
    tag,
    category,
    auth: "required",
    summary: "Create an agent owned by the caller",
    description:
      "Any user of the company (not a workspace-scoped key). `workspace_ids` and `tag_ids` must be workspaces and tags of the caller's company (else 422 naming the field). Defaults: `visibility: private`, `rerank: true`, `model` and `top_k` null (service defaults).",
    body: ZAgentCreate,
    responses: { 201: { description: "Agent", schema: ZAgent } },
    errors: ["insufficient_permissions"],
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/agents/{id}",
    tag,
    category,
    auth: "required",
    summary: "Fetch an agent",
    description: VISIBILITY_RULES,
    params,
    responses: { 200: { description: "Agent", schema: ZAgent } },
    errors: ["not_found"],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/agents/{id}",
    tag,
    category,
    auth: "required",
    summary: "Change an agent (its owner or a company admin)",
    description: `Partial update. ${VISIBILITY_RULES} A visible agent the caller may not change answers 403.`,
    params,
    body: ZAgentUpdate,
    responses: { 200: { description: "Agent", schema: ZAgent } },
    errors: ["not_found", "insufficient_permissions"],
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/agents/{id}",
    tag,
    category,
    auth: "required",
    summary: "Delete an agent (its owner or a company admin)",
    params,
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found", "insufficient_permissions"],
  }),
};
