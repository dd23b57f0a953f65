// File resource, tags on files, upload sessions.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZUserRef, zBodyId, zFormId, zIntId, zTimestamp } from "./common";

export const FILE_STATUSES = [
  "converting",
  "embedded",
  "embedding",
  "embedding_failed",
  "fail",
  "parsed",
  "parsing",
  "parsing_failed",
  "pending",
  "pending_conversion",
  "updating",
] as const;
export const VISION_STATUSES = ["-", "embedded", "fail", "pending", "processing"] as const;

export const ZExternalMetadata = z
  .object({
    external_id: z.string().max(500).optional(),
    doc_type: z.string().max(200).optional(),
    additional_metadata: z.record(z.string(), z.unknown()).optional().describe("Free-form; may hold external_url"),
  })
  .strict();

export const ZFileTagRef = z.object({ id: z.number().int(), name: z.string(), auto_assigned: z.boolean() });

export const ZFile = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    title: z.string(),
    extension: z.string(),
    workspace: z.object({
      id: z.number().int(),
      name: z.string(),
      workspace_type: z.string(),
      is_public: z.boolean().describe("The file belongs to a public dataset (read-only unless the caller manages public datasets)"),
    }),
    summaries: z.array(z.object({ language: z.string(), summary: z.string() })),
    status: z.enum(FILE_STATUSES),
    status_vision: z.enum(VISION_STATUSES),
    status_detail: z.string().nullable().describe("Why processing failed, when it did"),
    created_at: zTimestamp,
    updated_at: zTimestamp,
    total_pages: z.number().int(),
    size: z.number().int().describe("Bytes"),
    tags: z.array(ZFileTagRef),
    created_by: ZUserRef.nullable(),
    external_metadata: ZExternalMetadata.nullable(),
    content_types: z.array(z.object({ path: z.string(), label: z.string() })),
    thumbnail: z.object({ status: z.enum(["READY", "PENDING", "UNAVAILABLE"]), url: z.string().nullable() }),
    // detail=true
    content_preview: z.string().optional().describe("detail=true: the first ~1000 characters of the Markdown"),
    chunk_count: z.number().int().optional().describe("detail=true"),
    mime_type: z.string().nullable().optional().describe("detail=true"),
    summary: z.string().nullable().optional().describe("detail=true: the summary in the document's language"),
    // search=
    chunks: z
      .array(
        z.object({
          content: z.string(),
          page: z.number().int(),
          heading: z.string(),
          scores: z.object({ relevance: z.null(), lexical: z.number().nullable(), semantic: z.number().nullable() }),
        }),
      )
      .optional()
      .describe("search_details=true: top relevant chunks"),
    score: z.number().optional().describe("search_details=true: combined retrieval score"),
  })
  .meta({ id: "File" });
export type TFile = z.infer<typeof ZFile>;

/** A form field that may be left empty: "" and whitespace-only count as absent. */
const blankAsAbsent = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v);

/** Tag ids in a form field: "1,2" or a JSON array [1,2]; duplicates dropped. */
const zFormIdList = z
  .string()
  .optional()
  .transform((raw, ctx): unknown => {
    const text = blankAsAbsent(raw)?.trim();
    if (text === undefined) return [];
    if (!text.startsWith("[")) return text.split(",").map((s) => s.trim());
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: 'Must be a list of integers: "1,2" or [1,2].' });
      return z.NEVER;
    }
  })
  .pipe(z.array(zIntId).max(200))
  .transform((ids) => [...new Set(ids)]);

/** ExternalMetadata sent as a JSON string. */
const zFormExternalMetadata = z
  .string()
  .optional()
  .transform((raw, ctx): unknown => {
    const text = blankAsAbsent(raw);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "Must be a JSON object." });
      return z.NEVER;
    }
  })
  .pipe(ZExternalMetadata.optional());

/** The text fields of the upload form, validated and typed (the `file` part is the document itself). */
export const ZFileUploadFields = z.object({
  workspace_id: z
    .string()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(zFormId.optional())
    .optional()
    .describe("Target workspace (default: the company's default workspace)"),
  title: z
    .string()
    .optional()
    .transform((v) => blankAsAbsent(v)?.trim())
    .pipe(z.string().max(500).optional())
    .describe("Default: the file name without extension"),
  tag_ids: zFormIdList.describe('Tag ids: "1,2" or a JSON array'),
  external_metadata: zFormExternalMetadata.describe("ExternalMetadata as a JSON string"),
});
export type TFileUploadFields = z.output<typeof ZFileUploadFields>;

/** The multipart body as documented: the document plus the text fields. */
export const ZFileUploadForm = z.object({
  file: z.string().meta({ format: "binary" }).describe("The document"),
  ...ZFileUploadFields.shape,
});
/** Uploads into a session go to the session's workspace: `workspace_id` is not read. */
export const ZSessionUploadFields = ZFileUploadFields.omit({ workspace_id: true });

export const ZFileUpdate = z
  .object({
    title: z.string().trim().min(1).max(500).optional(),
    tag_ids: z.array(zBodyId).max(200).optional().describe("Replaces the manually assigned tags"),
    external_metadata: ZExternalMetadata.nullable().optional(),
    workspace_id: zBodyId.optional().describe("Move the file to another workspace"),
  })
  .strict();

