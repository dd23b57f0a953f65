// Turns a POST /extract body (read by the HTTP layer) into its source (a local document or an ingested
// file), the validated schema and options. Everything that can be refused is refused here, before a job exists.

import { validateExtractionSchema } from "@/lib/ai/extraction/json-schema";
import type { ObjectSchema } from "@/lib/ai/extraction/types";
import type { Principal } from "@/lib/auth/principal";
import { type TExtractOptions, ZExtractOptions } from "@/lib/contracts/extract";
import type { File } from "@/lib/db/generated/client";
import { type DocumentBody, documentRequest, jsonObjectField, type LocalDocument, loadRequestDocument } from "@/lib/documents/document-input";
import { type PageRange, parsePageRange } from "@/lib/documents/page-range";
import type { DetectedType } from "@/lib/documents/types";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/validation";
import { checkPages, inspectDocument, resolveSourceFile } from "./extract-source";

export type ExtractSource = { kind: "document"; doc: LocalDocument; type: DetectedType } | { kind: "file"; file: File };

export interface ExtractIntake {
  source: ExtractSource;
  schema: ObjectSchema;
  options: TExtractOptions;
  pageRange?: PageRange;
  /** Removes temp files unless they were handed over to storage. */
  cleanup: () => Promise<void>;
}

function readSchema(raw: unknown): ObjectSchema {
  const checked = validateExtractionSchema(raw);
  if (checked.ok) return checked.schema;
  throw new AppError("validation_error", `Invalid value for "schema": ${checked.errors.map((e) => e.detail).join(" ")}`, {
    fields: { schema: checked.errors },
  });
}

/** The largest upload POST /extract streams in (the asynchronous limit; the mode's own is checked below). */
export function maxExtractUploadBytes(): number {
  return env().EXTRACT_ASYNC_MAX_BYTES;
}

export async function readExtractRequest(p: Principal, body: DocumentBody): Promise<ExtractIntake> {
  const request = await documentRequest(body, { otherSources: ["file_id"] });
  try {
    const schema = readSchema(request.fields.schema);
    const options = parseWith(ZExtractOptions, jsonObjectField(request.fields.options, "options") ?? {}, "options");
    const pageRange = options.page_range !== undefined ? parsePageRange(options.page_range) : undefined;
    const base = { schema, options, pageRange };
    if (request.source === "file_id") {
      await request.cleanup();
      const file = await resolveSourceFile(p, request.fields.file_id);
      checkPages(file.totalPages, pageRange, options.async);
      return { ...base, source: { kind: "file", file }, cleanup: async () => undefined };
    }
    const doc = await loadRequestDocument(request, {
      maxBytes: options.async ? env().EXTRACT_ASYNC_MAX_BYTES : env().EXTRACT_SYNC_MAX_BYTES,
      what: `${options.async ? "asynchronous" : "synchronous"} extraction`,
    });
    try {
      const type = await inspectDocument(doc.path, doc.filename, pageRange, options.async);
      return { ...base, source: { kind: "document", doc, type }, cleanup: doc.cleanup };
    } catch (err) {
      await doc.cleanup();
      throw err;
    }
  } catch (err) {
    await request.cleanup();
    throw err;
  }
}
