// The phases of one extract job, shared by the synchronous request and the background job: load pages
// (convert the document, or read an ingested file's pages), extract rows with live progress, then coerce,
// store and meter in one transaction. Failures end as `failed` with an error block.

import { type ExtractionResult, extractor, type Granularity, type ObjectSchema } from "@/lib/ai/extraction";
import { coerceRows } from "@/lib/ai/extraction/coerce";
import { recordUsage } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import type { ExtractJob } from "@/lib/db/generated/client";
import { failJobUpdate, type JobProgress, percentOf, progressWriter } from "@/lib/document-jobs";
import { typeOfMimeType } from "@/lib/documents/detect";
import { parsePageRange } from "@/lib/documents/page-range";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { convertDocument, type LoadedPages, loadFilePages } from "./extract-source";

/** What a job keeps of its request options. */
export interface StoredExtractOptions {
  page_range?: string;
  granularity: Granularity;
}

const FINAL = ["completed", "failed"];
/** Rows per INSERT when storing a result (keeps statements small for record-level results of long documents). */
const INSERT_BATCH = 1000;

export const isFinal = (job: Pick<ExtractJob, "status">) => FINAL.includes(job.status);

function writeProgress(jobId: string) {
  return progressWriter((value: JobProgress) => db().extractJob.update({ where: { id: jobId }, data: { progress: { ...value } } }));
}

/** Moves a job to `processing` (first call) and returns it; null when it is gone or already final. */
export async function startExtract(jobId: string): Promise<ExtractJob | null> {
  const job = await db().extractJob.findUnique({ where: { id: jobId } });
  if (!job || isFinal(job)) return null;
  if (job.status === "processing") return job;
  return db().extractJob.update({
    where: { id: jobId },
    data: { status: "processing", startedAt: job.startedAt ?? new Date(), progress: { percentage: 0, pages_processed: 0 } },
  });
}

/** Phase 1 (0–50 %): the pages to extract from. `localPath` is the document for upload/URL jobs. */
export async function loadPages(job: ExtractJob, localPath: string | null, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<LoadedPages> {
  const options = job.options as unknown as StoredExtractOptions;
  const range = options.page_range !== undefined ? parsePageRange(options.page_range) : undefined;
  const progress = writeProgress(job.id);
  let loaded: LoadedPages;
  if (job.sourceFileId !== null) {
    loaded = await loadFilePages(job.sourceFileId, job.sourceFileVersion ?? 0, range, job.isAsync);
  } else {
    if (!localPath) throw new AppError("extraction_failed", "The uploaded document is no longer available.");
    loaded = await convertDocument(localPath, job.filename, {
      // Detected at intake and kept as the job's MIME type.
      type: typeOfMimeType(job.mimeType, job.filename) ?? undefined,
      range,
      isAsync: job.isAsync,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      onProgress: (done, total) => void progress.report({ percentage: percentOf(done, 2 * total), pages_processed: 0 }, done >= total),
    });
  }
  await progress.flush();
  await db().extractJob.update({
    where: { id: job.id },
    data: { pageCount: loaded.pageCount, mimeType: loaded.mimeType, progress: { percentage: 50, pages_processed: 0 } },
  });
  return loaded;
}

/** Phase 2 (50–100 %): raw rows from the configured extractor. */
export async function extractRows(job: ExtractJob, pages: LoadedPages["pages"], signal?: AbortSignal): Promise<ExtractionResult> {
  const options = job.options as unknown as StoredExtractOptions;
  const progress = writeProgress(job.id);
  try {
    return await extractor().extract({
      schema: job.schema as unknown as ObjectSchema,
      filename: job.filename,
      pages,
      granularity: options.granularity,
      signal,
      onProgress: (done) =>
        progress.report({ percentage: percentOf(pages.length + done, 2 * pages.length), pages_processed: done }, done >= pages.length),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal?.aborted) throw new AppError("extraction_timeout", "The extraction did not finish in time.");
    log.error("extraction failed", { jobId: job.id, err });
    throw new AppError("extraction_failed", "The extraction failed unexpectedly.");
  } finally {
    await progress.flush();
  }
}

/** Phase 3: coerced rows, the job's outcome and the usage event, all or nothing (and only once). */
export async function storeResult(jobId: string, raw: ExtractionResult): Promise<void> {
  const job = await db().extractJob.findUniqueOrThrow({ where: { id: jobId } });
  if (isFinal(job)) return;
  const rows = coerceRows(job.schema as unknown as ObjectSchema, raw.rows, { locale: raw.locale });
  const completedAt = new Date();
  const started = job.startedAt ?? job.createdAt;
  await db().$transaction(
    async (tx) => {
      // The status guard makes a replayed store (a retry after a crash at commit) a no-op.
      const { count } = await tx.extractJob.updateMany({
        where: { id: jobId, status: { in: ["pending", "processing"] } },
        data: {
          status: "completed",
          granularity: raw.granularity,
          resultCount: rows.length,
          pagesProcessed: raw.pagesProcessed,
          progress: { percentage: 100, pages_processed: raw.pagesProcessed },
          completedAt,
          processingTimeMs: completedAt.getTime() - started.getTime(),
        },
      });
      if (count === 0) return;
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        await tx.extractResult.createMany({
          data: rows.slice(i, i + INSERT_BATCH).map((data, k) => ({ jobId, position: i + k, data: data as object })),
        });
      }
      await recordUsage(
        {
          feature: "extraction",
          quantity: raw.pagesProcessed,
          companyId: job.companyId,
          userId: job.userId,
          apiKeyId: job.apiKeyId,
          metadata: { extract_job_id: jobId, granularity: raw.granularity, rows: rows.length },
        },
        tx,
      );
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

/** Records a failure once: a job that already has an outcome keeps it. */
export async function markExtractFailed(jobId: string, code: string, detail: string): Promise<void> {
  const job = await db().extractJob.findUnique({ where: { id: jobId }, select: { startedAt: true } });
  await db().extractJob.updateMany(failJobUpdate(jobId, code, detail, job?.startedAt));
}

/** Any failure as the AppError to record and answer: unexpected errors become extraction_failed. */
export function asExtractError(err: unknown, jobId: string): AppError {
  if (err instanceof AppError) return err;
  log.error("extract job failed", { jobId, err });
  return new AppError("extraction_failed", "The extraction failed unexpectedly.");
}
