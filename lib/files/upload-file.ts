// Uploads: stream the multipart file to a temp file, check the workspace role and quotas, detect the
// type from the bytes, store the bytes, create the file row with its tags, start ingestion.
// Nothing is half-written: a failure after storing removes the bytes; a failure to enqueue removes both.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { ZExternalMetadata } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import type { Prisma, Workspace } from "@/lib/db/generated/client";
import { detectType } from "@/lib/documents/detect";
import { env } from "@/lib/env";
import { AppError, fieldError, notFound } from "@/lib/errors";
import { parseMultipart } from "@/lib/http/multipart";
import { parseWith } from "@/lib/http/validation";
import { startIngestion } from "@/lib/ingestion/start-ingestion";
import { storage } from "@/lib/storage/storage";
import { findAccessibleWorkspace, requireRole } from "@/lib/workspaces/access";
import { assertQuota } from "./quotas";
import { serializeFiles } from "./serialize-file";
import { recordStorageFootprint } from "./storage-footprint";

/** Kinds converted by LibreOffice before parsing start in `pending_conversion`. */
const NEEDS_CONVERSION = new Set(["doc", "ppt"]);

function parseIdList(raw: string | undefined, field: string): number[] {
  if (raw === undefined || raw.trim() === "") return [];
  let values: unknown;
  try {
    values = raw.trim().startsWith("[") ? JSON.parse(raw) : raw.split(",").map((s) => s.trim());
  } catch {
    throw fieldError(field, 'Must be a list of integers: "1,2" or [1,2].');
  }
  const ids = parseWith(z.array(z.coerce.number().int().min(1)).max(200), values, field);
  return [...new Set(ids)];
}

function parseJsonField<S extends z.ZodType>(schema: S, raw: string | undefined, field: string): z.output<S> | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError(field, "Must be a JSON object.");
  }
  return parseWith(schema, value, field);
}

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
  if (access.workspace.companyId !== p.companyId) throw notFound("Workspace");
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

export async function uploadFile(p: Principal, req: Request, target: UploadTarget = {}) {
  if (!req.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "Upload files as multipart/form-data with a `file` field.");
  }
  const form = await parseMultipart(req, { maxFileBytes: env().FILE_UPLOAD_MAX_BYTES, maxFiles: 1 });
  try {
    const upload = form.files.find((f) => f.field === "file");
    if (!upload || upload.size === 0) throw new AppError("no_file", upload ? "The uploaded file is empty." : "Attach the document in the `file` field.");
    const fields = form.fields;
    const workspaceId =
      target.workspaceId ?? (fields.workspace_id ? parseWith(z.coerce.number().int().min(1), fields.workspace_id, "workspace_id") : undefined);
    const workspace = await resolveUploadWorkspace(p, workspaceId);
    const tagIds = parseIdList(fields.tag_ids, "tag_ids");
    const externalMetadata = parseJsonField(ZExternalMetadata, fields.external_metadata, "external_metadata");
    const title = fields.title?.trim() ? parseWith(z.string().max(500), fields.title.trim(), "title") : undefined;
    await validateTagIds(p.companyId, tagIds);
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
            companyId: p.companyId,
            workspaceId: workspace.id,
            filename,
            title: title ?? (filename.replace(/\.[^.]+$/, "") || filename),
            extension: (path.extname(filename).slice(1) || type.extension).toLowerCase(),
            mimeType: type.mimeType,
            size: stored.size,
            sha256: stored.sha256,
            storageKey,
            status: NEEDS_CONVERSION.has(type.kind) ? "pending_conversion" : "pending",
            externalMetadata: externalMetadata ? (externalMetadata as Prisma.InputJsonValue) : undefined,
            externalId: externalMetadata?.external_id ?? null,
            externalDocType: externalMetadata?.doc_type ?? null,
            createdById: p.user.id,
            uploadSessionId: target.uploadSessionId ?? null,
          },
        });
        if (tagIds.length) await tx.fileTag.createMany({ data: tagIds.map((tagId) => ({ fileId: file.id, tagId })) });
        await recordStorageFootprint(p.companyId, tx);
        return file.id;
      });
    } catch (err) {
      await storage().delete(storageKey);
      throw err;
    }
    try {
      await startIngestion(fileId, 1, p.companyId);
    } catch (err) {
      await db().file.delete({ where: { id: fileId } });
      await storage().delete(storageKey);
      await recordStorageFootprint(p.companyId);
      throw err;
    }
    const file = await db().file.findUniqueOrThrow({ where: { id: fileId } });
    return (await serializeFiles([file]))[0];
  } finally {
    await form.cleanup();
  }
}
