// Who sees and who changes an agent, in one place (listing, fetch, update, delete and /ask all use it).
// Spec: system admins see all agents of all companies, company admins all of their company, regular
// users a narrower set — here their own plus the company-shared ones. A workspace-scoped key sees only
// what its workspace grants: company-shared agents that may answer from that workspace (no workspace
// restriction, or one that includes it), never a private agent, not even its owner's.
import { isCompanyAdmin, isInstanceLevel, isWorkspaceScoped } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { Agent, Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";

export function visibleAgentsWhere(p: Principal): Prisma.AgentWhereInput {
  if (isWorkspaceScoped(p)) {
    return {
      companyId: p.companyId,
      visibility: "company",
      OR: [{ workspaceIds: { isEmpty: true } }, { workspaceIds: { has: p.apiKey!.workspaceId ?? -1 } }],
    };
  }
  if (isInstanceLevel(p)) return {};
  if (isCompanyAdmin(p)) return { companyId: p.companyId };
  return { companyId: p.companyId, OR: [{ ownerId: p.user.id }, { visibility: "company" }] };
}

/** Its owner or an admin of its company (an instance admin only within their own company); never a scoped key. */
export function canEditAgent(p: Principal, agent: Agent): boolean {
  if (agent.companyId !== p.companyId || isWorkspaceScoped(p)) return false;
  return isCompanyAdmin(p) || (agent.ownerId !== null && agent.ownerId === p.user.id);
}

/** The agent if the caller may see it, else 404 (missing and hidden look the same). */
export async function findVisibleAgent(p: Principal, id: number): Promise<Agent> {
  const agent = await db().agent.findFirst({ where: { AND: [{ id }, visibleAgentsWhere(p)] } });
  if (!agent) throw notFound("Agent");
  return agent;
}
