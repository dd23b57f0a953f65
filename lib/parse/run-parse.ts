// Runs the document engine for one parse job and records the outcome: live progress while in flight,
// then the result with its usage event in one transaction, or the error block.

import { recordUsage } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import { failJobUpdate, percentOf, progressWriter } from "@/lib/document-jobs";
import { parsePageRange } from "@/lib/documents/page-range";
import { joinPages, parseDocument } from "@/lib/documents/parse-document";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage/storage";

export interface StoredParseOptions {
  page_range?: string;
  ocr: "auto" | "force" | "off";
  ocr_languages: string[];
  /** Keep hyperlinks as Markdown links (absent on jobs stored before the option existed: dropped). */
  links?: boolean;
}

export async function runParse(jobId: string, file: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
  const job = await db().parseJob.findUniqueOrThrow({ where: { id: jobId } });
  if (job.status === "completed" || job.status === "failed") return;
  const options = job.options as unknown as StoredParseOptions;
  const startedAt = job.startedAt ?? new Date();
  await db().parseJob.update({
    where: { id: jobId },
    data: { status: "processing", startedAt, progress: { percentage: 0, pages_processed: 0 } },
  });
  const progress = progressWriter((value) => db().parseJob.update({ where: { id: jobId }, data: { progress: { ...value } } }));
  const onProgress = (done: number, total: number) =>
    void progress.report({ percentage: percentOf(done, total), pages_processed: done }, done >= total);
  try {
    const parsed = await parseDocument({
      path: file,
      filename: job.filename,
      pageRange: options.page_range !== undefined ? parsePageRange(options.page_range) : undefined,
      ocr: options.ocr,
      ocrLanguages: options.ocr_languages,
      links: options.links === true,
      maxPages: job.isAsync ? env().PARSE_ASYNC_MAX_PAGES : env().PARSE_SYNC_MAX_PAGES,
      timeoutMs: job.isAsync ? env().DOCUMENT_TIMEOUT_MS : env().PARSE_SYNC_TIMEOUT_MS,
      signal: opts.signal,
      onProgress,
      onDetected: async (type) => {
        await db().parseJob.update({ where: { id: jobId }, data: { mimeType: type.mimeType } });
      },
    });
    await progress.flush();
    const completedAt = new Date();
    const usage = { pages_processed: parsed.pages.length, ocr_pages: parsed.ocrPages };
    await db().$transaction(async (tx) => {
      await tx.parseJob.update({
        where: { id: jobId },
        data: {
          status: "completed",
          mimeType: parsed.type.mimeType,
          pageCount: parsed.pageCount,
          result: { markdown: joinPages(parsed.pages), pages: parsed.pages.map((p) => ({ page: p.page, markdown: p.markdown })) },
          usage,
          progress: { percentage: 100, pages_processed: parsed.pages.length },
          completedAt,
          processingTimeMs: completedAt.getTime() - startedAt.getTime(),
        },
      });
      await recordUsage(
        {
          feature: "parsing",
          quantity: usage.pages_processed,
          companyId: job.companyId,
          userId: job.userId,
          apiKeyId: job.apiKeyId,
          metadata: { parse_job_id: jobId, ocr_pages: usage.ocr_pages },
        },
        tx,
      );
    });
  } catch (err) {
    await progress.flush();
    // Background jobs wait for OCR capacity instead of failing: the caller retries the job later.
    if (job.isAsync && err instanceof AppError && err.code === "ocr_concurrent_limit") throw err;
    const appErr = err instanceof AppError ? err : new AppError("file_rendering_failed", "The document could not be processed.");
    if (!(err instanceof AppError)) log.error("parse failed", { jobId, err });
    await markParseFailed(jobId, appErr.code, appErr.detail, startedAt);
    throw appErr;
  }
}

/**
 * The background parse of a queued job (inngest/functions/parse-document.ts) on its uploaded bytes. Skipped
 * when the job was purged or already has an outcome (a retry after it was written); a failure is recorded
 * on the job and rethrown as the AppError.
 */
export async function runQueuedParse(parseJobId: string): Promise<{ skipped: boolean }> {
  const job = await db().parseJob.findUnique({ where: { id: parseJobId } });
  if (!job || job.status === "completed" || job.status === "failed") return { skipped: true };
  if (!job.storageKey || !(await storage().exists(job.storageKey))) {
    await markParseFailed(job.id, "file_rendering_failed", "The uploaded document is no longer available.", job.startedAt);
    return { skipped: true };
  }
  await storage().withLocalFile(job.storageKey, (file) => runParse(job.id, file));
  return { skipped: false };
}

export async function markParseFailed(jobId: string, code: string, detail: string, startedAt?: Date | null): Promise<void> {
  await db().parseJob.updateMany(failJobUpdate(jobId, code, detail, startedAt));
}
