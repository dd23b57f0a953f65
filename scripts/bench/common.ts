// Helpers shared by the benchmark scripts (scripts/bench-*.ts): command-line flags, a seeded random
// generator for reproducible synthetic corpora, percentiles and the process's peak RSS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Configuration of a benchmark that runs the app in process (ingestion, API under load): a fresh data
 * directory, an in-memory database, silent logs, the local runner started by the script itself. Call it before
 * any app module is loaded (env() parses process.env once). Returns the data directory.
 */
export function benchAppEnvironment(prefix: string, jobsConcurrency: number): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = "memory://";
  process.env.LOG_LEVEL = "silent";
  process.env.JOBS_WORKER_ENABLED = "false";
  process.env.JOBS_CONCURRENCY = String(jobsConcurrency);
  // The limiter stays on (its cost is part of a request) but must not throttle the benchmark.
  process.env.RATE_LIMIT_MAX = "100000000";
  return dataDir;
}

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Whether `--name` is on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** A seeded pseudo-random generator (mulberry32) returning numbers in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `p`th percentile of `xs`: the value at index floor(p% of n) of the sorted values (p = 50: the upper median). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The median of `xs` (the mean of the two middle values when their number is even). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The process's peak resident set size so far (the kernel's high-water mark), in MiB. */
export const peakRssMiB = (): number => process.resourceUsage().maxRSS / 1024;
