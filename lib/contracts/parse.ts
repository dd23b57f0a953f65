// Parse: a document (upload or URL) to Markdown, synchronously or as a job.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { zTimestamp } from "./common";

export const BUILTIN_PARSE_MODEL = "docintel-layout";
export const OCR_LANGUAGES = ["eng", "deu", "fra"] as const;

export const ZParseOptions = z
  .object({
    async: z.boolean().default(false).describe("Return 202 at once with a job id instead of waiting"),
    page_range: z.string().max(2000).optional().describe('Pages to parse, e.g. "2-5" or "1,3,5-7" (1-based)'),
    ocr: z.enum(["auto", "force", "off"]).default("auto").describe("auto: OCR only pages without a usable text layer"),
    ocr_languages: z
      .union([z.array(z.enum(OCR_LANGUAGES)).min(1).max(3), z.string().regex(/^[a-z]{3}([+, ][a-z]{3}){0,2}$/)])
      .optional()
      .describe('Tesseract languages: ["eng", "deu"] or "eng+deu" (default eng)'),
    links: z.boolean().default(false).describe("Keep hyperlinks as Markdown links [text](url); by default a link is replaced by its text"),
    model: z
      .string()
      .max(200)
      .optional()
      .describe(`Vision-language model; only "${BUILTIN_PARSE_MODEL}" (the built-in engine) unless one is configured`),
  })
  .strict();
export type TParseOptions = z.output<typeof ZParseOptions>;

export const ZParseJsonBody = z.object({
  document: z.string().max(4000).describe("http(s) URL of the document"),
  options: ZParseOptions.optional(),
});
export const ZParseMultipartBody = z.object({
  file: z.string().meta({ format: "binary" }).describe("The document"),
  options: z.string().optional().describe("ParseOptions as a JSON string"),
});

export const ZParseJob = z
  .object({
    id: z.string().describe("parse_<token>"),
    status: z.enum(["pending", "processing", "completed", "failed"]),
    created_at: zTimestamp,
    completed_at: zTimestamp.nullable(),
    processing_time_ms: z.number().int().nullable(),
    document: z.object({
      filename: z.string(),
      page_count: z.number().int().nullable().describe("null while in flight"),
      file_size_bytes: z.number().int(),
      mime_type: z.string().nullable(),
    }),
    result: z
      .object({
        markdown: z.string(),
        pages: z.array(z.object({ page: z.number().int().describe("1-based"), markdown: z.string() })),
      })
      .nullable()
      .describe("Only on success"),
    usage: z.object({ pages_processed: z.number().int(), ocr_pages: z.number().int() }).nullable(),
    progress: z.object({ percentage: z.number(), pages_processed: z.number().int() }).nullable().describe("While in flight"),
    error: z.object({ error: z.string(), detail: z.string() }).nullable().describe("Only on failure"),
  })
  .meta({ id: "ParseJob" });
export type TParseJob = z.infer<typeof ZParseJob>;

const tag = "Parse";

export const parseEndpoints = {
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/parse",
    tag,
    category: "parse",
    auth: "required",
    metered: "parsing",
    summary: "Convert a document to Markdown (sync, or async with options.async)",
    description:
      "Multipart with `file` (and `options` as a JSON string), or JSON with `document` (an http(s) URL) and `options`. Synchronous requests return 200 with the completed job; asynchronous ones 202 with the job to poll. Limits: 20 MB synchronous, 100 MB asynchronous.",
    rawBody: true,
    bodyByKind: { multipart: ZParseMultipartBody, json: ZParseJsonBody },
    responses: {
      200: { description: "Completed parse job (synchronous)", schema: ZParseJob },
      202: { description: "Accepted parse job (asynchronous)", schema: ZParseJob },
    },
    errors: [
      "ambiguous_input",
      "missing_input",
      "no_file",
      "unsupported_file_format",
      "invalid_page_range",
      "invalid_model",
      "max_pages_exceeded",
      "payload_too_large",
      "ocr_concurrent_limit",
      "file_rendering_failed",
      "bad_request",
    ],
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/parse/{id}",
    tag,
    category: "parse",
    auth: "required",
    summary: "Poll a parse job",
    description:
      "Visible to the job's creator and the company's admins; a workspace-scoped key sees only the jobs it created. Malformed, unknown and hidden ids answer 404.",
    params: z.object({ id: z.string().max(200) }),
    responses: { 200: { description: "Parse job in any status", schema: ZParseJob } },
    errors: ["not_found"],
  }),
};
