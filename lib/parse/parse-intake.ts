// Turns a POST /parse request into a document on local disk plus validated options:
// multipart (`file`, `options` JSON string) or JSON (`document` URL, `options`). Reading the body and
// choosing the source is shared with extract (lib/documents/document-input.ts).
import { BUILTIN_PARSE_MODEL, OCR_LANGUAGES, ZParseOptions, type TParseOptions } from "@/lib/contracts/parse";
import { jsonObjectField, loadRequestDocument, readDocumentRequest, type LocalDocument } from "@/lib/documents/document-input";
import { parsePageRange, type PageRange } from "@/lib/documents/page-range";
import { env } from "@/lib/env";
import { AppError, fieldError } from "@/lib/errors";
import { parseWith } from "@/lib/http/validation";

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
  for (const l of list) if (!supported.includes(l)) throw fieldError("options.ocr_languages", `Unsupported language "${l}"; supported: ${supported.join(", ")}.`, "invalid_choice");
  return [...new Set(list)];
}

function validateModel(opts: TParseOptions): void {
  if (opts.model !== undefined && opts.model !== BUILTIN_PARSE_MODEL) {
    throw new AppError("invalid_model", `The model "${opts.model}" is not available. Available: ${BUILTIN_PARSE_MODEL}.`);
  }
}

export async function readParseRequest(req: Request): Promise<ParseIntake> {
  const request = await readDocumentRequest(req, { maxUploadBytes: env().PARSE_ASYNC_MAX_BYTES });
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