export const ZBulkDelete = z.object({ ids: z.array(zBodyId).min(1).max(1000) });
export const ZFileIdParams = z.object({ id: zIntId });

export const ZUploadSession = z
  .object({ uuid: z.uuid(), workspace_id: z.number().int(), expires_at: zTimestamp, created_at: zTimestamp })
  .meta({ id: "UploadSession" });

const tag = "Files";
const category = "files" as const;
const uploadErrors = [
  "payload_too_large",
  "unsupported_file_format",
  "no_file",
  "UPLOADS_DISABLED",
  "STORAGE_LIMIT_REACHED",
  "not_found",
  "insufficient_permissions",
] as const;

export const fileEndpoints = {
  upload: defineEndpoint({
    method: "POST",
    path: "/api/v3/files",
    tag,
    category,
    auth: "required",
    metered: "ingestion",
    summary: "Upload a document into a workspace; ingestion starts at once",
    description:
      "Multipart upload, streamed to storage. The file is parsed, chunked and embedded in the background: poll its `status` until `embedded` (or a failure status with `status_detail`).",
    rawBody: true,
    bodyByKind: { multipart: ZFileUploadForm },
    responses: { 201: { description: "The new file", schema: ZFile } },
    errors: uploadErrors,
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/files/{id}",
    tag,
    category,
    auth: "required",
    summary: "Fetch a file (with the detail fields)",
    params: ZFileIdParams,
    responses: { 200: { description: "File", schema: ZFile } },
    errors: ["not_found"],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/files/{id}",
    tag,
    category,
    auth: "required",
    summary: "Update title, tags, external metadata, or move to another workspace (editors)",
    params: ZFileIdParams,
    body: ZFileUpdate,
    responses: { 200: { description: "File", schema: ZFile } },
    errors: ["not_found", "insufficient_permissions", "bad_request", "STORAGE_LIMIT_REACHED", "UPLOADS_DISABLED"],
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/files/{id}",
    tag,
    category,
    auth: "required",
    summary: "Delete a file with its chunks, vectors and stored bytes (editors)",
    params: ZFileIdParams,
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found", "insufficient_permissions", "bad_request"],
  }),
  bulkDelete: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/bulk-delete",
    tag,
    category,
    auth: "required",
    summary: "Delete several files, all or nothing",
    description:
      "404 if any id is not visible, 403 if any file may not be deleted by the caller, 400 if any is in a sync-managed workspace; otherwise every file is deleted (204).",
    body: ZBulkDelete,
    responses: { 204: { description: "All deleted" } },
    errors: ["not_found", "insufficient_permissions", "bad_request"],
  }),
  pages: defineEndpoint({
    method: "GET",
    path: "/api/v3/files/{id}/pages",
    tag,
    category,
    auth: "required",
    summary: "The parsed Markdown of a file, page by page",
    params: ZFileIdParams,
    responses: {
      200: {
        description: "Pages",
        schema: z.object({ pages: z.array(z.object({ page: z.number().int(), markdown: z.string(), ocr: z.boolean() })) }),
      },
    },
    errors: ["not_found"],
  }),
  content: defineEndpoint({
    method: "GET",
    path: "/api/v3/files/{id}/content",
    tag,
    category,
    auth: "required",
    summary: "Download the original bytes",
    params: ZFileIdParams,
    responses: { 200: { description: "The original document", contentType: "application/octet-stream" } },
    errors: ["not_found", "document_file_not_found"],
  }),
  preview: defineEndpoint({
    method: "GET",
    path: "/api/v3/files/{id}/preview",
    tag,
    category,
    auth: "required",
    summary: "The document as PDF (PDFs as they are, images wrapped, office and HTML converted)",
    params: ZFileIdParams,
    responses: { 200: { description: "PDF", contentType: "application/pdf" } },
    errors: ["not_found", "unsupported_format", "unsupported_file_format", "payload_too_large", "file_rendering_failed"],
  }),
  thumbnail: defineEndpoint({
    method: "GET",
    path: "/api/v3/files/{id}/thumbnail",
    tag,
    category,
    auth: "required",
    summary: "PNG thumbnail of the first page",
    params: ZFileIdParams,
    responses: { 200: { description: "PNG", contentType: "image/png" } },
    errors: ["not_found"],
  }),
  createSession: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/upload-sessions",
    tag,
    category,
    auth: "required",
    summary: "Open an upload session for a batch of files",
    body: z.object({ workspace_id: zBodyId.optional() }),
    bodyOptional: true,
    responses: { 201: { description: "Session", schema: ZUploadSession } },
    errors: ["not_found", "insufficient_permissions"],
  }),
  uploadToSession: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/upload-sessions/{uuid}/files",
    tag,
    category,
    auth: "required",
    metered: "ingestion",
    summary: "Upload one file of a batch into the session's workspace",
    params: z.object({ uuid: z.string().max(100) }),
    rawBody: true,
    bodyByKind: { multipart: ZFileUploadForm.omit({ workspace_id: true }) },
    responses: { 201: { description: "The new file", schema: ZFile } },
    errors: ["upload_session_not_found", "upload_session_expired", ...uploadErrors],
  }),
};
