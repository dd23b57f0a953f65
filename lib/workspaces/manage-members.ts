// Workspace membership: owners and company admins manage; a workspace always keeps one owner.

import { recordAudit } from "@/lib/audit/record-audit";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { WorkspaceRole } from "@/lib/db/generated/client";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { findAccessibleWorkspace, findManageableWorkspace } from "./access";
import { serializeMember } from "./serialize-workspace";

export async function listMembers(p: Principal, workspaceId: number) {
  const access = await findAccessibleWorkspace(p, workspaceId);
  if (!access.canSeeMembers) throw forbidden("Only the workspace owner and company admins can see members.");
  const rows = await db().workspaceMember.findMany({ where: { workspaceId }, include: { user: true }, orderBy: { createdAt: "asc" } });
  return { results: rows.map(serializeMember) };
}

export async function addMember(p: Principal, workspaceId: number, userId: number, role: WorkspaceRole) {
  const { workspace } = await findManageableWorkspace(p, workspaceId);
  const inCompany = await db().membership.findUnique({ where: { companyId_userId: { companyId: workspace.companyId, userId } } });
  if (!inCompany) throw notFound("User");
  try {
    const member = await db().workspaceMember.create({ data: { workspaceId, userId, role }, include: { user: true } });
    await recordAudit({ principal: p, action: "Workspace member added", metadata: { workspace_id: workspaceId, user_id: userId, role } });
    return serializeMember(member);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", "The user is already a member of this workspace.");
    throw err;
  }
}

async function assertNotLastOwner(workspaceId: number, userId: number) {
  const owners = await db().workspaceMember.findMany({ where: { workspaceId, role: "owner" }, select: { userId: true } });
  if (owners.length === 1 && owners[0].userId === userId) {
    throw new AppError("bad_request", "A workspace must keep at least one owner; make someone else owner first.");
  }
}

async function findMember(workspaceId: number, userId: number) {
  const member = await db().workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
  if (!member) throw notFound("Member");
  return member;
}

export async function updateMember(p: Principal, workspaceId: number, userId: number, role: WorkspaceRole) {
  await findManageableWorkspace(p, workspaceId);
  const member = await findMember(workspaceId, userId);
  if (member.role === "owner" && role !== "owner") await assertNotLastOwner(workspaceId, userId);
  const updated = await db().workspaceMember.update({ where: { id: member.id }, data: { role }, include: { user: true } });
  await recordAudit({ principal: p, action: "Workspace member updated", metadata: { workspace_id: workspaceId, user_id: userId, role } });
  return serializeMember(updated);
}

export async function removeMember(p: Principal, workspaceId: number, userId: number) {
  await findManageableWorkspace(p, workspaceId);
  const member = await findMember(workspaceId, userId);
  if (member.role === "owner") await assertNotLastOwner(workspaceId, userId);
  await db().workspaceMember.delete({ where: { id: member.id } });
  await recordAudit({ principal: p, action: "Workspace member removed", metadata: { workspace_id: workspaceId, user_id: userId } });
}
