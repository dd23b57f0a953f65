// Document workers: converters run in worker threads, so that a hostile or huge document costs a worker, never
// the web process, and CPU-heavy parsing does not stall the event loop that serves the API. One process-wide
// pool (a globalThis singleton, shared by every Next.js bundle) of DOC_WORKERS threads, each with a V8 heap
// limit (DOC_WORKER_MAX_MB via resourceLimits), one document at a time; documents wait in FIFO order.
//
// - A worker that runs out of heap is killed by V8 alone; the document fails with file_rendering_failed
//   ("needs more memory than …") and the next document starts a fresh worker.
// - An abort (the time budget of parseDocument, a cancelled job, a deleted file) rejects at once with the
//   signal's reason; the worker is asked to stop and terminated if it has not within ABORT_GRACE_MS (a
//   converter stuck in synchronous code cannot see the request).
// - Workers load TypeScript sources through worker-entry.mjs (tsx's loader), from the app directory at run
//   time: the same files under `next start`, tsx scripts and vitest, and nothing for the bundler to follow.
// - Idle workers do not keep a script alive and are stopped after IDLE_WORKER_MS.
// - Workers run at a lower scheduling priority (DOC_WORKER_NICE; on Linux niceness is per thread, and the
//   child processes they start inherit it): with as many busy workers as cores, the web thread still gets a core.
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { env, envSource } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { killChildProcesses } from "../child-processes";
import { ocrStats } from "../ocr/pool";
import type { DocumentKind, ParseOutput } from "../types";
import { type ConvertTask, type DocumentWorkerData, deserializeError, type FromWorker, type ToWorker } from "./messages";
import { OcrBridgeHost } from "./ocr-bridge";

const ABORT_GRACE_MS = 2_000;
const IDLE_WORKER_MS = 5 * 60_000;
/** A worker that has not loaded its modules by then is abandoned. */
const START_TIMEOUT_MS = 60_000;

interface Job {
  id: number;
  task: ConvertTask;
  resolve: (out: ParseOutput) => void;
  reject: (err: unknown) => void;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  bridge: OcrBridgeHost;
  /** Programs the worker started and that are still running (pid → process group): killed with the worker. */
  children: Map<number, boolean>;
  job?: Job;
  dead: boolean;
  idleTimer?: NodeJS.Timeout;
  abortTimer?: NodeJS.Timeout;
}

export interface DocumentWorkerStats {
  workers: number;
  busy: number;
  queued: number;
  maxWorkers: number;
  maxHeapMb: number;
}

/**
 * A file of this directory in the app's sources, resolved at run time. The bundler must not follow it: given a
 * path it can resolve, Turbopack bundles a worker entry (and then tsx, esbuild and its binary) into the route.
 */
function sourceFile(name: string): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "documents", "worker", name);
}

class DocumentWorkerPool {
  readonly size: number;
  readonly maxHeapMb: number;
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;

  constructor() {
    this.size = documentWorkerCount();
    this.maxHeapMb = env().DOC_WORKER_MAX_MB;
  }

