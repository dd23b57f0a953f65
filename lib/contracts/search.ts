// POST /api/v3/search: hybrid (lexical + vector) chunk retrieval with optional reranking.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { type AttributeFilter, type ContentTypeFilter, parseAttributeFilters, parseContentTypeFilters } from "@/lib/facets/filter-grammar";
import { zBodyId } from "./common";
import { parseQueryTimestamp } from "./files-list";

export { zBodyId };

export const SEARCH_MODES = ["hybrid", "semantic", "lexical"] as const;

/** A list of ids that narrows the scope; duplicates collapse. */
export function zIdArray(max: number, what: string) {
  return z
    .array(zBodyId)
    .max(max, { error: `At most ${max} ${what}.` })
    .transform((ids) => [...new Set(ids)]);
}

/** One string or an array of strings (a single filter need not be wrapped). */
const toArray = (v: unknown) => (typeof v === "string" ? [v] : v);

const zAttributeFilters = z.preprocess(
  toArray,
  z.array(z.string()).transform((entries, ctx): AttributeFilter[] => {
    const parsed = parseAttributeFilters(entries);
    if (parsed.ok) return parsed.value;
    for (const err of parsed.errors) ctx.addIssue({ code: "custom", input: err.entry, message: `Malformed attribute filter ${err.message}.` });
    return z.NEVER;
  }),
);

const zContentTypeFilters = z.preprocess(
  toArray,
  z.array(z.string()).transform((values, ctx): ContentTypeFilter[] => {
    const parsed = parseContentTypeFilters(values);
    if (parsed.ok) return parsed.value;
    for (const err of parsed.errors) ctx.addIssue({ code: "custom", input: err.entry, message: `Malformed content-type filter ${err.message}.` });
    return z.NEVER;
  }),
);

const zTimestampInput = z
  .string()
  .transform((s, ctx) => {
    const date = parseQueryTimestamp(s);
    if (!date) {
      ctx.addIssue({ code: "custom", input: s, message: "Must be an ISO 8601 date (YYYY-MM-DD) or date-time." });
      return z.NEVER;
    }
    return date;
  })
  .meta({ format: "date-time" });

export const ZSearchFilters = z
  .object({
    attribute: zAttributeFilters
      .optional()
      .describe("Facet attribute filters (ANDed), same grammar as `attribute` of GET /api/v3/files, e.g. `amount:>100`"),
    content_type: zContentTypeFilters
      .optional()
      .describe("Content-type paths (ORed), same grammar as `content_type` of GET /api/v3/files, e.g. `finance:invoice`"),
    extension: z
      .array(z.string().regex(/^\.?[A-Za-z0-9_+-]{1,32}$/, { error: "Not a file extension." }))
      .max(50)
      .transform((items) => [...new Set(items.map((s) => s.replace(/^\./, "").toLowerCase()))])
      .optional()
      .describe('File extensions, case-insensitive, with or without the dot (`["pdf", "docx"]`)'),
    created_at_after: zTimestampInput.optional().describe("Files created at or after (inclusive)"),
    created_at_before: zTimestampInput.optional().describe("Files created at or before (inclusive)"),
  })
  .strict();
export type TSearchFilters = z.output<typeof ZSearchFilters>;

export const ZSearchRequest = z
  .object({
    query: z.string().trim().min(1, { error: "Must not be empty." }).max(2000, { error: "At most 2000 characters." }),
    top_k: z.number().int().min(1).max(100).default(10).describe("Number of chunks returned (1–100, default 10)"),
    workspace_ids: zIdArray(100, "workspaces").optional().describe("Only these workspaces (ids the caller cannot read match nothing)"),
    tag_ids: zIdArray(100, "tags").optional().describe("Only files carrying any of these tags"),
    file_ids: zIdArray(1000, "files").optional().describe("Only these files (ids the caller cannot read match nothing)"),
    filters: ZSearchFilters.optional(),
    rerank: z.boolean().default(false).describe("Rerank a larger candidate set with the configured reranker (fills `scores.rerank`)"),
    search_mode: z.enum(SEARCH_MODES).default("hybrid").describe("`hybrid` (default): lexical and semantic fused by reciprocal rank fusion"),
  })
  .strict();
export type TSearchRequest = z.output<typeof ZSearchRequest>;

export const ZSearchResult = z
  .object({
    chunk_id: z.string(),
    file_id: z.number().int(),
    filename: z.string(),
    title: z.string(),
    workspace_id: z.number().int(),
    page: z.number().int(),
    heading: z.string().describe("Heading path of the chunk (`Chapter > Section`), empty when none"),
    content: z.string(),
    score: z.number().describe("Ordering score: the rerank score with `rerank`, else the fused (hybrid) or the retriever's own score"),
    scores: z.object({
      lexical: z.number().nullable().describe("Full-text rank (ts_rank_cd); null when the chunk was not a lexical match"),
      semantic: z.number().nullable().describe("Cosine similarity; null when not among the semantic candidates"),
      rerank: z.number().nullable().describe("Reranker score; null without `rerank`"),
    }),
  })
  .meta({ id: "SearchResult" });
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchResponse = z.object({ query: z.string(), results: z.array(ZSearchResult) }).meta({ id: "SearchResponse" });
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const searchEndpoints = {
  search: defineEndpoint({
    method: "POST",
    path: "/api/v3/search",
    tag: "Search",
    category: "search",
    auth: "required",
    metered: "search",
    summary: "Hybrid search over the chunks of the documents the caller can read",
    description: [
      'Lexical (Postgres full text, websearch syntax: `"exact phrase"`, `-exclude`, `or`; exact tokens such as `INV-77341` match) and semantic (vector) retrieval fused by reciprocal rank fusion; `search_mode` selects one retriever alone.',
      "",
      'Scope: the workspaces the caller may read (a workspace-scoped key: its one workspace). `workspace_ids`, `tag_ids`, `file_ids` and `filters` only narrow that scope, and are ANDed; ids the caller cannot read (or that do not exist) contribute nothing, so the answer never reveals whether they exist. An empty list does not narrow. Facet filters (`filters.attribute`, `filters.content_type`) are validated (422 with `fields["filters.attribute"]` / `fields["filters.content_type"]`).',
      "",
      "With `rerank: true`, a larger candidate set (at least 50) is re-scored by the configured reranker; results are ordered by `scores.rerank` and `score` equals it.",
      "",
      "Metering: one `search` usage event per request.",
    ].join("\n"),
    body: ZSearchRequest,
    responses: { 200: { description: "Ranked chunks, best first", schema: ZSearchResponse } },
    errors: ["search_backend_unavailable", "model_unavailable", "model_timeout"],
  }),
};
