// Request bodies: size-limited (413 before reading past the limit), JSON, form-urlencoded or multipart.

import type { BodyKind } from "@/lib/contracts/endpoint";
import { AppError } from "@/lib/errors";

function tooLarge(actual: number, limit: number, exact: boolean): AppError {
  return new AppError(
    "payload_too_large",
    `Request body is ${exact ? "" : "at least "}${actual} bytes; the limit for this endpoint is ${limit} bytes.`,
  );
}

/** Rejects on Content-Length at once; otherwise counts while streaming and stops at the limit. */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared, limit, true);
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(total, limit, false);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

export function bodyKindOf(contentType: string | null): BodyKind | "none" | "other" {
  const ct = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (!ct) return "none";
  if (ct === "application/json" || ct.endsWith("+json")) return "json";
  if (ct === "application/x-www-form-urlencoded") return "form";
  if (ct === "multipart/form-data") return "multipart";
  return "other";
}

function formToObject(form: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  // No prototype: "constructor" is not already present and "__proto__" is an ordinary key (refused by parseWith).
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, value] of form) {
    if (Object.hasOwn(out, k)) out[k] = ([] as unknown[]).concat(out[k], value);
    else out[k] = value;
  }
  return out;
}

/** Parses a small (non-streamed) body of an accepted kind into a plain object for zod. */
export async function parseBody(req: Request, kinds: readonly BodyKind[], limit: number, optional: boolean): Promise<unknown> {
  const kind = bodyKindOf(req.headers.get("content-type"));
  const bytes = await readBodyLimited(req, limit);
  if (bytes.byteLength === 0) {
    if (optional) return {};
    if (kind === "none" || kind === "json") return undefined;
  }
  const effective = kind === "none" ? "json" : kind;
  if (effective === "other" || !kinds.includes(effective)) {
    throw new AppError("unsupported_media_type", `Content-Type must be one of: ${kinds.map(mediaType).join(", ")}.`);
  }
  if (effective === "json") {
    try {
      return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      throw new AppError("bad_request", "Malformed JSON in request body.");
    }
  }
  if (effective === "form") return formToObject(new URLSearchParams(new TextDecoder().decode(bytes)));
  const rebuilt = new Request(req.url, { method: "POST", headers: req.headers, body: bytes });
  try {
    return formToObject(await rebuilt.formData());
  } catch {
    throw new AppError("bad_request", "Malformed multipart body.");
  }
}

function mediaType(kind: BodyKind): string {
  return { json: "application/json", form: "application/x-www-form-urlencoded", multipart: "multipart/form-data" }[kind];
}

/** Query string → object: repeated keys become arrays. */
export function queryToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of params) {
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
