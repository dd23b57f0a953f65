// Extractors for /extract: fill a caller's JSON Schema (an object with properties) from a parsed
// document. One interface, an offline default (schema-guided, no model) and an OpenAI-compatible LLM.
// Rows come back raw; ./coerce.ts coerces them to the schema's types and validates them.

/** A JSON Schema of an object with properties (validated by ./json-schema.ts). */
export type ObjectSchema = {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [k: string]: unknown;
};

export type Granularity = "document" | "page" | "record" | "auto";

export interface ExtractionPage {
  /** 1-based page number in the original document. */
  page: number;
  markdown: string;
}

export interface ExtractionRequest {
  schema: ObjectSchema;
  filename: string;
  pages: ExtractionPage[];
  granularity: Granularity;
  /** Called as pages are consumed (for the job's live progress). */
  onProgress?: (pagesProcessed: number) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface ExtractionResult {
  /** One object per row (document: exactly one; page: one per page; record: one per record), raw values. */
  rows: Record<string, unknown>[];
  /** The granularity actually applied (`auto` resolved). */
  granularity: Exclude<Granularity, "auto">;
  pagesProcessed: number;
  /** Language detected in the document (en/de/fr), a hint for coerceRows (03/04/2024, 1.234). */
  locale?: "en" | "de" | "fr";
}

export interface Extractor {
  readonly id: string;
  /** Errors: AppError extraction_upstream_error (502), extraction_timeout (504), extraction_failed (500). */
  extract(req: ExtractionRequest): Promise<ExtractionResult>;
}
