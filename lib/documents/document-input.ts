// The document-carrying requests of POST /parse and POST /extract: multipart (a `file` upload plus text
// fields, JSON objects sent as JSON strings) or JSON (a `document` URL plus objects). Exactly one source
// names the document (`file`, `document`, or an endpoint's own such as extract's `file_id`); uploads stream
// to a temp file, URLs are fetched SSRF-safely (lib/http/fetch-document.ts), both under a size cap.
import { AppError, fieldError } from "@/lib/errors";
import { bodyKindOf, readBodyLimited } from "@/lib/http/body";
import { env } from "@/lib/env";
import { fetchDocument } from "@/lib/http/fetch-document";
import { parseMultipart, type UploadedFile } from "@/lib/http/multipart";
import { removeQuietly } from "@/lib/storage/temp";

export interface DocumentRequestRules {
  /** Largest upload accepted while streaming (the endpoint's largest limit; the mode's own is checked later). */
  maxUploadBytes: number;
  /** Sources besides `file` and `document`, e.g. ["file_id"]. */
  otherSources?: readonly string[];
}

export interface DocumentRequest {
  /** Which member names the document: "file", "document" or one of `otherSources`. */
  source: string;
  /** Text fields of a multipart body (strings) or the members of a JSON body. */
  fields: Record<string, unknown>;
  /** The upload when `source` is "file". */
  upload: UploadedFile | null;
  /** Removes the uploaded temp file (call in finally unless it was handed over). */
  cleanup: () => Promise<void>;
}

/** A document on local disk, ready for the engine. */
export interface LocalDocument {
  path: string;
  filename: string;
  size: number;
  sourceUrl: string | null;
  cleanup: () => Promise<void>;
}

const isGiven = (v: unknown) => v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");

function listNames(names: string[]): string {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length <= 2 ? quoted.join(" or ") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/**
 * `present`: sources that carry something. `fileAttempted`: a `file` member that is not an upload (a text
 * field in multipart, any member in JSON): it counts for ambiguity and otherwise answers no_file.
 */
function pickSource(present: string[], fileAttempted: boolean, rules: DocumentRequestRules): string {
  const names = ["file", "document", ...(rules.otherSources ?? [])];
  const attempts = present.length + (fileAttempted && !present.includes("file") ? 1 : 0);
  if (attempts > 1) throw new AppError("ambiguous_input", `Send exactly one of ${listNames(names)}, not several.`);
  if (present.length === 0) {
    if (fileAttempted) throw new AppError("no_file", "The file field is empty: upload the document as a multipart/form-data file.");
    throw new AppError("missing_input", `Send a document: ${listNames(names)}.`);
  }
  return present[0];
}

export async function readDocumentRequest(req: Request, rules: DocumentRequestRules): Promise<DocumentRequest> {
  const others = rules.otherSources ?? [];
  const kind = bodyKindOf(req.headers.get("content-type"));
  if (kind === "multipart") {
    const form = await parseMultipart(req, { maxFileBytes: rules.maxUploadBytes, maxFiles: 1 });
    try {
      const upload = form.files.find((f) => f.field === "file") ?? null;
      const present = [
        ...(upload ? ["file"] : []),
        ...["document", ...others].filter((name) => isGiven(form.fields[name])),
      ];
      const source = pickSource(present, "file" in form.fields, rules);
      if (source === "file" && upload!.size === 0) throw new AppError("no_file", "The uploaded file is empty.");
      return { source, fields: form.fields, upload: source === "file" ? upload : null, cleanup: form.cleanup };
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
  const fields = body as Record<string, unknown>;
  const source = pickSource(
    ["document", ...others].filter((name) => isGiven(fields[name])),
    "file" in fields,
    rules,
  );
  return { source, fields, upload: null, cleanup: async () => undefined };
}

/**
 * A member that holds a JSON object: an object in JSON bodies, a JSON-encoded string in multipart.
 * Absent (or an empty string) → undefined; anything else that is not an object → 422 on the field.
 */
export function jsonObjectField(raw: unknown, field: string): Record<string, unknown> | undefined {
  let value = raw;
  if (typeof raw === "string") {
    if (!raw.trim()) return undefined;
    try {
      value = JSON.parse(raw);
    } catch {
      throw fieldError(field, "Must be a JSON object (sent as a JSON string in multipart requests).");
    }
  }
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw fieldError(field, "Must be a JSON object.");
  return value as Record<string, unknown>;
}

function checkSize(size: number, maxBytes: number, what: string): void {
  if (size > maxBytes) {
    throw new AppError("payload_too_large", `The document is ${size} bytes; the limit for ${what} is ${maxBytes} bytes.`);
  }
}

/**
 * The document of a request whose source is "file" or "document", on local disk and within `maxBytes`
 * (413 payload_too_large naming both sizes). `what` names the limit in the message ("synchronous parsing").
 */
export async function loadRequestDocument(request: DocumentRequest, opts: { maxBytes: number; what: string }): Promise<LocalDocument> {
  if (request.source === "file") {
    const up = request.upload!;
    checkSize(up.size, opts.maxBytes, opts.what);
    return { path: up.path, filename: up.filename || "document", size: up.size, sourceUrl: null, cleanup: request.cleanup };
  }
  if (request.source !== "document") throw new Error(`loadRequestDocument: unexpected source ${request.source}`);
  const url = request.fields.document;
  if (typeof url !== "string") throw fieldError("document", "Must be an http(s) URL.");
  const fetched = await fetchDocument(url.trim(), { maxBytes: opts.maxBytes });
  try {
    checkSize(fetched.size, opts.maxBytes, opts.what);
  } catch (err) {
    await removeQuietly(fetched.path);
    throw err;
  }
  const cleanup = async () => {
    await Promise.all([removeQuietly(fetched.path), request.cleanup()]);
  };
  return { path: fetched.path, filename: fetched.filename, size: fetched.size, sourceUrl: url.trim(), cleanup };
}
