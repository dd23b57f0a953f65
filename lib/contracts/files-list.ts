// GET /api/v3/files: the query of the files list (spec "Files": the parameter table, the facet
// `attribute` syntax and the "Also accepted" options, named as in issue 4) and its endpoint contract.
//
// Conventions of this query:
// - List parameters take comma-separated values and may also be repeated (`status=parsed,embedded` =
//   `status=parsed&status=embedded`); empty items are ignored, so an empty list (`extension=`) and a
//   blank text filter (`filename=`) filter nothing.
// - Values with a format must be well-formed, blank included: integers are plain decimal (`1e2`, `0x10`
//   and `` → 422), timestamps ISO 8601, UUIDs, booleans (true/false/1/0), `ordering` one of its values.
// - Every invalid parameter answers 422 with the parameter's name in `fields` (all of them at once).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { type AttributeFilter, type ContentTypeFilter, parseAttributeFilters, parseContentTypeFilters } from "@/lib/facets/filter-grammar";
import { zBoolString, zPaginated } from "./common";
import { FILE_STATUSES, VISION_STATUSES, ZFile } from "./files";

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export const FILE_ORDER_FIELDS = ["created_at", "filename", "title", "total_pages", "size"] as const;
export const FILE_ORDERINGS = [
  "created_at",
  "-created_at",
  "filename",
  "-filename",
  "title",
  "-title",
  "total_pages",
  "-total_pages",
  "size",
  "-size",
] as const;
export type FileOrdering = (typeof FILE_ORDERINGS)[number];

// ── building blocks ────────────────────────────────────────────────────────────────────────────────

const INT = /^\s*[+-]?\d+\s*$/;
const toIntIfDecimal = (v: unknown) => (typeof v === "string" && INT.test(v) ? Number(v) : v);

/** A strict decimal integer within [min, max] (documented as an integer). */
function zQueryInt(min: number, max: number) {
  return z.preprocess(
    toIntIfDecimal,
    z
      .number({ error: "Must be an integer." })
      .int({ error: "Must be an integer." })
      .min(min, { error: `Must be at least ${min}.` })
      .max(max, { error: `Must be at most ${max}.` }),
  );
}

