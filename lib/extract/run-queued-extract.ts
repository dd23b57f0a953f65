// The phases of a queued extract (inngest/functions/extract-document.ts runs each as a step): load pages →
// extract rows → coerce, store and meter. Each phase's bulky output (pages, raw rows) is kept in storage
// next to the upload, so a retry after a crash resumes at the first unfinished phase; the store phase is
// idempotent (status-guarded transaction). A phase of a job that is gone or already final is skipped.

import type { ExtractionResult } from "@/lib/ai/extraction";
import type { ExtractJob } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { storage } from "@/lib/storage/storage";
import type { LoadedPages } from "./extract-source";
import { extractRows, loadPages, startExtract, storeResult } from "./run-extract";

export type SkippedPhase = { skipped: true };

const pagesKey = (id: string) => `extract/${id}/pages.json`;
const rowsKey = (id: string) => `extract/${id}/rows.json`;

async function readJson<T>(key: string): Promise<T> {
  return JSON.parse((await storage().readBytes(key)).toString("utf8")) as T;
}

const writeJson = (key: string, value: unknown) => storage().putBytes(key, Buffer.from(JSON.stringify(value)));

async function inFlight<T>(jobId: string, fn: (job: ExtractJob) => Promise<T>): Promise<T | SkippedPhase> {
  const job = await startExtract(jobId);
  if (!job) return { skipped: true };
  return fn(job);
}

/** Phase 1: the pages to extract from (the uploaded document converted, or an ingested file's pages). */
export function loadQueuedPages(jobId: string): Promise<{ pages: number } | SkippedPhase> {
  return inFlight(jobId, async (job) => {
    const timeoutMs = env().DOCUMENT_TIMEOUT_MS;
    let pages: LoadedPages;
    if (job.storageKey) {
      if (!(await storage().exists(job.storageKey))) throw new AppError("extraction_failed", "The uploaded document is no longer available.");
      pages = await storage().withLocalFile(job.storageKey, (file) => loadPages(job, file, { timeoutMs }));
    } else pages = await loadPages(job, null, { timeoutMs });
    await writeJson(pagesKey(jobId), pages.pages);
    return { pages: pages.pages.length };
  });
}

/** Phase 2: raw rows from the pages stored by phase 1. */
export function extractQueuedRows(jobId: string): Promise<{ rows: number } | SkippedPhase> {
  return inFlight(jobId, async (job) => {
    const raw = await extractRows(job, await readJson<LoadedPages["pages"]>(pagesKey(jobId)));
    await writeJson(rowsKey(jobId), raw);
    return { rows: raw.rows.length };
  });
}

/** Phase 3: the rows stored by phase 2, coerced, stored and metered. */
// biome-ignore lint/suspicious/noConfusingVoidType: the phase stores and returns nothing, or says it was skipped
export function storeQueuedResult(jobId: string): Promise<void | SkippedPhase> {
  return inFlight(jobId, async () => storeResult(jobId, await readJson<ExtractionResult>(rowsKey(jobId))));
}

/** The intermediate files are only needed to resume; the upload stays until retention purges the job. */
export async function deleteExtractIntermediates(jobId: string): Promise<void> {
  await Promise.all([storage().delete(pagesKey(jobId)), storage().delete(rowsKey(jobId))]);
}
