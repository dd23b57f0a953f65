// Ingestion of one file version (detect → convert → parse → queue the thumbnail job → embed → finalize).
// Handler: inngest/functions/ingest-file.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const ZIngestFilePayload = z.object({
  file_id: z.number().int().positive(),
  content_version: z.number().int().positive(),
});

export const ingestFileJob = defineJobSpec({
  id: "ingest-file",
  payload: ZIngestFilePayload,
  retries: 3,
  // Parsing (OCR, LibreOffice for doc/ppt) and embedding are CPU-heavy: two files at a time per worker.
  concurrency: 2,
});
