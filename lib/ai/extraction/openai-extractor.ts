// Extraction with any OpenAI-compatible chat model and JSON-schema structured output. Long documents are
// sent EXTRACTION_PAGES_PER_BATCH pages at a time; batch answers are merged per granularity:
//   document → first non-null value per property over batches (arrays concatenated)
//   page     → the model returns one entry per page number it saw; missing pages become empty rows
//   record   → records of all batches in document order
//   auto     → the model says per batch whether the pages hold repeated records; any batch saying so
//              makes the document `record`, otherwise `document`.
// The caller's schema is rewritten for OpenAI's strict mode (all properties required, nullable, closed
// objects) when it only uses keywords strict mode accepts; otherwise it is sent with strict: false.
// Failures: timeout → extraction_timeout (504), any other model failure → extraction_upstream_error (502),
// an answer that is not the requested JSON → extraction_failed (500).

import { type ChatConfig, chatComplete, ModelHttpError } from "@/lib/ai/openai-chat";
import { AppError } from "@/lib/errors";
import { toStrictSchema } from "./strict-schema";
import type { ExtractionRequest, ExtractionResult, Extractor, ObjectSchema } from "./types";

export interface OpenAIExtractorOptions extends ChatConfig {
  pagesPerBatch: number;
  temperature?: number;
}

type Row = Record<string, unknown>;
type Mode = "document" | "page" | "record" | "auto";

export const SYSTEM_PROMPT = [
  "You extract structured data from documents.",
  "Fill the JSON schema only with information stated in the document text; never invent values.",
  "Use null for a property whose value the document does not contain.",
  "Copy names, numbers and identifiers exactly as written; give amounts as numbers without currency symbols;",
  "give dates as YYYY-MM-DD when the schema asks for a date.",
].join("\n");

const INSTRUCTIONS: Record<Mode, string> = {
  document: "Return exactly one entry in `rows`: the values for the document as a whole.",
  page: "Return one entry in `pages` for every page shown, with its page number and the values found on that page.",
  record:
    "The document holds repeated records (table rows, repeated sections, one per item/person/transaction). Return one entry in `rows` per record, in document order.",
  auto: "Decide whether these pages hold several repeated records matching the schema (table rows, repeated sections). If so set `mode` to `record` and return one entry in `rows` per record, in order; otherwise set `mode` to `document` and return exactly one entry for the whole text.",
};

export class OpenAIExtractor implements Extractor {
  readonly id: string;

  constructor(private readonly opts: OpenAIExtractorOptions) {
    this.id = `openai:${opts.model}`;
  }

  async extract(req: ExtractionRequest): Promise<ExtractionResult> {
    const size = Math.max(1, this.opts.pagesPerBatch);
    const batches: ExtractionRequest["pages"][] = [];
    for (let i = 0; i < req.pages.length; i += size) batches.push(req.pages.slice(i, i + size));
    if (!batches.length) batches.push([]);
    const answers: { mode?: string; rows: Row[]; pages: { page: number; data: Row }[] }[] = [];
    let processed = 0;
    for (const batch of batches) {
      req.signal?.throwIfAborted();
      answers.push(await this.callBatch(req, batch));
      processed += batch.length;
      await req.onProgress?.(processed);
    }
    return { ...merge(req, answers), pagesProcessed: processed };
  }

  private async callBatch(req: ExtractionRequest, pages: ExtractionRequest["pages"]) {
    const mode = req.granularity as Mode;
    const { schema: rowSchema, strict } = toStrictSchema(req.schema);
    const responseSchema = envelopeSchema(mode, rowSchema, strict);
    const text = pages.map((p) => `<page number="${p.page}">\n${p.markdown}\n</page>`).join("\n\n");
    const user = [
      `Document: ${req.filename}`,
      INSTRUCTIONS[mode],
      `Schema of one entry:\n${JSON.stringify(req.schema)}`,
      `Document text (Markdown):\n${text}`,
    ].join("\n\n");
    let content: string;
    try {
      const res = await chatComplete(this.opts, {
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: user },
        ],
        temperature: this.opts.temperature ?? 0,
        responseFormat: { type: "json_schema", json_schema: { name: "extraction", schema: responseSchema, strict } },
        signal: req.signal,
      });
      content = res.content;
    } catch (err) {
      if (err instanceof ModelHttpError) {
        if (err.kind === "timeout") throw new AppError("extraction_timeout", err.message);
        throw new AppError("extraction_upstream_error", err.message);
      }
      throw err;
    }
    return parseAnswer(content, mode);
  }
}

function envelopeSchema(mode: Mode, row: Record<string, unknown>, strict: boolean): Record<string, unknown> {
  const closed = strict ? { additionalProperties: false } : {};
  if (mode === "page") {
    const entry = { type: "object", properties: { page: { type: "integer" }, data: row }, required: ["page", "data"], ...closed };
    return { type: "object", properties: { pages: { type: "array", items: entry } }, required: ["pages"], ...closed };
  }
  const properties: Record<string, unknown> = { rows: { type: "array", items: row } };
  if (mode === "auto") properties.mode = { type: "string", enum: ["document", "record"] };
  return { type: "object", properties, required: Object.keys(properties), ...closed };
}

const isObj = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);

/** The model's JSON answer; anything else is extraction_failed. Markdown code fences are tolerated. */
export function parseAnswer(content: string, mode: Mode): { mode?: string; rows: Row[]; pages: { page: number; data: Row }[] } {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("extraction_failed", "The extraction model returned an answer that is not JSON.");
  }
  if (!isObj(json)) throw new AppError("extraction_failed", "The extraction model returned JSON that is not an object.");
  if (mode === "page") {
    if (!Array.isArray(json.pages)) throw new AppError("extraction_failed", "The extraction model's answer has no `pages` array.");
    const pages = json.pages.filter(isObj).map((p) => ({ page: Number(p.page), data: isObj(p.data) ? p.data : {} }));
    return { rows: [], pages };
  }
  if (!Array.isArray(json.rows)) throw new AppError("extraction_failed", "The extraction model's answer has no `rows` array.");
  return { mode: typeof json.mode === "string" ? json.mode : undefined, rows: json.rows.filter(isObj), pages: [] };
}

function merge(req: ExtractionRequest, answers: ReturnType<typeof parseAnswer>[]): Omit<ExtractionResult, "pagesProcessed"> {
  if (req.granularity === "page") {
    const byPage = new Map<number, Row>();
    for (const a of answers) for (const p of a.pages) if (!byPage.has(p.page)) byPage.set(p.page, p.data);
    return { granularity: "page", rows: req.pages.map((p) => byPage.get(p.page) ?? {}) };
  }
  const record = req.granularity === "record" || (req.granularity === "auto" && answers.some((a) => a.mode === "record"));
  if (record) {
    const rows = answers.flatMap((a) => (req.granularity === "auto" && a.mode !== "record" ? [] : a.rows));
    return { granularity: "record", rows };
  }
  return {
    granularity: "document",
    rows: [
      mergeDocument(
        req.schema,
        answers.flatMap((a) => a.rows.slice(0, 1)),
      ),
    ],
  };
}

/** First non-null value per property over the batches; arrays are concatenated. */
export function mergeDocument(schema: ObjectSchema, rows: Row[]): Row {
  const out: Row = {};
  for (const name of Object.keys(schema.properties)) {
    const values = rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined && v !== "");
    if (values.length && values.every(Array.isArray)) out[name] = (values as unknown[][]).flat();
    else out[name] = values[0] ?? null;
  }
  return out;
}
