// Asynchronous parse: runs the document engine on the uploaded bytes of a parse job.
import { AppError } from "@/lib/errors";
import { markParseFailed, runQueuedParse } from "@/lib/parse/run-parse";
import { implementJob, NonRetriableError, throwIfBusy } from "../define-job";
import { parseDocumentJob as definition } from "../definitions/parse-document";

export const parseDocumentJob = implementJob(definition, {
  handler: async ({ payload, step }) => {
    return step.run("parse", async () => {
      try {
        return await runQueuedParse(payload.parse_job_id);
      } catch (err) {
        throwIfBusy(err);
        // The outcome (the error block) is already recorded: retrying cannot change it.
        if (err instanceof AppError) throw new NonRetriableError(err.detail);
        throw err;
      }
    });
  },
  onFailure: async ({ payload, error }) => {
    await markParseFailed(payload.parse_job_id, "file_rendering_failed", `Parsing failed: ${error.message}`);
  },
});
