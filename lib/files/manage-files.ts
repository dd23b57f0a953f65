// Single-file operations and the all-or-nothing bulk delete.
import type { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import type { ZFileUpdate } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import { type File, Prisma } from "@/lib/db/generated/client";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { cancelIngestion } from "@/lib/ingestion/start-ingestion";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage/storage";
import { documentAccess, hasRole } from "@/lib/workspaces/access";
import { findEditableFile, findReadableFile } from "./file-access";
import { assertQuota } from "./quotas";
import { serializeFiles } from "./serialize-file";
import { recordStorageFootprint } from "./storage-footprint";
import { resolveUploadWorkspace, validateTagIds } from "./upload-file";

export async function getFile(p: Principal, id: number) {
  const { file } = await findReadableFile(p, id);
  return (await serializeFiles([file], { detail: true }))[0];
}

export async function getFilePages(p: Principal, id: number) {
  await findReadableFile(p, id);
  const pages = await db().filePage.findMany({ where: { fileId: id }, orderBy: { page: "asc" } });
  return { pages: pages.map((pg) => ({ page: pg.page, markdown: pg.markdown, ocr: pg.ocr })) };
}

export async function updateFile(p: Principal, id: number, input: z.output<typeof ZFileUpdate>) {
  const { file } = await findEditableFile(p, id, "change");
  // Tags belong to the company holding the file (a public dataset's, for its managers).
  if (input.tag_ids) await validateTagIds(file.companyId, input.tag_ids);
  let targetWorkspaceId: number | undefined;
  if (input.workspace_id !== undefined && input.workspace_id !== file.workspaceId) {
    const target = await resolveUploadWorkspace(p, input.workspace_id);
    if (target.companyId !== file.companyId) throw notFound("Workspace");
    await assertQuota(target, file.size);
    targetWorkspaceId = target.id;
  }
  await db().$transaction(async (tx) => {
    const meta = input.external_metadata;
    await tx.file.update({
      where: { id },
      data: {
        title: input.title,
        ...(meta !== undefined
          ? {
              externalMetadata: meta === null ? Prisma.DbNull : (meta as Prisma.InputJsonValue),
              externalId: meta?.external_id ?? null,
              externalDocType: meta?.doc_type ?? null,
            }
          : {}),
        ...(targetWorkspaceId ? { workspaceId: targetWorkspaceId } : {}),
      },
    });
    if (targetWorkspaceId) await tx.chunk.updateMany({ where: { fileId: id }, data: { workspaceId: targetWorkspaceId } });
    if (input.tag_ids) {
      // Manual tags are replaced; tags the system assigned stay unless named again.
      await tx.fileTag.deleteMany({ where: { fileId: id, autoAssigned: false, tagId: { notIn: input.tag_ids } } });
      await tx.fileTag.createMany({ data: input.tag_ids.map((tagId) => ({ fileId: id, tagId })), skipDuplicates: true });
    }
  });
  return getFile(p, id);
}

function assertNotSynced(workspaceMethod: string): void {
  if (workspaceMethod === "sync") {
    throw new AppError("bad_request", "Files of a sync-managed workspace are deleted by their datasource, not by hand.");
  }
}

/** Removes rows (chunks, pages and tags cascade) first, then stored bytes, then stops ingestion. */
export async function removeFiles(companyId: number, files: File[]): Promise<void> {
  const ids = files.map((f) => f.id);
  await db().$transaction(async (tx) => {
    await tx.file.deleteMany({ where: { id: { in: ids }, companyId } });
    await recordStorageFootprint(companyId, tx);
  });
  for (const f of files) {
    await cancelIngestion(f.id, f.contentVersion).catch(() => false);
    try {
      await storage().deletePrefix(f.storageKey.replace(/\/[^/]+$/, ""));
      await storage().deletePrefix(`files/${f.id}`);
    } catch (err) {
      log.warn("stored bytes of a deleted file could not be removed", { fileId: f.id, err });
    }
  }
}

export async function deleteFile(p: Principal, id: number) {
  const { file, access } = await findEditableFile(p, id, "delete");
  assertNotSynced(access.workspace.documentUploadMethod);
  await removeFiles(file.companyId, [file]);
}

/** All or nothing: 404 if any file is not visible, 403 if any may not be deleted, 400 if any is synced. */
export async function bulkDeleteFiles(p: Principal, ids: number[]) {
  const unique = [...new Set(ids)];
  const files = await db().file.findMany({ where: { id: { in: unique } }, include: { workspace: true } });
  const accesses = await Promise.all(files.map(async (f) => ({ f, access: await documentAccess(p, f.workspace) })));
  const visible = accesses.filter((a) => a.access !== null);
  // One answer for missing and inaccessible ids alike, so nothing is disclosed about either.
  if (visible.length !== unique.length)
    throw new AppError("not_found", "One or more of the files do not exist or are not accessible; nothing was deleted.");
  const denied = visible.filter((a) => !hasRole(a.access!, "editor"));
  if (denied.length) throw forbidden(`You may not delete files: ${denied.map((a) => a.f.id).join(", ")}.`);
  const synced = visible.filter((a) => a.f.workspace.documentUploadMethod === "sync");
  if (synced.length) {
    throw new AppError("bad_request", `Files in sync-managed workspaces cannot be deleted: ${synced.map((a) => a.f.id).join(", ")}.`);
  }
  // Grouped by the company holding them: a public-dataset manager may delete files of another company's dataset.
  const byCompany = new Map<number, File[]>();
  for (const { f } of visible) {
    const { workspace: _w, ...plain } = f;
    byCompany.set(f.companyId, [...(byCompany.get(f.companyId) ?? []), plain]);
  }
  for (const [companyId, group] of byCompany) await removeFiles(companyId, group);
}
