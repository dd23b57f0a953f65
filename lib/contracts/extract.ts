// Extract: typed fields out of a document (upload, URL or ingested file) into a caller's JSON Schema,
// synchronously or as a job whose results are read 15 rows at a time.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { zBodyId, zTimestamp } from "./common";

/** Fixed by the spec: rows of `result.data` per page of GET /extract/{job_id}. */
export const EXTRACT_PAGE_SIZE = 15;

export const GRANULARITIES = ["document", "page", "record", "auto"] as const;

export const ZExtractOptions = z
  .object({
    async: z.boolean().default(false).describe("Return 202 at once with a job id instead of waiting"),
    page_range: z.string().max(2000).optional().describe('Pages to extract from, e.g. "2-5" or "1,3,5-7" (1-based), as for parse'),
    granularity: z
      .enum(GRANULARITIES)
      .default("auto")
      .describe(
        "document: one row; page: one row per page; record: one row per repeated record (table rows, repeated sections); auto: record when the document repeats the schema's fields, else document",
      ),
  })
  .strict();
export type TExtractOptions = z.output<typeof ZExtractOptions>;

const zSchemaObject = z.record(z.string(), z.unknown()).describe("JSON Schema of an object with properties (draft 2020-12 or draft-07)");

export const ZExtractJsonBody = z.object({
  document: z.string().max(4000).optional().describe("http(s) URL of the document"),
  file_id: zBodyId.optional().describe("An ingested file of your company that you can read"),
  schema: zSchemaObject,
  options: ZExtractOptions.optional(),
});
export const ZExtractMultipartBody = z.object({
  file: z.string().meta({ format: "binary" }).optional().describe("The document"),
  document: z.string().optional().describe("http(s) URL of the document (instead of `file`)"),
  file_id: z.string().optional().describe("Id of an ingested file (instead of `file`)"),
  schema: z.string().describe("The JSON Schema as a JSON string"),
  options: z.string().optional().describe("ExtractOptions as a JSON string"),
});

export const ZExtractPagination = z.object({
  page: z.number().int(),
  page_size: z.number().int().describe("Always 15"),
  total_items: z.number().int(),
  total_pages: z.number().int().describe("0 while there are no rows"),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const ZExtractJob = z
  .object({
    id: z.string().describe("ext_<token>"),
    status: z.enum(["pending", "processing", "completed", "failed"]),
    created_at: zTimestamp.nullable(),
    completed_at: zTimestamp.nullable().describe("null while in flight"),
    processing_time_ms: z.number().int().nullable(),
    document: z.object({
      filename: z.string(),
      page_count: z.number().int().nullable().describe("Pages of the whole document; null until known"),
      file_size_bytes: z.number().int(),
      mime_type: z.string().nullable().describe("null until detected"),
    }),
    result: z.object({
      data: z
        .array(z.record(z.string(), z.unknown()))
        .describe("Rows keyed by the schema's properties (missing values are null); empty until completed"),
      pagination: ZExtractPagination,
    }),
    usage: z.object({ pages_processed: z.number().int().describe("Pages billed; 0 until completed") }),
    progress: z.object({
      percentage: z.number().describe("0–100: the first half converts pages, the second extracts"),
      pages_processed: z.number().int().describe("Pages the extractor has consumed"),
    }),
    error: z.object({ error: z.string(), detail: z.string() }).nullable().describe("Only on failure: the error code and its detail"),
  })
  .meta({ id: "ExtractJob" });
export type TExtractJob = z.infer<typeof ZExtractJob>;

const tag = "Extract";

export const extractEndpoints = {
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/extract",
    tag,
    category: "extract",
    auth: "required",
    metered: "extraction",
    summary: "Extract typed fields into a JSON Schema (sync, or async with options.async)",
    description: [
      "Exactly one document source: multipart `file`, a `document` URL, or `file_id` (an ingested file of your company that you can read).",
      "`schema` is required: a JSON Schema of an object with properties (an object in JSON bodies, a JSON string in multipart; 422 `fields.schema` otherwise).",
      "Supported types: .pdf, .png, .jpg, .jpeg, .pptx, .ppt, .odp, .docx, .odt, .doc, .html.",
      "Synchronous: at most 15 pages (after page_range) and 20 MB; 200 with the completed job and the first 15 rows.",
      "Asynchronous (`options.async`): at most 1000 pages and 100 MB; 202 with the pending job to poll.",
      "A failed synchronous extraction answers its error (extraction_failed 500, extraction_timeout 504, extraction_upstream_error 502) with the job id in `id`; GET shows the job as failed with its `error` block.",
      "Metered as `extraction`, by pages processed.",
    ].join(" "),
    rawBody: true,
    bodyByKind: { multipart: ZExtractMultipartBody, json: ZExtractJsonBody },
    responses: {
      200: { description: "Completed extract job (synchronous), first page of rows", schema: ZExtractJob },
      202: { description: "Accepted extract job (asynchronous)", schema: ZExtractJob },
    },
    errors: [
      "ambiguous_input",
      "missing_input",
      "no_file",
      "unsupported_file_format",
      "invalid_page_range",
      "max_pages_exceeded",
      "payload_too_large",
      "not_found",
      "document_file_not_found",
      "extraction_failed",
      "extraction_timeout",
      "extraction_upstream_error",
      "file_rendering_failed",
      "ocr_concurrent_limit",
      "bad_request",
    ],
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/extract/{job_id}",
    tag,
    category: "extract",
    auth: "required",
    summary: "Poll an extract job and page through its rows",
    description:
      "Any status. `result.data` holds rows (page-1)*15 … page*15-1. `page` must be a positive integer (else 400 invalid_page) and at most `total_pages` (else 400 page_out_of_range; page 1 is always valid, also while in flight or when there are no rows). Failed jobs carry an `error` block {error, detail}. Visible to the job's creator and the company's admins (a workspace-scoped key: only the jobs it created); a job extracted from an ingested file (`file_id`) only while the caller can read that file. Malformed, unknown and hidden ids answer 404.",
    params: z.object({ job_id: z.string().max(200) }),
    query: z.object({ page: z.string().max(50).optional().describe("1-based page of result.data (15 rows each), default 1") }),
    responses: { 200: { description: "Extract job in any status", schema: ZExtractJob } },
    errors: ["not_found", "invalid_page", "page_out_of_range"],
  }),
};