/** Query value(s) → trimmed, non-empty items: repeated keys and commas both separate values. */
function splitList(v: unknown): unknown {
  if (v === undefined) return undefined;
  const values = Array.isArray(v) ? v : [v];
  if (!values.every((x) => typeof x === "string")) return v;
  return (values as string[])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Query value(s) as a list of entries, without splitting on commas (the filter grammar does that). */
function entryList(v: unknown): unknown {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v : [v];
}

/** Comma-separated values of a fixed set; unknown values → 422 `invalid_choice` naming them. */
function zChoiceList<const T extends readonly string[]>(choices: T) {
  const allowed = new Set<string>(choices);
  return z
    .preprocess(
      splitList,
      z.array(z.string()).superRefine((items, ctx) => {
        const bad = items.filter((s) => !allowed.has(s));
        if (bad.length) {
          ctx.addIssue({
            code: "invalid_value",
            values: [...choices],
            input: items,
            message: `Unknown value${bad.length > 1 ? "s" : ""} ${bad.map((b) => `"${b}"`).join(", ")}; allowed: ${choices.join(", ")}.`,
          });
        }
      }),
    )
    .transform((items) => [...new Set(items)] as T[number][])
    .meta({ items: { type: "string", enum: [...choices] } });
}

/** Comma-separated positive integer ids. */
function zIdList() {
  return z
    .preprocess(
      splitList,
      z.array(z.string()).superRefine((items, ctx) => {
        const bad = items.filter((s) => !/^\d+$/.test(s) || Number(s) < 1 || Number(s) > INT32_MAX);
        if (bad.length) {
          ctx.addIssue({
            code: "custom",
            input: items,
            message: `Not a valid id: ${bad.map((b) => `"${b}"`).join(", ")} (positive integers, comma-separated).`,
          });
        }
      }),
    )
    .transform((items) => [...new Set(items.map(Number))])
    .meta({ items: { type: "integer", minimum: 1, maximum: INT32_MAX } });
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// The offset may arrive as " HH:MM" when a client did not percent-encode "+" (form decoding turns it into a space).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+\- ]\d{2}:?\d{2})?$/i;

/** ISO 8601 date (→ 00:00:00 UTC) or date-time (offset optional, UTC when absent); null when invalid. */
export function parseQueryTimestamp(input: string): Date | null {
  const s = input.trim();
  let m = DATE_ONLY.exec(s);
  const parts = m ? [m[1], m[2], m[3], "00", "00", "00"] : null;
  let fraction = 0;
  let offsetMinutes = 0;
  let fields: string[];
  if (parts) fields = parts;
  else {
    m = DATE_TIME.exec(s);
    if (!m) return null;
    fields = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "00"];
    fraction = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
    const tz = m[8];
    if (tz && tz.toUpperCase() !== "Z") {
      const sign = tz[0] === "-" ? -1 : 1;
      const digits = tz.slice(1).replace(":", "");
      const oh = Number(digits.slice(0, 2));
      const om = Number(digits.slice(2));
      if (oh > 23 || om > 59) return null;
      offsetMinutes = sign * (oh * 60 + om);
    }
  }
  const [y, mo, d, h, mi, se] = fields.map(Number);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return null;
  const utc = new Date(Date.UTC(y, mo - 1, d, h, mi, se, fraction));
  utc.setUTCFullYear(y); // years 0001–0099 are not shifted to 19xx
  if (utc.getUTCMonth() !== mo - 1 || utc.getUTCDate() !== d) return null; // e.g. 2023-02-30
  return new Date(utc.getTime() - offsetMinutes * 60_000);
}

function zQueryTimestamp() {
  return z
    .string()
    .transform((s, ctx) => {
      const date = parseQueryTimestamp(s);
      if (!date) {
        ctx.addIssue({
          code: "custom",
          input: s,
          message: "Must be an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]).",
        });
        return z.NEVER;
      }
      return date;
    })
    .meta({ format: "date-time" });
}

/** Free text; blank means "not given". */
function zText(max: number) {
  return z
    .string()
    .max(max, { error: `At most ${max} characters.` })
    .transform((s) => (s.trim() ? s : undefined));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ── the query ──────────────────────────────────────────────────────────────────────────────────────

export const ZFileListQuery = z.object({
  // Facets (parsed by lib/facets/filter-grammar).
  attribute: z
    .preprocess(
      entryList,
      z.array(z.string()).transform((entries, ctx): AttributeFilter[] => {
        const parsed = parseAttributeFilters(entries);
        if (parsed.ok) return parsed.value;
        for (const err of parsed.errors) ctx.addIssue({ code: "custom", input: err.entry, message: `Malformed attribute filter ${err.message}.` });
        return z.NEVER;
      }),
    )
    .optional()
    .describe(
      'Facet attribute filter; repeat the parameter to AND several. `name` (has a value), `name:value`, `name:>v`, `>=`, `<`, `<=` (numbers or dates `YYYY`, `YYYY-MM`, `YYYY-MM-DD`), `name:prefix*`, `name:*text*` (case-insensitive), `name:a|b` (or `a,b`: either), `true`/`false`; scoped: `content_type(<path>).<name>:<value>`. Quote a value (`"a|b"`) or escape with `\\` to use `| , * " \\` literally. A file matches only through its classifications.',
    ),
  content_type: z
    .preprocess(
      entryList,
      z.array(z.string()).transform((values, ctx): ContentTypeFilter[] => {
        const parsed = parseContentTypeFilters(values);
        if (parsed.ok) return parsed.value;
        for (const err of parsed.errors) ctx.addIssue({ code: "custom", input: err.entry, message: `Malformed content-type filter ${err.message}.` });
        return z.NEVER;
      }),
    )
    .optional()
    .describe(
      "Content-type path filter (colon-separated codes, depth ≤ 4); several values (repeated or comma-separated) are ORed. A path matches that node and its subtree; `prefix*` and `*text*` match paths case-insensitively.",
    ),

  created_at_after: zQueryTimestamp().optional().describe("Created at or after (inclusive); a date alone means 00:00:00 UTC"),
  created_at_before: zQueryTimestamp().optional().describe("Created at or before (inclusive); a date alone means 00:00:00 UTC"),
  updated_at_after: zQueryTimestamp().optional().describe("Updated at or after (inclusive); a date alone means 00:00:00 UTC"),
  updated_at_before: zQueryTimestamp().optional().describe("Updated at or before (inclusive); a date alone means 00:00:00 UTC"),

  extension: z
    .preprocess(
      splitList,
      z.array(z.string()).superRefine((items, ctx) => {
        const bad = items.filter((s) => !/^\.?[A-Za-z0-9_+-]{1,32}$/.test(s));
        if (bad.length) ctx.addIssue({ code: "custom", input: items, message: `Not a file extension: ${bad.map((b) => `"${b}"`).join(", ")}.` });
      }),
    )
    .transform((items) => [...new Set(items.map((s) => s.replace(/^\./, "").toLowerCase()))])
    .meta({ items: { type: "string" } })
    .optional()
    .describe("Comma-separated extensions, case-insensitive, with or without the dot (`pdf,docx`)"),

  external_metadata__doc_type: zText(200)
    .optional()
    .describe("Case-insensitive partial match on the external document type; only files with external metadata"),
  external_metadata__external_id: zText(500).optional().describe("Exact match on the external document id; only files with external metadata"),

  group_id: zIdList().optional().describe("Comma-separated user-group ids. Reserved: no user groups exist yet, so any value matches no file"),
  owner_id: zIdList().optional().describe("Comma-separated ids of the users who uploaded the files"),
  tag_id: zIdList().optional().describe("Comma-separated tag ids: files carrying any of these tags"),
  workspace_id: zIdList().optional().describe("Comma-separated workspace ids (only workspaces readable by the caller contribute files)"),

  status: zChoiceList(FILE_STATUSES)
    .optional()
    .describe(`Comma-separated file statuses: ${FILE_STATUSES.join(", ")}`),
  status_vision: zChoiceList(VISION_STATUSES)
    .optional()
    .describe(`Comma-separated vision statuses: ${VISION_STATUSES.join(", ")}`),

  total_pages_min: zQueryInt(INT32_MIN, INT32_MAX).optional().describe("At least this many pages (inclusive)"),
  total_pages_max: zQueryInt(INT32_MIN, INT32_MAX).optional().describe("At most this many pages (inclusive)"),

  upload_session_uuid: z
    .string()
    .trim()
    .regex(UUID, { error: "Must be a UUID." })
    .transform((s) => s.toLowerCase())
    .optional()
    .describe("Files uploaded through this upload session"),

  search: zText(2000)
    .optional()
    .describe(
      "Semantic search query: the files that match, ordered by combined retrieval score (at most `max_documents`); `ordering` is then ignored. A file matches when it holds the query's words (all of one or two, three quarters of more) or a passage close in meaning above the embedding model's match floor; a \"quoted phrase\" must occur as a phrase, a -word must not occur",
    ),
  search_details: zBoolString
    .default(false)
    .describe("With `search`: add `score` and the top `chunks` (at most `max_chunks_per_document`) to each file (default false)"),
  max_documents: zQueryInt(1, 500).default(50).describe("With `search`: how many files the search returns at most (1–500, default 50)"),
  max_chunks_per_document: zQueryInt(1, 10).default(3).describe("With `search_details`: chunks per file (1–10, default 3)"),

  filename: zText(500).optional().describe("Case-insensitive partial match on the filename"),
  title: zText(500).optional().describe("Case-insensitive partial match on the title"),
  detail: zBoolString.default(false).describe("Add `content_preview`, `chunk_count`, `mime_type` and `summary` to each file (default false)"),
  ordering: z
    .enum(FILE_ORDERINGS, { error: `Must be one of: ${FILE_ORDERINGS.join(", ")}.` })
    .default("-created_at")
    .describe("Sort field, `-` prefix for descending (ties broken by id in the same direction); ignored with `search`"),

  page: zQueryInt(1, 1_000_000).default(1).describe("1-based page number (default 1)"),
  page_size: zQueryInt(1, 500).default(50).describe("Results per page (1–500, default 50)"),
});
export type TFileListQuery = z.output<typeof ZFileListQuery>;

export const fileListEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v3/files",
  tag: "Files",
  category: "files",
  auth: "required",
  summary: "List files of the workspaces the caller can read (filters, ordering, search)",
  description: [
    "Paginated envelope (`count`, `next`, `previous`, `results`) of the files in the workspaces the caller may read: members see their workspaces, company admins and DPOs every workspace of their company, a workspace-scoped key its one workspace. Files of other companies never appear.",
    "",
    "All filters are ANDed; comma-separated values within one filter are ORed. Default order: newest upload first (`ordering=-created_at`).",
    "",
    "With `search`, the files are those whose content matches the query (hybrid lexical and semantic retrieval within the same filters; a file without the query's words or a passage above the model's match floor is not a match, so a query no document shares returns nothing), capped at `max_documents` and ordered by combined retrieval score, descending; `count` is the size of that capped set and `page`/`page_size` page through it. `search_details=true` adds `score` and up to `max_chunks_per_document` `chunks` per file, each with `content`, `page`, `heading` and `scores` (`relevance` is always null, `lexical` and `semantic` as retrieved).",
    "",
    "`attribute` and `content_type` filter by classification (facets; malformed entries → 422 with the entry in `fields.attribute` / `fields.content_type`). A file matches an `attribute` entry only through its classifications: the value must belong to an attribute that one of its classified nodes carries (own or inherited). Values compare by the attribute's type: `name:v` is exact for text, select and rich-text (case-sensitive), membership for multi-select, equality for numbers and booleans, and falls inside the day range for dates (`2023`, `2023-06`, `2023-06-15`); `>`, `>=`, `<`, `<=` apply to numbers and dates (`>2023` means after 2023-12-31, `>=2023` from 2023-01-01); `prefix*` and `*text*` to text-like values and multi-select choices, case-insensitively. The scoped form `content_type(<path>).<name>` requires the file to be classified at that node or below it and the node to carry the attribute. `content_type` values are ORed: a path matches the node and its subtree, `prefix*` / `*text*` match paths.",
  ].join("\n"),
  query: ZFileListQuery,
  responses: { 200: { description: "Paginated files", schema: zPaginated(ZFile) } },
  errors: ["search_backend_unavailable"],
});
