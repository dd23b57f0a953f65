// Asynchronous extract (POST /extract with async). Handler: inngest/functions/extract-document.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const extractDocumentJob = defineJobSpec({
  id: "extract-document",
  payload: z.object({ extract_job_id: z.string() }),
  retries: 3,
  concurrency: 2,
});
