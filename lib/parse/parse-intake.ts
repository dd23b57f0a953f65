// Turns a POST /parse request into a document on local disk plus validated options:
// multipart (`file`, `options` JSON string) or JSON (`document` URL, `options`).
import { BUILTIN_PARSE_MODEL, OCR_LANGUAGES, ZParseOptions, type TParseOptions } from "@/lib/contracts/parse";
import { parsePageRange, type PageRange } from "@/lib/documents/page-range";
import { readBodyLimited, bodyKindOf } from "@/lib/http/body";
import { env } from "@/lib/env";
import { AppError, fieldError } from "@/lib/http/errors";
import { fetchDocument } from "@/lib/http/fetch-document";
import { parseMultipart } from "@/lib/http/multipart";
import { parseWith } from "@/lib/http/validation";
import { removeQuietly } from "@/lib/storage/temp";

export interface ParseIntake {
  path: string;
  filename: string;
  size: number;
  sourceUrl: string | null;
  options: TParseOptions;
  pageRange?: PageRange;
  ocrLanguages: string[];
  /** Deletes the temp file unless it was handed over to storage. */
  cleanup: () => Promise<void>;
}

function parseOptions(raw: unknown): TParseOptions {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      throw fieldError("options", "Must be a JSON object (sent as a string in multipart requests).");
    }
  }
  if (value !== undefined && (typeof value !== "object" || value === null || Array.isArray(value))) {
    throw fieldError("options", "Must be a JSON object.");
  }
  const opts = parseWith(ZParseOptions, value ?? {}, "options");
  return opts;
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

function sizeLimit(opts: TParseOptions): number {
  return opts.async ? env().PARSE_ASYNC_MAX_BYTES : env().PARSE_SYNC_MAX_BYTES;
}

/** Everything about the options that can be refused before the document is read or downloaded. */
function checkOptions(options: TParseOptions): Pick<ParseIntake, "pageRange" | "ocrLanguages"> {
  validateModel(options);
  const ocrLanguages = languages(options);
  const pageRange = options.page_range !== undefined ? parsePageRange(options.page_range) : undefined;
  return { pageRange, ocrLanguages };
}

function finish(base: Omit<ParseIntake, "pageRange" | "ocrLanguages">, checked: Pick<ParseIntake, "pageRange" | "ocrLanguages">): ParseIntake {
  const limit = sizeLimit(base.options);
  if (base.size > limit) {
    throw new AppError(
      "payload_too_large",
      `The document is ${base.size} bytes; the limit for ${base.options.async ? "asynchronous" : "synchronous"} parsing is ${limit} bytes.`,
    );
  }
  return { ...base, ...checked };
}

export async function readParseRequest(req: Request): Promise<ParseIntake> {
  const kind = bodyKindOf(req.headers.get("content-type"));
  if (kind === "multipart") {
    const form = await parseMultipart(req, { maxFileBytes: env().PARSE_ASYNC_MAX_BYTES, maxFiles: 1 });
    try {
      const file = form.files.find((f) => f.field === "file");
      const hasDocument = typeof form.fields.document === "string" && form.fields.document.trim() !== "";
      if (file && hasDocument) throw new AppError("ambiguous_input", "Send either a file or a document URL, not both.");
      if (!file && !hasDocument) {
        if ("file" in form.fields) throw new AppError("no_file", "The file field is empty: attach the document as a file.");
        throw new AppError("missing_input", "Send a document: a `file` upload or a `document` URL.");
      }
      const options = parseOptions(form.fields.options);
      if (file) {
        if (file.size === 0) throw new AppError("no_file", "The uploaded file is empty.");
        return finish(
          { path: file.path, filename: file.filename || "document", size: file.size, sourceUrl: null, options, cleanup: form.cleanup },
          checkOptions(options),
        );
      }
      await form.cleanup();
      return fromUrl(form.fields.document, options);
    } catch (err) {
      await form.cleanup();
      throw err;
    }
  }
  if (kind !== "json" && kind !== "none") {
    throw new AppError("unsupported_media_type", "Send multipart/form-data (file upload) or application/json (document URL).");
  }
  const raw = await readBodyLimited(req, env().MAX_JSON_BODY_BYTES);
  let body: unknown = {};
  if (raw.byteLength) {
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new AppError("bad_request", "Malformed JSON in request body.");
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AppError("bad_request", "The JSON body must be an object.");
  const b = body as Record<string, unknown>;
  if ("file" in b && b.document) throw new AppError("ambiguous_input", "Send either a file or a document URL, not both.");
  if ("file" in b) throw new AppError("no_file", "Files are uploaded as multipart/form-data; JSON bodies take a `document` URL.");
  if (b.document === undefined || b.document === null || b.document === "") {
    throw new AppError("missing_input", "Send a document: a `file` upload or a `document` URL.");
  }
  if (typeof b.document !== "string") throw fieldError("document", "Must be an http(s) URL.");
  return fromUrl(b.document, parseOptions(b.options));
}

async function fromUrl(url: string, options: TParseOptions): Promise<ParseIntake> {
  const checked = checkOptions(options);
  const fetched = await fetchDocument(url.trim(), { maxBytes: sizeLimit(options) });
  try {
    return finish(
      {
        path: fetched.path,
        filename: fetched.filename,
        size: fetched.size,
        sourceUrl: url.trim(),
        options,
        cleanup: () => removeQuietly(fetched.path),
      },
      checked,
    );
  } catch (err) {
    await removeQuietly(fetched.path);
    throw err;
  }
}
