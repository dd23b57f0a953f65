// Workspace visibility and roles, in one place. Every workspace query goes through these scopes.
import { isCompanyAdmin, isCompanyLevel, isInstanceLevel, isWorkspaceScoped } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { Prisma, Workspace, WorkspaceRole } from "@/lib/db/generated/client";
import { forbidden, notFound } from "@/lib/errors";

/** Prisma filter of the workspaces of the caller's company that the caller may list. */
export function listableWorkspacesWhere(p: Principal): Prisma.WorkspaceWhereInput {
  if (isWorkspaceScoped(p)) return { id: p.apiKey!.workspaceId ?? -1, companyId: p.companyId };
  if (isCompanyLevel(p)) return { companyId: p.companyId };
  return { companyId: p.companyId, members: { some: { userId: p.user.id } } };
}

export interface WorkspaceAccess {
  workspace: Workspace;
  /** Role of the caller's membership (or the scoped key's role); null when not a member. */
  memberRole: WorkspaceRole | null;
  /** What the caller may do, all things considered (company admins act as owners). */
  effectiveRole: WorkspaceRole | null;
  /** May see the member list. */
  canSeeMembers: boolean;
}

export async function workspaceAccess(p: Principal, workspace: Workspace): Promise<WorkspaceAccess | null> {
  if (isWorkspaceScoped(p)) {
    if (workspace.id !== p.apiKey!.workspaceId || workspace.companyId !== p.companyId) return null;
    const role = p.apiKey!.workspaceRole ?? "viewer";
    return { workspace, memberRole: role, effectiveRole: role, canSeeMembers: role === "owner" };
  }
  const sameCompany = workspace.companyId === p.companyId;
  const membership = sameCompany
    ? await db().workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId: workspace.id, userId: p.user.id } } })
    : null;
  const memberRole = membership?.role ?? null;
  let effectiveRole: WorkspaceRole | null = memberRole;
  if (sameCompany && isCompanyAdmin(p)) effectiveRole = "owner";
  else if (!effectiveRole && ((sameCompany && isCompanyLevel(p)) || isInstanceLevel(p))) effectiveRole = "viewer";
  if (!effectiveRole) return null;
  const canSeeMembers = isInstanceLevel(p) || (sameCompany && isCompanyLevel(p)) || memberRole === "owner";
  return { workspace, memberRole, effectiveRole, canSeeMembers };
}

/** Loads a workspace the caller may read, else 404 (unknown and inaccessible look the same). */
export async function findAccessibleWorkspace(p: Principal, id: number): Promise<WorkspaceAccess> {
  const workspace = await db().workspace.findUnique({ where: { id } });
  const access = workspace ? await workspaceAccess(p, workspace) : null;
  if (!access) throw notFound("Workspace");
  return access;
}

const RANK: Record<WorkspaceRole, number> = { viewer: 1, editor: 2, owner: 3 };

export function hasRole(access: WorkspaceAccess, needed: WorkspaceRole): boolean {
  return !!access.effectiveRole && RANK[access.effectiveRole] >= RANK[needed];
}

export function requireRole(access: WorkspaceAccess, needed: WorkspaceRole): void {
  if (!hasRole(access, needed)) {
    throw forbidden(`This operation needs the ${needed} role on the workspace (yours: ${access.effectiveRole ?? "none"}).`);
  }
}

/** Managing a workspace: its owner or an admin of its company. */
export async function findManageableWorkspace(p: Principal, id: number): Promise<WorkspaceAccess> {
  const access = await findAccessibleWorkspace(p, id);
  if (access.workspace.companyId !== p.companyId) throw forbidden("Workspaces of another company cannot be changed.");
  requireRole(access, "owner");
  return access;
}

/** Ids of the workspaces of the caller's company whose documents the caller may read. */
export async function readableWorkspaceIds(p: Principal): Promise<number[]> {
  const rows = await db().workspace.findMany({ where: listableWorkspacesWhere(p), select: { id: true } });
  return rows.map((r) => r.id);
}
