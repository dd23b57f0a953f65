// State shared by the document jobs, the parse_jobs and extract_jobs records behind /parse and /extract
// (lib/parse, lib/extract; the background runs are inngest jobs). Live progress: reports come much faster than the
// database should be written, so writes are throttled, chained in order, and awaited once at the end
// (flush). Failure: the one update that ends a job still in flight as failed with its error block.

export interface JobProgress {
  percentage: number;
  pages_processed: number;
}

export interface ProgressWriter {
  /**
   * Records progress; written at most every `intervalMs` unless `force` (e.g. the last page). The promise
   * settles once a write started by this report is done (at once when throttled): callers that can wait
   * (extractors between batches) make progress visible before their next step.
   */
  report(progress: JobProgress, force?: boolean): Promise<void>;
  /** Waits for the writes already started. */
  flush(): Promise<void>;
}

/** Percentage with one decimal, 0 when nothing is known yet. */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 1000) / 10) : 0;
}

export function progressWriter(write: (progress: JobProgress) => Promise<unknown>, intervalMs = 500): ProgressWriter {
  let lastWrite = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    async report(progress, force = false) {
      const now = Date.now();
      if (!force && now - lastWrite < intervalMs) return;
      lastWrite = now;
      // A lost progress write is harmless: the next one (or the outcome) overwrites it.
      const written = chain.then(() => write(progress).catch(() => undefined));
      chain = written;
      await written;
    },
    async flush() {
      await chain;
    },
  };
}

/** `updateMany` arguments that fail a job still in flight (a job that already has an outcome keeps it). */
export function failJobUpdate(id: string, code: string, detail: string, startedAt?: Date | null) {
  const completedAt = new Date();
  return {
    where: { id, status: { in: ["pending", "processing"] } },
    data: {
      status: "failed",
      error: { error: code, detail },
      completedAt,
      processingTimeMs: startedAt ? completedAt.getTime() - startedAt.getTime() : null,
    },
  };
}
