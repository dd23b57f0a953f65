// The document-carrying requests of POST /parse and POST /extract: multipart (a `file` upload plus text
// fields, JSON objects sent as JSON strings) or JSON (a `document` URL plus objects). Exactly one source
// names the document (`file`, `document`, or an endpoint's own such as extract's `file_id`). The HTTP layer
// reads the body (lib/http/document-body.ts: uploads stream to a scratch file under a size cap); URLs are
// fetched here, SSRF-safely (./fetch-document.ts), under the mode's size cap.
import { AppError, fieldError } from "@/lib/errors";
import { removeQuietly } from "@/lib/storage/temp";
import type { UploadedFile } from "@/lib/storage/uploaded-file";
import { fetchDocument } from "./fetch-document";

/** A document-carrying body as read from the request, before any member is interpreted. */
export interface DocumentBody {
  /** Text fields of a multipart body (strings) or the members of a JSON body. */
  fields: Record<string, unknown>;
  /** The multipart `file` part, if any (never in JSON bodies). */
  upload: UploadedFile | null;
  /** Removes the uploaded scratch files (call in finally unless they were handed over). */
  cleanup: () => Promise<void>;
}

export interface DocumentRequestRules {
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

/** Which member names the document; the body's scratch files are removed when it is refused. */
export async function documentRequest(body: DocumentBody, rules: DocumentRequestRules): Promise<DocumentRequest> {
  try {
    const { fields, upload } = body;
    const present = [...(upload ? ["file"] : []), ...["document", ...(rules.otherSources ?? [])].filter((name) => isGiven(fields[name]))];
    // A `file` member that is not an upload: a text field in multipart, any member in JSON.
    const source = pickSource(present, "file" in fields, rules);
    if (source === "file" && upload!.size === 0) throw new AppError("no_file", "The uploaded file is empty.");
    return { source, fields, upload: source === "file" ? upload : null, cleanup: body.cleanup };
  } catch (err) {
    await body.cleanup();
    throw err;
  }
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
