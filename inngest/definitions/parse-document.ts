// Asynchronous parse of an uploaded document (POST /parse with async). Handler: inngest/functions/parse-document.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const parseDocumentJob = defineJobSpec({
  id: "parse-document",
  payload: z.object({ parse_job_id: z.string() }),
  retries: 5,
  concurrency: 2,
});
