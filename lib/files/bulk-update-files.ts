// POST /api/v3/files/bulk-update (beyond the spec): tags added or removed and a move to another workspace for
// many files, all or nothing. Every file is checked before any is changed, with the answers of bulk-delete:
// one 404 for missing and hidden ids alike, 403 when any file may not be edited; then the tags and the target
// workspace are checked as PATCH /files/{id} checks them, and one transaction changes everything.
import type { Principal } from "@/lib/auth/principal";
import type { TFileBulkUpdate } from "@/lib/contracts/files-bulk";
import { db } from "@/lib/db/client";
import type { File } from "@/lib/db/generated/client";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { hasRole } from "@/lib/workspaces/access";
import { type FileAccess, findReadableFile } from "./file-access";
import { assertQuota } from "./quotas";
import { serializeFiles } from "./serialize-file";
import { resolveUploadWorkspace, validateTagIds } from "./upload-file";

/** Each file with the caller's access, or the one 404 / 403 for the whole request. */
async function editableFiles(p: Principal, ids: number[]): Promise<File[]> {
  const found: FileAccess[] = [];
  for (const id of ids) {
    try {
      found.push(await findReadableFile(p, id));
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") {
        throw new AppError("not_found", "One or more of the files do not exist or are not accessible; nothing was changed.");
      }
      throw err;
    }
  }
  const denied = found.filter((fa) => !hasRole(fa.access, "editor"));
  if (denied.length) throw forbidden(`You may not change files: ${denied.map((fa) => fa.file.id).join(", ")}.`);
  return found.map((fa) => fa.file);
}

export async function bulkUpdateFiles(p: Principal, body: TFileBulkUpdate) {
  const ids = [...new Set(body.ids)];
  const files = await editableFiles(p, ids);
  const add = [...new Set(body.add_tag_ids ?? [])];
  const remove = [...new Set(body.remove_tag_ids ?? [])];
  // Tags belong to the company holding the files.
  for (const companyId of new Set(files.map((f) => f.companyId))) {
    await validateTagIds(companyId, add, "add_tag_ids");
    await validateTagIds(companyId, remove, "remove_tag_ids");
  }
  let moving: File[] = [];
  let targetId: number | undefined;
  if (body.workspace_id !== undefined) {
    const target = await resolveUploadWorkspace(p, body.workspace_id);
    if (files.some((f) => f.companyId !== target.companyId)) throw notFound("Workspace");
    moving = files.filter((f) => f.workspaceId !== target.id);
    if (moving.length)
      await assertQuota(
        target,
        moving.reduce((sum, f) => sum + f.size, 0),
      );
    targetId = target.id;
  }
  await db().$transaction(async (tx) => {
    if (targetId !== undefined && moving.length) {
      const movingIds = moving.map((f) => f.id);
      await tx.file.updateMany({ where: { id: { in: movingIds } }, data: { workspaceId: targetId } });
      await tx.chunk.updateMany({ where: { fileId: { in: movingIds } }, data: { workspaceId: targetId } });
    }
    if (remove.length) await tx.fileTag.deleteMany({ where: { fileId: { in: ids }, tagId: { in: remove } } });
    if (add.length) {
      await tx.fileTag.createMany({ data: ids.flatMap((fileId) => add.map((tagId) => ({ fileId, tagId }))), skipDuplicates: true });
    }
  });
  const updated = await db().file.findMany({ where: { id: { in: ids } } });
  const byId = new Map(updated.map((f) => [f.id, f]));
  return { results: await serializeFiles(ids.flatMap((id) => byId.get(id) ?? [])) };
}
