// Asynchronous parse: runs the document engine on the uploaded bytes of a parse job.
import { RetryAfterError } from "inngest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { markParseFailed, runParse } from "@/lib/parse/run-parse";
import { storage } from "@/lib/storage/storage";
import { NonRetriableError, defineJob } from "../define-job";

export const parseDocumentJob = defineJob({
  id: "parse-document",
  payload: z.object({ parse_job_id: z.string() }),
  retries: 5,
  concurrency: 2,
  handler: async ({ payload, step }) => {
    return step.run("parse", async () => {
      const job = await db().parseJob.findUnique({ where: { id: payload.parse_job_id } });
      // Purged or already final (a retry after the outcome was written): nothing to do.
      if (!job || job.status === "completed" || job.status === "failed") return { skipped: true };
      if (!job.storageKey || !(await storage().exists(job.storageKey))) {
        await markParseFailed(job.id, "file_rendering_failed", "The uploaded document is no longer available.", job.startedAt);
        return { skipped: true };
      }
      try {
        await storage().withLocalFile(job.storageKey, (file) => runParse(job.id, file));
      } catch (err) {
        if (err instanceof AppError && err.code === "ocr_concurrent_limit") throw new RetryAfterError("OCR pool is busy", 5_000);
        // The outcome (the error block) is already recorded: retrying cannot change it.
        if (err instanceof AppError) throw new NonRetriableError(err.detail);
        throw err;
      }
      return { skipped: false };
    });
  },
  onFailure: async ({ payload, error }) => {
    await markParseFailed(payload.parse_job_id, "file_rendering_failed", `Parsing failed: ${error.message}`);
  },
});