  stats(): DocumentWorkerStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      maxWorkers: this.size,
      maxHeapMb: this.maxHeapMb,
    };
  }

  run(task: ConvertTask, opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<ParseOutput> {
    opts.signal?.throwIfAborted();
    return new Promise<ParseOutput>((resolve, reject) => {
      const job: Job = { id: this.nextId++, task, resolve, reject, onProgress: opts.onProgress, signal: opts.signal, settled: false };
      if (opts.signal) {
        job.onAbort = () => this.abort(job);
        opts.signal.addEventListener("abort", job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Starts one worker ahead of the first document and has it load the converters of `kinds`. */
  warm(kinds: DocumentKind[]): void {
    if (this.slots.length || this.size === 0) return;
    const slot = this.start();
    this.send(slot, { type: "warm", kinds });
    this.idle(slot);
  }

  private settle(job: Job, fn: () => void): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
    fn();
  }

  private abort(job: Job): void {
    const reason = job.signal?.reason;
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.settle(job, () => job.reject(reason));
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    this.send(slot, { type: "abort", id: job.id });
    slot.abortTimer = setTimeout(() => {
      if (slot.job === job) this.kill(slot);
    }, ABORT_GRACE_MS);
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job && !s.dead);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.start();
      }
      const job = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.worker.ref();
      this.send(slot, { type: "convert", id: job.id, task: job.task, env: envSource() });
    }
  }

  private send(slot: Slot, msg: ToWorker): void {
    if (!slot.dead) slot.worker.postMessage(msg);
  }

  private start(): Slot {
    const data: DocumentWorkerData = {
      main: sourceFile("worker-main.ts"),
      ocrMaxWorkers: ocrStats().maxWorkers,
      ocrCapacity: ocrStats().capacity,
      nice: env().DOC_WORKER_NICE,
    };
    const entry = sourceFile("worker-entry.mjs");
    const worker = new Worker(/*turbopackIgnore: true*/ entry, {
      workerData: data,
      // server-only resolves to its empty module under this condition, as in the web process's server bundles
      execArgv: ["--conditions=react-server"],
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, this.maxHeapMb / 16)) },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, dead: false, children: new Map(), bridge: new OcrBridgeHost((msg) => this.send(slot, msg)) };
    let ready = false;
    const startTimer = setTimeout(() => {
      if (!ready) this.fail(slot, new AppError("internal_server_error", "A document worker did not start in time."));
    }, START_TIMEOUT_MS);
    startTimer.unref();
    worker.on("message", (msg: FromWorker) => {
      if (msg.type === "ready") {
        ready = true;
        clearTimeout(startTimer);
      } else if (msg.type === "progress") {
        if (slot.job?.id === msg.id && !slot.job.settled) slot.job.onProgress?.(msg.done, msg.total);
      } else if (msg.type === "done") this.finish(slot, msg);
      else if (msg.type === "child") {
        if (msg.running) slot.children.set(msg.pid, msg.group);
        else slot.children.delete(msg.pid);
      } else slot.bridge.handle(msg);
    });
    worker.on("error", (err: Error & { code?: string }) => {
      const oom = err.code === "ERR_WORKER_OUT_OF_MEMORY";
      this.fail(
        slot,
        oom
          ? new AppError(
              "file_rendering_failed",
              `The document needs more memory than a document worker may use (${this.maxHeapMb} MB); it is too large or too complex to process.`,
            )
          : new AppError("file_rendering_failed", `The document worker failed: ${err.message}`),
      );
    });
    worker.on("exit", (code) => {
      clearTimeout(startTimer);
      this.fail(slot, new AppError("file_rendering_failed", `The document worker stopped unexpectedly (exit code ${code}).`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, msg: Extract<FromWorker, { type: "done" }>): void {
    const job = slot.job;
    if (!job || job.id !== msg.id) return;
    slot.job = undefined;
    if (slot.abortTimer) clearTimeout(slot.abortTimer);
    this.settle(job, () => (msg.error ? job.reject(deserializeError(msg.error)) : job.resolve(msg.output!)));
    this.idle(slot);
    this.pump();
  }

  private idle(slot: Slot): void {
    if (slot.dead) return;
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => this.kill(slot), IDLE_WORKER_MS);
    slot.idleTimer.unref();
  }

  /** The worker died or must die: its document fails with `err`, its OCR pages stop, a later job starts a new one. */
  private fail(slot: Slot, err: unknown): void {
    const job = slot.job;
    slot.job = undefined;
    if (job) this.settle(job, () => job.reject(err));
    this.kill(slot);
    this.pump();
  }

  private kill(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.abortTimer) clearTimeout(slot.abortTimer);
    this.slots = this.slots.filter((s) => s !== slot);
    slot.bridge.close();
    void slot.worker.terminate().catch(() => undefined);
    // A terminated worker cannot stop the programs it started (its timers and abort handlers never run again).
    killChildProcesses(slot.children);
    slot.children.clear();
  }

  async shutdown(): Promise<void> {
    for (const job of this.queue.splice(0)) {
      this.settle(job, () => job.reject(new AppError("service_maintenance", "The document service was shut down.")));
    }
    await Promise.all(
      [...this.slots].map((slot) => {
        const worker = slot.worker;
        this.fail(slot, new AppError("service_maintenance", "The document service was shut down."));
        return worker.terminate().catch(() => undefined);
      }),
    );
  }
}

const POOL_KEY = Symbol.for("docintel.documents.worker-pool");
type Global = typeof globalThis & { [POOL_KEY]?: DocumentWorkerPool };

/** DOC_WORKERS, default the CPU count (at least 1, at most 4); 0 runs converters in the calling thread. */
export function documentWorkerCount(): number {
  const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return env().DOC_WORKERS ?? Math.max(1, Math.min(4, cpus));
}

/** Runs the converter for `task` in a document worker. */
export function convertInWorker(
  task: ConvertTask,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ParseOutput> {
  const g = globalThis as Global;
  g[POOL_KEY] ??= new DocumentWorkerPool();
  return g[POOL_KEY].run(task, opts);
}

export function documentWorkerStats(): DocumentWorkerStats {
  const p = (globalThis as Global)[POOL_KEY];
  return p ? p.stats() : { workers: 0, busy: 0, queued: 0, maxWorkers: documentWorkerCount(), maxHeapMb: env().DOC_WORKER_MAX_MB };
}

/**
 * Start-up warm-up: one document worker is started and loads the common converters in the background, so the
 * first upload after a start does not wait for a worker thread to compile its sources (seconds under load). An
 * unused worker stops after the idle timeout like any other.
 */
export function warmUpDocumentWorkers(kinds: DocumentKind[] = ["pdf", "docx", "html", "txt"]): void {
  const g = globalThis as Global;
  g[POOL_KEY] ??= new DocumentWorkerPool();
  g[POOL_KEY].warm(kinds);
}

/** Stops every worker and fails waiting documents; the next call starts a new pool with current settings. */
export async function shutdownDocumentWorkers(): Promise<void> {
  const g = globalThis as Global;
  const p = g[POOL_KEY];
  delete g[POOL_KEY];
  await p?.shutdown();
}
