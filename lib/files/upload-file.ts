// Uploads: the HTTP layer has streamed the document to a scratch file and validated the form fields
// (lib/http/upload-form.ts); here: check the workspace role and quotas, detect the type from the bytes,
// store the bytes, create the file row with its tags, start ingestion.
// Nothing is half-written: a failure after storing removes the bytes; a failure to enqueue removes both.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Principal } from "@/lib/auth/principal";
import type { TFileUploadFields } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import type { Prisma, Workspace } from "@/lib/db/generated/client";
import { detectType } from "@/lib/documents/detect";
import { AppError, fieldError, notFound } from "@/lib/errors";
import { initialIngestionStatus } from "@/lib/ingestion/prepare-source";
import { startIngestion } from "@/lib/ingestion/start-ingestion";
import { storage } from "@/lib/storage/storage";
import type { UploadForm } from "@/lib/storage/uploaded-file";
import { findAccessibleWorkspace, requireRole } from "@/lib/workspaces/access";
import { assertQuota } from "./quotas";
import { serializeFiles } from "./serialize-file";
import { recordStorageFootprint } from "./storage-footprint";

export async function resolveUploadWorkspace(p: Principal, workspaceId: number | undefined): Promise<Workspace> {
  let id = workspaceId;
  if (id === undefined) {
    if (p.apiKey?.scopeType === "workspace") id = p.apiKey.workspaceId!;
    else {
      const def = await db().workspace.findFirst({ where: { companyId: p.companyId, isDefault: true } });
      if (!def) throw notFound("Default workspace");
      id = def.id;
    }
  }
  const access = await findAccessibleWorkspace(p, id);
  // Another company's workspace is never a target; a public dataset is, for whoever may edit it (managers).
  if (access.workspace.companyId !== p.companyId && !access.workspace.isPublic) throw notFound("Workspace");
  requireRole(access, "editor");
  if (access.workspace.documentUploadMethod === "sync") {
    throw new AppError("bad_request", "This workspace is synchronised from a datasource; documents cannot be uploaded by hand.");
  }
  return access.workspace;
}

export async function validateTagIds(companyId: number, ids: number[], field = "tag_ids"): Promise<void> {
  if (!ids.length) return;
  const found = await db().tag.count({ where: { companyId, id: { in: ids } } });
  if (found !== ids.length) throw fieldError(field, "Unknown tag id.", "invalid_choice");
}

export interface UploadTarget {
  workspaceId?: number;
  uploadSessionId?: string;
}

/** Takes the form's scratch file: it is moved to storage or removed, whatever happens. */
export async function uploadFile(p: Principal, form: UploadForm<TFileUploadFields>, target: UploadTarget = {}) {
  try {
    const { file: upload, fields } = form;
    const workspace = await resolveUploadWorkspace(p, target.workspaceId ?? fields.workspace_id);
    const { tag_ids: tagIds, external_metadata: externalMetadata, title } = fields;
    // The file belongs to the company holding the workspace (a public dataset's may be another company).
    const companyId = workspace.companyId;
    await validateTagIds(companyId, tagIds);
    await assertQuota(workspace, upload.size);

    const bytes = new Uint8Array(await fs.promises.readFile(upload.path));
    const type = await detectType(bytes, upload.filename);
    const filename = path.basename(upload.filename || `document.${type.extension}`);
    const storageKey = `files/${randomUUID()}/original`;
    const stored = await storage().putFile(storageKey, upload.path);
    let fileId: number;
    try {
      fileId = await db().$transaction(async (tx) => {
        const file = await tx.file.create({
          data: {
            companyId,
            workspaceId: workspace.id,
            filename,
            title: title ?? (filename.replace(/\.[^.]+$/, "") || filename),
            extension: (path.extname(filename).slice(1) || type.extension).toLowerCase(),
            // The detected type, kept: ingestion does not detect it again (lib/ingestion/prepare-source.ts).
            mimeType: type.mimeType,
            size: stored.size,
            sha256: stored.sha256,
            storageKey,
            status: initialIngestionStatus(type.kind),
            externalMetadata: externalMetadata ? (externalMetadata as Prisma.InputJsonValue) : undefined,
            externalId: externalMetadata?.external_id ?? null,
            externalDocType: externalMetadata?.doc_type ?? null,
            createdById: p.user.id,
            uploadSessionId: target.uploadSessionId ?? null,
          },
        });
        if (tagIds.length) await tx.fileTag.createMany({ data: tagIds.map((tagId) => ({ fileId: file.id, tagId })) });
        await recordStorageFootprint(companyId, tx);
        return file.id;
      });
    } catch (err) {
      await storage().delete(storageKey);
      throw err;
    }
    try {
      await startIngestion(fileId, 1, companyId);
    } catch (err) {
      await db().file.delete({ where: { id: fileId } });
      await storage().delete(storageKey);
      await recordStorageFootprint(companyId);
      throw err;
    }
    const file = await db().file.findUniqueOrThrow({ where: { id: fileId } });
    return (await serializeFiles([file]))[0];
  } finally {
    await form.cleanup();
  }
}
