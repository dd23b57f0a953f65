import { iso } from "@/lib/contracts/common";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { db } from "@/lib/db/client";
import type { User, WorkspaceMember } from "@/lib/db/generated/client";
import { syncOfWorkspaces } from "@/lib/sync/workspace-sync";
import type { WorkspaceAccess } from "./access";
import { workspaceStats } from "./workspace-stats";

export const userRef = (u: Pick<User, "id" | "firstName" | "lastName" | "username">) => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  username: u.username,
});

export function serializeMember(m: WorkspaceMember & { user: User }) {
  return {
    user_id: m.userId,
    username: m.user.username,
    first_name: m.user.firstName,
    last_name: m.user.lastName,
    email: m.user.email,
    role: m.role,
    created_at: m.createdAt.toISOString(),
  };
}

/** Serialises workspaces for one caller; members and scoped keys only where the caller may see them. */
export async function serializeWorkspaces(accesses: WorkspaceAccess[], withMembers: boolean): Promise<TWorkspace[]> {
  const ids = accesses.map((a) => a.workspace.id);
  const managerIds = accesses.filter((a) => a.canSeeMembers).map((a) => a.workspace.id);
  const [stats, syncs, members, keys] = await Promise.all([
    workspaceStats(ids),
    syncOfWorkspaces(ids),
    withMembers && managerIds.length
      ? db().workspaceMember.findMany({ where: { workspaceId: { in: managerIds } }, include: { user: true }, orderBy: { createdAt: "asc" } })
      : Promise.resolve([]),
    managerIds.length
      ? db().apiKey.findMany({
          where: { workspaceId: { in: managerIds }, scopeType: "workspace", revokedAt: null },
          include: { user: true },
          orderBy: { createdAt: "desc" },
        })
      : Promise.resolve([]),
  ]);
  return accesses.map(({ workspace: w, memberRole, effectiveRole, canSeeMembers }) => ({
    id: w.id,
    name: w.name,
    description: w.description,
    workspace_type: w.workspaceType as TWorkspace["workspace_type"],
    document_upload_method: w.documentUploadMethod as TWorkspace["document_upload_method"],
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    files_count: stats.get(w.id)?.filesCount ?? 0,
    used_storage: stats.get(w.id)?.usedStorage ?? 0,
    storage_quota_mb: w.storageQuotaMb,
    is_default: w.isDefault,
    is_public: w.isPublic,
    user_role: memberRole ?? "",
    effective_role: effectiveRole ?? "viewer",
    summaries: [],
    sync: syncs.get(w.id) ?? null,
    scoped_api_keys: keys
      // Keys of the workspace's own company: the keys other companies hold on a public dataset are theirs.
      .filter((k) => k.workspaceId === w.id && k.companyId === w.companyId)
      .map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        role: k.workspaceRole ?? "viewer",
        created_at: iso(k.createdAt)!,
        created_by: userRef(k.user),
        scope_type: "workspace" as const,
      })),
    ...(withMembers && canSeeMembers ? { members: members.filter((m) => m.workspaceId === w.id).map(serializeMember) } : {}),
  }));
}
