// Agents CRUD. Creating needs a company-wide principal (not a workspace-scoped key); changing and
// deleting need the owner or a company admin; everything starts from what the caller may see (404).
import { requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { TAgent, TAgentCreate, TAgentListQuery, TAgentUpdate } from "@/lib/contracts/agents";
import { db } from "@/lib/db/client";
import type { Agent, Prisma } from "@/lib/db/generated/client";
import { AppError, type FieldError, forbidden } from "@/lib/errors";
import { type Page, pageWindow } from "@/lib/pagination";
import { canEditAgent, findVisibleAgent, visibleAgentsWhere } from "./agent-access";

export function serializeAgent(p: Principal, a: Agent): TAgent {
  return {
    id: a.id,
    company_id: a.companyId,
    owner_id: a.ownerId,
    name: a.name,
    description: a.description,
    instructions: a.instructions,
    model: a.model,
    workspace_ids: a.workspaceIds,
    tag_ids: a.tagIds,
    top_k: a.topK,
    rerank: a.rerank,
    visibility: a.visibility,
    can_edit: canEditAgent(p, a),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** Workspace and tag ids must be the company's own: unknown and foreign ids are the same 422. */
async function checkScopeIds(companyId: number, input: Pick<TAgentCreate, "workspace_ids" | "tag_ids">): Promise<void> {
  const fields: Record<string, FieldError[]> = {};
  if (input.workspace_ids?.length) {
    const found = await db().workspace.findMany({ where: { companyId, id: { in: input.workspace_ids } }, select: { id: true } });
    const known = new Set(found.map((w) => w.id));
    const bad = input.workspace_ids.filter((id) => !known.has(id));
    if (bad.length) fields.workspace_ids = [{ error: "invalid", detail: `Unknown workspace id${bad.length > 1 ? "s" : ""}: ${bad.join(", ")}.` }];
  }
  if (input.tag_ids?.length) {
    const found = await db().tag.findMany({ where: { companyId, id: { in: input.tag_ids } }, select: { id: true } });
    const known = new Set(found.map((t) => t.id));
    const bad = input.tag_ids.filter((id) => !known.has(id));
    if (bad.length) fields.tag_ids = [{ error: "invalid", detail: `Unknown tag id${bad.length > 1 ? "s" : ""}: ${bad.join(", ")}.` }];
  }
  const names = Object.keys(fields);
  if (names.length) throw new AppError("validation_error", `Invalid ${names.length > 1 ? "fields" : "field"}: ${names.join(", ")}.`, { fields });
}

export async function listAgents(p: Principal, q: TAgentListQuery): Promise<Page<TAgent>> {
  const where: Prisma.AgentWhereInput = {
    AND: [visibleAgentsWhere(p), q.name ? { name: { contains: q.name, mode: "insensitive" } } : {}, q.visibility ? { visibility: q.visibility } : {}],
  };
  const [count, rows] = await Promise.all([
    db().agent.count({ where }),
    db().agent.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(q) }),
  ]);
  return { count, results: rows.map((a) => serializeAgent(p, a)) };
}

export async function getAgent(p: Principal, id: number): Promise<TAgent> {
  return serializeAgent(p, await findVisibleAgent(p, id));
}

export async function createAgent(p: Principal, input: TAgentCreate): Promise<TAgent> {
  requireCompanyScope(p);
  await checkScopeIds(p.companyId, input);
  const agent = await db().agent.create({
    data: {
      companyId: p.companyId,
      ownerId: p.user.id,
      name: input.name,
      description: input.description ?? "",
      instructions: input.instructions ?? "",
      model: input.model ?? null,
      workspaceIds: input.workspace_ids ?? [],
      tagIds: input.tag_ids ?? [],
      topK: input.top_k ?? null,
      rerank: input.rerank ?? true,
      visibility: input.visibility ?? "private",
    },
  });
  return serializeAgent(p, agent);
}

async function findEditableAgent(p: Principal, id: number): Promise<Agent> {
  const agent = await findVisibleAgent(p, id);
  requireCompanyScope(p);
  if (!canEditAgent(p, agent)) throw forbidden("Only the agent's owner or a company admin may change it.");
  return agent;
}

export async function updateAgent(p: Principal, id: number, input: TAgentUpdate): Promise<TAgent> {
  const agent = await findEditableAgent(p, id);
  await checkScopeIds(agent.companyId, input);
  const updated = await db().agent.update({
    where: { id: agent.id },
    data: {
      name: input.name,
      description: input.description,
      instructions: input.instructions,
      model: input.model,
      workspaceIds: input.workspace_ids,
      tagIds: input.tag_ids,
      topK: input.top_k,
      rerank: input.rerank,
      visibility: input.visibility,
    },
  });
  return serializeAgent(p, updated);
}

export async function deleteAgent(p: Principal, id: number): Promise<void> {
  const agent = await findEditableAgent(p, id);
  await db().agent.delete({ where: { id: agent.id } });
}
