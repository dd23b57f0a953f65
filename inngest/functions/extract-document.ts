// Asynchronous extract: load pages → extract rows → coerce, store and meter. Each phase is a step whose
// bulky output (pages, raw rows) is kept in storage next to the upload, so a retry after a crash resumes at
// the first unfinished phase; the store step is idempotent (status-guarded transaction).
import { RetryAfterError } from "inngest";
import { z } from "zod";
import type { ExtractJob } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import type { LoadedPages } from "@/lib/extract/extract-source";
import { extractRows, loadPages, markExtractFailed, startExtract, storeResult } from "@/lib/extract/run-extract";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { ExtractionResult } from "@/lib/ai/extraction";
import { storage } from "@/lib/storage/storage";
import { NonRetriableError, defineJob } from "../define-job";

const pagesKey = (id: string) => `extract/${id}/pages.json`;
const rowsKey = (id: string) => `extract/${id}/rows.json`;

async function readJson<T>(key: string): Promise<T> {
  return JSON.parse((await storage().readBytes(key)).toString("utf8")) as T;
}

const writeJson = (key: string, value: unknown) => storage().putBytes(key, Buffer.from(JSON.stringify(value)));

/**
 * Runs one phase on a job still in flight. A recorded outcome (AppError) ends the job for good; OCR
 * back-pressure waits; anything else is retried (and recorded by onFailure once retries run out).
 */
async function phase<T>(jobId: string, fn: (job: ExtractJob) => Promise<T>): Promise<T | { skipped: true }> {
  const job = await startExtract(jobId);
  if (!job) return { skipped: true };
  try {
    return await fn(job);
  } catch (err) {
    if (err instanceof AppError && err.code === "ocr_concurrent_limit") throw new RetryAfterError("OCR pool is busy", 5_000);
    if (!(err instanceof AppError)) throw err;
    await markExtractFailed(jobId, err.code, err.detail);
    throw new NonRetriableError(err.detail);
  }
}

export const extractDocumentJob = defineJob({
  id: "extract-document",
  payload: z.object({ extract_job_id: z.string() }),
  retries: 3,
  concurrency: 2,
  handler: async ({ payload, step }) => {
    const id = payload.extract_job_id;
    const loaded = await step.run("load-pages", () =>
      phase(id, async (job) => {
        const timeoutMs = env().DOCUMENT_TIMEOUT_MS;
        let pages: LoadedPages;
        if (job.storageKey) {
          if (!(await storage().exists(job.storageKey))) throw new AppError("extraction_failed", "The uploaded document is no longer available.");
          pages = await storage().withLocalFile(job.storageKey, (file) => loadPages(job, file, { timeoutMs }));
        } else pages = await loadPages(job, null, { timeoutMs });
        await writeJson(pagesKey(id), pages.pages);
        return { pages: pages.pages.length };
      }),
    );
    if ("skipped" in loaded) return loaded;
    const extracted = await step.run("extract", () =>
      phase(id, async (job) => {
        const raw = await extractRows(job, await readJson<LoadedPages["pages"]>(pagesKey(id)));
        await writeJson(rowsKey(id), raw);
        return { rows: raw.rows.length };
      }),
    );
    if ("skipped" in extracted) return extracted;
    await step.run("store", () => phase(id, async () => storeResult(id, await readJson<ExtractionResult>(rowsKey(id)))));
    // The intermediate files are only needed to resume; the upload stays until retention purges the job.
    await step.run("clean-up", async () => {
      await Promise.all([storage().delete(pagesKey(id)), storage().delete(rowsKey(id))]);
    });
    return { rows: extracted.rows };
  },
  onFailure: async ({ payload, error, jobId }) => {
    // The cause is logged, not shown: its message is an internal detail (storage, database, parser).
    log.error("extract job failed for good", { jobId, extractJobId: payload.extract_job_id, err: error });
    await markExtractFailed(payload.extract_job_id, "extraction_failed", "The extraction failed after several attempts.");
    await Promise.all([storage().delete(pagesKey(payload.extract_job_id)), storage().delete(rowsKey(payload.extract_job_id))]).catch(() => undefined);
  },
});
