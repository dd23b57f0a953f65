// Ingestion of one file version: detect → convert (doc/ppt) → parse → thumbnail → chunk + embed → finalize.
// Statuses: pending → parsing → parsed → embedding → embedded, with pending_conversion → converting first for
// formats that go through LibreOffice; parsing_failed / embedding_failed / fail with the reason in
// status_detail. Each side effect is its own step, and every step re-checks that the file still exists at
// this content_version: a deleted or replaced file ends the job cleanly without writing.
import { z } from "zod";
import { FAILED_STATUSES, type FileRef, markFailed } from "@/lib/ingestion/file-state";
import { embedStep } from "@/lib/ingestion/embed-file";
import { finalizeStep } from "@/lib/ingestion/finalize-file";
import { parseStep } from "@/lib/ingestion/parse-file";
import { convertStep, detectStep } from "@/lib/ingestion/prepare-source";
import { thumbnailStep } from "@/lib/ingestion/thumbnail-file";
import { db } from "@/lib/db/client";
import { defineJob } from "../define-job";

export const ZIngestFilePayload = z.object({
  file_id: z.number().int().positive(),
  content_version: z.number().int().positive(),
});

export const ingestFileJob = defineJob({
  id: "ingest-file",
  payload: ZIngestFilePayload,
  retries: 3,
  // Parsing (OCR, LibreOffice) and embedding are CPU-heavy: two files at a time per worker.
  concurrency: 2,
  handler: async ({ payload, step }) => {
    const ref: FileRef = { fileId: payload.file_id, contentVersion: payload.content_version };

    const detected = await step.run("detect", () => detectStep(ref));
    if (detected.outcome !== "ok") return detected;
    let source = detected.source;
    if (detected.convertTo) {
      const convertTo = detected.convertTo;
      const converted = await step.run("convert", () => convertStep(ref, { source: detected.source, convertTo }));
      if (converted.outcome !== "ok") return converted;
      source = converted.source;
    }

    const parsed = await step.run("parse", () => parseStep(ref, source, detected.mimeType));
    if (parsed.outcome !== "ok") return parsed;

    const thumbnail = await step.run("thumbnail", () => thumbnailStep(ref, source));
    if (thumbnail.outcome !== "ok") return thumbnail;

    const embedded = await step.run("embed", () => embedStep(ref, parsed.textSearchConfig));
    if (embedded.outcome !== "ok") return embedded;

    const finalized = await step.run("finalize", () => finalizeStep(ref));
    if (finalized.outcome !== "ok") return finalized;
    return { outcome: "embedded" as const, pages: finalized.pages, chunks: embedded.chunks };
  },
  onFailure: async ({ payload, error }) => {
    const ref: FileRef = { fileId: payload.file_id, contentVersion: payload.content_version };
    // A *_failed status already carries the precise reason.
    const file = await db().file.findUnique({ where: { id: ref.fileId }, select: { status: true } });
    if (!file || (FAILED_STATUSES as readonly string[]).includes(file.status)) return;
    await markFailed(ref, "fail", `Ingestion failed: ${error.message}`);
  },
});
