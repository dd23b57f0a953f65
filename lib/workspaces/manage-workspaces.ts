// Workspace use cases: create, list, get, update, delete.

import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { canManagePublicDatasets, requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { ZWorkspaceCreate, ZWorkspaceListQuery, ZWorkspaceUpdate } from "@/lib/contracts/workspaces";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, forbidden } from "@/lib/errors";
import { removeFiles } from "@/lib/files/manage-files";
import { countFromPage, pageWindow } from "@/lib/pagination";
import { createDatasourceRow, prepareDatasource, prepareWorkspaceDeletion, startFirstRun } from "@/lib/sync/manage-datasource";
import { findAccessibleWorkspace, findManageableWorkspace, listableWorkspacesWhere, workspaceAccess } from "./access";
import { serializeWorkspaces } from "./serialize-workspace";
import { workspaceStats } from "./workspace-stats";

const nameTaken = (name: string) => new AppError("conflict", `A workspace named "${name}" already exists in your company.`);

/** Publishing (or unpublishing) a workspace as a public dataset needs the public-dataset management permission. */
function requirePublishing(p: Principal, isPublic: boolean | undefined): void {
  if (isPublic !== undefined && !canManagePublicDatasets(p)) {
    throw forbidden("Publishing workspaces as public datasets needs the public-dataset management permission.");
  }
}

export async function createWorkspace(p: Principal, input: z.output<typeof ZWorkspaceCreate>) {
  requireCompanyScope(p);
  requirePublishing(p, input.is_public);
  // A datasource is validated and its connection tested before anything is written.
  const prepared = input.datasource ? await prepareDatasource(input.datasource) : null;
  try {
    const { workspace, datasource } = await db().$transaction(async (tx) => {
      const ws = await tx.workspace.create({
        data: {
          companyId: p.companyId,
          name: input.name,
          description: input.description ?? "",
          workspaceType: input.workspace_type ?? "shared",
          storageQuotaMb: input.storage_quota_mb ?? null,
          isPublic: input.is_public ?? false,
          createdById: p.user.id,
        },
      });
      await tx.workspaceMember.create({ data: { workspaceId: ws.id, userId: p.user.id, role: "owner" } });
      if (!prepared) return { workspace: ws, datasource: null };
      const datasource = await createDatasourceRow(tx, ws, prepared);
      return { workspace: { ...ws, documentUploadMethod: "sync" }, datasource };
    });
    await recordAudit({ principal: p, action: "Workspace created", metadata: { workspace_id: workspace.id } });
    if (datasource && prepared) await startFirstRun(datasource, prepared);
    const access = await workspaceAccess(p, workspace);
    return (await serializeWorkspaces([access!], true))[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function listWorkspaces(p: Principal, query: z.output<typeof ZWorkspaceListQuery>) {
  const where = {
    AND: [
      await listableWorkspacesWhere(p),
      query.name ? { name: { contains: query.name, mode: "insensitive" as const } } : {},
      query.is_public !== undefined ? { isPublic: query.is_public } : {},
    ],
  };
  const pageRows = pageWindow(query);
  // The caller's own membership rows come with the workspaces (one statement, not one per row).
  const rows = await db().workspace.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { members: { where: { userId: p.user.id } } },
    ...pageRows,
  });
  const count = countFromPage(pageRows, rows.length) ?? (await db().workspace.count({ where }));
  const accesses = (await Promise.all(rows.map((w) => workspaceAccess(p, w)))).filter((a) => a !== null);
  return { count, results: await serializeWorkspaces(accesses, false) };
}

export async function getWorkspace(p: Principal, id: number) {
  const access = await findAccessibleWorkspace(p, id);
  return (await serializeWorkspaces([access], true))[0];
}

export async function updateWorkspace(p: Principal, id: number, input: z.output<typeof ZWorkspaceUpdate>) {
  requirePublishing(p, input.is_public);
  await findManageableWorkspace(p, id);
  try {
    await db().workspace.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        workspaceType: input.workspace_type,
        storageQuotaMb: input.storage_quota_mb,
        isPublic: input.is_public,
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name ?? "");
    throw err;
  }
  await recordAudit({ principal: p, action: "Workspace updated", metadata: { workspace_id: id, changes: Object.keys(input) } });
  return getWorkspace(p, id);
}

export async function deleteWorkspace(p: Principal, id: number, force: boolean) {
  const { workspace } = await findManageableWorkspace(p, id);
  if (workspace.isDefault) {
    throw new AppError("bad_request", "The company's default workspace cannot be deleted.");
  }
  await prepareWorkspaceDeletion(id, force);
  const stats = (await workspaceStats([id])).get(id);
  if (stats && stats.filesCount > 0 && !force) {
    throw new AppError(
      "bad_request",
      `The workspace holds ${stats.filesCount} document(s); delete them first or pass force=true to delete them with it.`,
    );
  }
  // Files go first through the files module, so their stored bytes and ingestion jobs go with them.
  const files = await db().file.findMany({ where: { workspaceId: id } });
  if (files.length) await removeFiles(workspace.companyId, files);
  await db().workspace.delete({ where: { id } });
  await recordAudit({ principal: p, action: "Workspace deleted", metadata: { workspace_id: id, force } });
}
