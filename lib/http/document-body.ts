// The body of the document-carrying endpoints (POST /parse, POST /extract), read at the HTTP edge:
// multipart (the `file` part streams to a scratch file under a byte cap, text fields stay strings) or JSON
// (an object). Choosing the document source and validating the members is the use case's
// (lib/documents/document-input.ts), which receives this plain DocumentBody.
import type { DocumentBody } from "@/lib/documents/document-input";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { assertStorableInput, hostileInputError } from "@/lib/validation";
import { bodyKindOf, readBodyLimited } from "./body";
import { parseMultipart } from "./multipart";

/** `maxUploadBytes`: the largest upload accepted while streaming (the endpoint's largest limit). */
export async function readDocumentBody(req: Request, maxUploadBytes: number): Promise<DocumentBody> {
  const kind = bodyKindOf(req.headers.get("content-type"));
  if (kind === "multipart") {
    const form = await parseMultipart(req, { maxFileBytes: maxUploadBytes, maxFiles: 1 });
    const err = hostileInputError(form.fields);
    if (err) {
      await form.cleanup();
      throw err;
    }
    const upload = form.files.find((f) => f.field === "file") ?? null;
    return { fields: form.fields, upload, cleanup: form.cleanup };
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
  // The members are validated by the use case, some (an extraction schema) without zod: refuse here what none may hold.
  assertStorableInput(body);
  return { fields: body as Record<string, unknown>, upload: null, cleanup: async () => undefined };
}
