// Automatic filling of a file version's classifications whose content type has `auto_fill` (issue 19),
// queued by ingestion once the file is ready and by classifying a ready file. Handler:
// inngest/functions/fill-attributes.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const fillAttributesJob = defineJobSpec({
  id: "fill-attributes",
  payload: z.object({
    file_id: z.number().int().positive(),
    content_version: z.number().int().positive(),
  }),
  // Extraction failures are recorded on the file inside the step; a retry is for a crash or a lost database.
  retries: 2,
  // A convenience after ingestion: one at a time and after every runnable ingestion.
  concurrency: 1,
  priority: "low",
});
