// Ingestion of one file version: detect → convert (doc/ppt) → parse → queue the thumbnail → chunk + embed →
// finalize. The thumbnail is its own low-priority job (thumbnail-file), so a file is searchable without
// waiting for it and a thumbnail failure never fails the file.
// Statuses: pending → parsing → parsed → embedding → embedded, with pending_conversion → converting first for
// formats that go through LibreOffice; parsing_failed / embedding_failed / fail with the reason in
// status_detail. Each side effect is its own step, and every step re-checks that the file still exists at
// this content_version: a deleted or replaced file ends the job cleanly without writing.

import { queueAttributeFillAfterIngestion } from "@/lib/facets/auto-fill-attributes";
import { embedStep } from "@/lib/ingestion/embed-file";
import { type FileRef, failIngestion } from "@/lib/ingestion/file-state";
import { finalizeStep } from "@/lib/ingestion/finalize-file";
import { parseStep } from "@/lib/ingestion/parse-file";
import { convertStep, detectStep } from "@/lib/ingestion/prepare-source";
import { queueThumbnail } from "@/lib/ingestion/thumbnail-file";
import { implementJob, throwIfBusy } from "../define-job";
import { ingestFileJob as definition } from "../definitions/ingest-file";

export const ingestFileJob = implementJob(definition, {
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

    const parsed = await step.run("parse", () =>
      parseStep(ref, source, detected.mimeType).catch((err: unknown) => {
        throwIfBusy(err);
        throw err;
      }),
    );
    if (parsed.outcome !== "ok") return parsed;

    const thumbnail = await step.run("queue-thumbnail", () => queueThumbnail(ref));
    if (thumbnail.outcome !== "ok") return thumbnail;

    const embedded = await step.run("embed", () => embedStep(ref, parsed.textSearchConfig));
    if (embedded.outcome !== "ok") return embedded;

    const finalized = await step.run("finalize", () => finalizeStep(ref));
    if (finalized.outcome !== "ok") return finalized;
    // Content types with auto_fill read their attributes now the document is ready (own job: never fails this one).
    await step.run("queue-attribute-fill", () => queueAttributeFillAfterIngestion(ref));
    return { outcome: "embedded" as const, pages: finalized.pages, chunks: embedded.chunks };
  },
  onFailure: async ({ payload, error }) => {
    await failIngestion({ fileId: payload.file_id, contentVersion: payload.content_version }, error.message);
  },
});
