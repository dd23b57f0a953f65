// Workspace visibility and roles, in one place. Every workspace query goes through these scopes, and every
// document (file, chunk) is reached through documentAccess / readableDocumentScope below.
//
// Public datasets (issue 20): a workspace with `isPublic` is governed by its own rule, whatever company holds
// it. Holders of the public-dataset management permission own every public workspace; an opted-in company
// reads them (its console members all of them, a workspace-scoped key the one it grants) and never writes;
// everyone else gets null, so a public workspace is a 404 exactly like a missing id.
import { canManagePublicDatasets, isCompanyAdmin, isCompanyLevel, isInstanceLevel, isWorkspaceScoped } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { Prisma, Workspace, WorkspaceMember, WorkspaceRole } from "@/lib/db/generated/client";
import { forbidden, notFound } from "@/lib/errors";

const optedIn = new WeakMap<Principal, Promise<boolean>>();

/** Whether the caller's company is opted in to public datasets (read once per principal, i.e. per request). */
function companyOptedIn(p: Principal): Promise<boolean> {
  let known = optedIn.get(p);
  if (!known) {
    known = db()
      .company.findUnique({ where: { id: p.companyId }, select: { publicDatasets: true } })
      .then((c) => c?.publicDatasets ?? false);
    optedIn.set(p, known);
  }
  return known;
}

/** The caller's own company's (non-public) workspaces it may list. */
function ownWorkspacesWhere(p: Principal): Prisma.WorkspaceWhereInput {
  if (isWorkspaceScoped(p)) return { id: p.apiKey!.workspaceId ?? -1, companyId: p.companyId, isPublic: false };
  if (isCompanyLevel(p)) return { companyId: p.companyId, isPublic: false };
  return { companyId: p.companyId, isPublic: false, members: { some: { userId: p.user.id } } };
}

/**
 * The public workspaces the caller may read, or null for none. Company-scoped API keys get none: the spec
 * grants public datasets to an opted-in company through a workspace-scoped key (and the console).
 */
async function publicWorkspacesWhere(p: Principal): Promise<Prisma.WorkspaceWhereInput | null> {
  if (canManagePublicDatasets(p)) return { isPublic: true };
  const scoped = isWorkspaceScoped(p);
  // A company-scoped key never reaches a public dataset (spec): no need to read the company's opt-in for it.
  if (!scoped && p.kind !== "session") return null;
  if (!(await companyOptedIn(p))) return null;
  return scoped ? { isPublic: true, id: p.apiKey!.workspaceId ?? -1 } : { isPublic: true };
}

/** Whether the console offers the caller its "Public datasets" section (managers, opted-in companies' members). */
export async function mayBrowsePublicDatasets(p: Principal): Promise<boolean> {
  return !isWorkspaceScoped(p) && (await publicWorkspacesWhere(p)) !== null;
}

/** Prisma filter of the workspaces the caller may list: its company's, and the public ones it is granted. */
export async function listableWorkspacesWhere(p: Principal): Promise<Prisma.WorkspaceWhereInput> {
  const own = ownWorkspacesWhere(p);
  const published = await publicWorkspacesWhere(p);
  return published ? { OR: [own, published] } : own;
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

async function publicWorkspaceAccess(p: Principal, workspace: Workspace): Promise<WorkspaceAccess | null> {
  if (canManagePublicDatasets(p)) return { workspace, memberRole: null, effectiveRole: "owner", canSeeMembers: true };
  const granted = await publicWorkspacesWhere(p);
  if (!granted || (isWorkspaceScoped(p) && workspace.id !== p.apiKey!.workspaceId)) return null;
  // Read-only whatever role a key or a membership names: writes answer 403 through requireRole.
  return { workspace, memberRole: null, effectiveRole: "viewer", canSeeMembers: false };
}

/**
 * `workspace.members`, when given, holds the caller's membership rows of that workspace (at most one, loaded
 * with the workspace: a list of workspaces then costs no statement per row).
 */
export async function workspaceAccess(p: Principal, workspace: Workspace & { members?: WorkspaceMember[] }): Promise<WorkspaceAccess | null> {
  if (workspace.isPublic) return publicWorkspaceAccess(p, workspace);
  if (isWorkspaceScoped(p)) {
    if (workspace.id !== p.apiKey!.workspaceId || workspace.companyId !== p.companyId) return null;
    const role = p.apiKey!.workspaceRole ?? "viewer";
    return { workspace, memberRole: role, effectiveRole: role, canSeeMembers: role === "owner" };
  }
  const sameCompany = workspace.companyId === p.companyId;
  const membership = !sameCompany
    ? null
    : workspace.members
      ? (workspace.members.find((m) => m.userId === p.user.id) ?? null)
      : await db().workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId: workspace.id, userId: p.user.id } } });
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
  if (access.workspace.companyId !== p.companyId && !access.workspace.isPublic) {
    throw forbidden("Workspaces of another company cannot be changed.");
  }
  requireRole(access, "owner");
  return access;
}

/**
 * A workspace the caller may grant to a workspace-scoped key of its company: one it manages, or a public
 * dataset its company reads, granted by a company admin (the key reads it whatever role it names).
 */
export async function findGrantableWorkspace(p: Principal, id: number): Promise<WorkspaceAccess> {
  const workspace = await db().workspace.findUnique({ where: { id } });
  // Whether the admin calls with a session or a company-scoped key: granting is a company admin's act.
  if (workspace?.isPublic && !canManagePublicDatasets(p) && !isWorkspaceScoped(p) && (await companyOptedIn(p))) {
    if (!isCompanyAdmin(p)) throw forbidden("Only company admins grant public datasets to API keys.");
    return { workspace, memberRole: null, effectiveRole: "viewer", canSeeMembers: false };
  }
  return findManageableWorkspace(p, id);
}

/**
 * Access to a workspace's documents (files, chunks, pages): those of the caller's company, and of the public
 * datasets it is granted. Instance-level users read other companies' workspaces (the resource), never their
 * documents; null is a 404 for the caller.
 */
export async function documentAccess(p: Principal, workspace: Workspace): Promise<WorkspaceAccess | null> {
  if (workspace.companyId !== p.companyId && !workspace.isPublic) return null;
  return workspaceAccess(p, workspace);
}

export interface DocumentScope {
  /** Workspaces whose documents the caller may read; never empty-means-all. */
  workspaceIds: number[];
  /** The companies holding them (the caller's own first): search statistics span exactly these. */
  companyIds: number[];
  /** The company holding each of `workspaceIds`. */
  companyOf: ReadonlyMap<number, number>;
}

/** Every workspace whose documents the caller may read: its own company's and the public ones it is granted. */
export async function readableDocumentScope(p: Principal): Promise<DocumentScope> {
  const rows = await db().workspace.findMany({ where: await listableWorkspacesWhere(p), select: { id: true, companyId: true } });
  const others = new Set(rows.map((r) => r.companyId).filter((c) => c !== p.companyId));
  return {
    workspaceIds: rows.map((r) => r.id),
    companyIds: [p.companyId, ...others],
    companyOf: new Map(rows.map((r) => [r.id, r.companyId])),
  };
}

/** Ids of the workspaces whose documents the caller may read. */
export async function readableWorkspaceIds(p: Principal): Promise<number[]> {
  return (await readableDocumentScope(p)).workspaceIds;
}
