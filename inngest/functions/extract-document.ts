// Asynchronous extract: load pages → extract rows → coerce, store and meter, one step per phase
// (lib/extract/run-queued-extract.ts), so a retry after a crash resumes at the first unfinished phase.
import { AppError } from "@/lib/errors";
import { markExtractFailed } from "@/lib/extract/run-extract";
import { deleteExtractIntermediates, extractQueuedRows, loadQueuedPages, storeQueuedResult } from "@/lib/extract/run-queued-extract";
import { log } from "@/lib/log";
import { implementJob, NonRetriableError, throwIfBusy } from "../define-job";
import { extractDocumentJob as definition } from "../definitions/extract-document";

/**
 * Runs one phase. A recorded outcome (AppError) ends the job for good; OCR back-pressure waits; anything
 * else is retried (and recorded by onFailure once retries run out).
 */
async function phase<T>(jobId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throwIfBusy(err);
    if (!(err instanceof AppError)) throw err;
    await markExtractFailed(jobId, err.code, err.detail);
    throw new NonRetriableError(err.detail);
  }
}

export const extractDocumentJob = implementJob(definition, {
  handler: async ({ payload, step }) => {
    const id = payload.extract_job_id;
    const loaded = await step.run("load-pages", () => phase(id, () => loadQueuedPages(id)));
    if ("skipped" in loaded) return loaded;
    const extracted = await step.run("extract", () => phase(id, () => extractQueuedRows(id)));
    if ("skipped" in extracted) return extracted;
    await step.run("store", () => phase(id, () => storeQueuedResult(id)));
    await step.run("clean-up", () => deleteExtractIntermediates(id));
    return { rows: extracted.rows };
  },
  onFailure: async ({ payload, error, jobId }) => {
    // The cause is logged, not shown: its message is an internal detail (storage, database, parser).
    log.error("extract job failed for good", { jobId, extractJobId: payload.extract_job_id, err: error });
    await markExtractFailed(payload.extract_job_id, "extraction_failed", "The extraction failed after several attempts.");
    await deleteExtractIntermediates(payload.extract_job_id).catch(() => undefined);
  },
});
