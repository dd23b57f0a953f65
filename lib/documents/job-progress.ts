// Live progress of a document job (parse, extract): reports come much faster than the database should be
// written, so writes are throttled, chained in order, and awaited once at the end (flush).

export interface JobProgress {
  percentage: number;
  pages_processed: number;
}

export interface ProgressWriter {
  /** Records progress; written at most every `intervalMs` unless `force` (e.g. the last page). */
  report(progress: JobProgress, force?: boolean): void;
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
    report(progress, force = false) {
      const now = Date.now();
      if (!force && now - lastWrite < intervalMs) return;
      lastWrite = now;
      // A lost progress write is harmless: the next one (or the outcome) overwrites it.
      chain = chain.then(() => write(progress).catch(() => undefined));
    },
    async flush() {
      await chain;
    },
  };
}
