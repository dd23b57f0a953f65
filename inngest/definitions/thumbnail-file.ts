// The first-page thumbnail of one file version, made after ingestion parsed it and off the path to `embedded`.
// Handler: inngest/functions/thumbnail-file.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const thumbnailFileJob = defineJobSpec({
  id: "thumbnail-file",
  payload: z.object({
    file_id: z.number().int().positive(),
    content_version: z.number().int().positive(),
  }),
  // A retry is for a transient failure (LibreOffice timing out under load); a broken file failed parsing already.
  retries: 2,
  // A nicety: one at a time and after every runnable ingestion, so it never takes CPU or slots from ingestion.
  concurrency: 1,
  priority: "low",
});
