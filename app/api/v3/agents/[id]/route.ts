// GET /api/v3/agents/{id} — whoever may see the agent. PATCH, DELETE — its owner or a company admin.

import { deleteAgent, getAgent, updateAgent } from "@/lib/agents/manage-agents";
import { agentEndpoints } from "@/lib/contracts/agents";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(agentEndpoints.get, async ({ principal, params }) => ok(await getAgent(principal, params.id)));

export const PATCH = withApi(agentEndpoints.update, async ({ principal, params, body }) => ok(await updateAgent(principal, params.id, body)));

export const DELETE = withApi(agentEndpoints.delete, async ({ principal, params }) => {
  await deleteAgent(principal, params.id);
  return noContent();
});
