// GET /api/v3/agents — any user (instance-level: all companies; company admins: their company; others:
// own + company-shared). POST /api/v3/agents — any company user (not a workspace-scoped key).

import { createAgent, listAgents } from "@/lib/agents/manage-agents";
import { agentEndpoints } from "@/lib/contracts/agents";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(agentEndpoints.list, async ({ principal, query, req }) => okPage(req, query, await listAgents(principal, query)));

export const POST = withApi(agentEndpoints.create, async ({ principal, body }) => created(await createAgent(principal, body)));
