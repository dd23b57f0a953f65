// Turns a POST /parse body into a document on local disk plus validated options:
// multipart (`file`, `options` JSON string) or JSON (`document` URL, `options`). Choosing the source is
// shared with extract (lib/documents/document-input.ts); the HTTP layer reads the body.
import { BUILTIN_PARSE_MODEL, OCR_LANGUAGES, type TParseOptions, ZParseOptions } from "@/lib/contracts/parse";
import { type DocumentBody, documentRequest, jsonObjectField, type LocalDocument, loadRequestDocument } from "@/lib/documents/document-input";
import { type PageRange, parsePageRange } from "@/lib/documents/page-range";
import { env } from "@/lib/env";
import { AppError, fieldError } from "@/lib/errors";
import { parseWith } from "@/lib/validation";

export interface ParseIntake extends LocalDocument {
  options: TParseOptions;
  pageRange?: PageRange;
  ocrLanguages: string[];
}

function languages(opts: TParseOptions): string[] {
  const raw = opts.ocr_languages;
  if (!raw) return ["eng"];
  const list = Array.isArray(raw) ? raw : raw.split(/[+, ]/);
  const supported: readonly string[] = OCR_LANGUAGES;
  for (const l of list)
    if (!supported.includes(l))
      throw fieldError("options.ocr_languages", `Unsupported language "${l}"; supported: ${supported.join(", ")}.`, "invalid_choice");
  return [...new Set(list)];
}

function validateModel(opts: TParseOptions): void {
  if (opts.model !== undefined && opts.model !== BUILTIN_PARSE_MODEL) {
    throw new AppError("invalid_model", `The model "${opts.model}" is not available. Available: ${BUILTIN_PARSE_MODEL}.`);
  }
}

/** The largest upload POST /parse streams in (the asynchronous limit; the mode's own is checked below). */
export function maxParseUploadBytes(): number {
  return env().PARSE_ASYNC_MAX_BYTES;
}

export async function readParseRequest(body: DocumentBody): Promise<ParseIntake> {
  const request = await documentRequest(body, {});
  try {
    // Everything about the options that can be refused is refused before the document is downloaded.
    const options = parseWith(ZParseOptions, jsonObjectField(request.fields.options, "options") ?? {}, "options");
    validateModel(options);
    const ocrLanguages = languages(options);
    const pageRange = options.page_range !== undefined ? parsePageRange(options.page_range) : undefined;
    const doc = await loadRequestDocument(request, {
      maxBytes: options.async ? env().PARSE_ASYNC_MAX_BYTES : env().PARSE_SYNC_MAX_BYTES,
      what: `${options.async ? "asynchronous" : "synchronous"} parsing`,
    });
    return { ...doc, options, pageRange, ocrLanguages };
  } catch (err) {
    await request.cleanup();
    throw err;
  }
}
