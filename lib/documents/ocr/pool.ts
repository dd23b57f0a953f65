// Worker pool: one process-wide pool of tesseract.js workers (a globalThis singleton, so every Next.js bundle
// shares it), created lazily on the first page. Workers are kept per language combination ("eng", "eng+deu")
// but their total never exceeds OCR_WORKERS: a combination that needs a worker takes over the least recently
// used idle one. Admission is bounded: when running + admitted-but-waiting page jobs would exceed
// OCR_WORKERS + OCR_QUEUE_MAX, a call rejects at once with 429 ocr_concurrent_limit (never a backlog).
// Each page has a timeout (OCR_PAGE_TIMEOUT_MS) and honours an AbortSignal; a timed-out, aborted or failed
// page terminates its worker (the WASM engine cannot be interrupted) and the next job starts a fresh one.
// With the native engine (native-tesseract.ts, OCR_ENGINE=auto and the binary installed) a slot is only a
// concurrency token: each page is a `tesseract` process of its own, killed on timeout or abort.
import fs from "node:fs";
import os from "node:os";
import { ProcessTimeout } from "@/lib/documents/run-process";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { flattenBackground } from "./background";
import { findTables } from "./erase-rules";
import { inkOnly } from "./ink-only";
import { linkLanguageDir, tesseractWorkerPath } from "./language-data";
import type { OcrLanguage } from "./languages";
import { ocrLayoutToMarkdown, scaleBox } from "./layout-markdown";
import { rereadWithoutLeaders } from "./leaders";
import { nativeTesseract, type Recognition, recognizeNative } from "./native-tesseract";
import { turnPrepared } from "./orientation";
import { needsOrientationProbe, probeTurn, wordsOf } from "./orientation-probe";
import { type PreparedImage, prepareOcrImage, renderingFailed } from "./prepare-image";
import { joinScriptPieces, readInDetectedScript } from "./script-detect";
import { rereadTables } from "./table-reread";
import type { TBlock } from "./tesseract-blocks";
import { typeMeter } from "./type-style";
import type { OcrOptions, OcrPageResult, OcrStats, OcrWord } from "./types";
import { readUnreadInk } from "./unread-ink";

type TesseractModule = typeof import("tesseract.js");
/**
 * A slot's engine: a tesseract.js worker (a thread), or the native binary (native-tesseract.ts: a process per
 * page, so nothing to start or stop).
 */
type TWorker = WasmWorker | NativeEngine;
type WasmWorker = import("tesseract.js").Worker & { worker?: import("node:worker_threads").Worker; native?: undefined };
interface NativeEngine {
  native: true;
  worker?: undefined;
  terminate(): Promise<unknown>;
}

/** Idle workers are terminated after this long (their 175–325 MB each are given back). */
const IDLE_WORKER_MS = 5 * 60_000;
/** A worker that has not loaded its language data by then is abandoned. */
const WORKER_START_TIMEOUT_MS = 60_000;

interface Slot {
  id: number;
  key: string;
  langs: OcrLanguage[];
  ready: Promise<TWorker>;
  worker?: TWorker;
  busy: boolean;
  dead: boolean;
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
  /** Fails the job running on this slot (worker crash). */
  failCurrent?: (err: unknown) => void;
}

interface Waiter {
  key: string;
  langs: OcrLanguage[];
  resolve: (slot: Slot) => void;
  reject: (err: unknown) => void;
  cleanup: () => void;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

class OcrPool {
  readonly maxWorkers: number;
  readonly queueMax: number;
  readonly pageTimeoutMs: number;
  private tickets = 0;
  private running = 0;
  private slots: Slot[] = [];
  private waiters: Waiter[] = [];
  private nextId = 1;
  private closed = false;
  private langDir?: string;
  private tesseract?: Promise<TesseractModule>;

  constructor() {
    const e = env();
    this.maxWorkers = defaultWorkers();
    this.queueMax = e.OCR_QUEUE_MAX;
    this.pageTimeoutMs = e.OCR_PAGE_TIMEOUT_MS;
  }

  get capacity(): number {
    return this.maxWorkers + this.queueMax;
  }

  stats(): OcrStats {
    return {
      running: this.running,
      queued: this.tickets - this.running,
      capacity: this.capacity,
      workers: this.slots.length,
      maxWorkers: this.maxWorkers,
      workerLanguages: this.slots.map((s) => s.key),
    };
  }

  /** Takes up to `want` tickets (at least one) or throws 429. Synchronous, so callers are admitted in call order. */
  admit(want: number): number {
    if (this.closed) throw new AppError("service_maintenance", "The OCR service is shutting down.");
    const free = this.capacity - this.tickets;
    if (free < 1) {
      throw new AppError(
        "ocr_concurrent_limit",
        `The OCR capacity is in use (${this.running} page${this.running === 1 ? "" : "s"} running, ${this.tickets - this.running} waiting; limit ${this.capacity}). Retry in a few seconds.`,
        { retryAfterSeconds: 5 },
      );
    }
    const granted = Math.max(1, Math.min(want, free));
    this.tickets += granted;
    return granted;
  }

  release(n: number): void {
    this.tickets = Math.max(0, this.tickets - n);
  }

  /** Prepares and recognises one image; the caller holds a ticket. */
  async process(image: Uint8Array, langs: OcrLanguage[], opts: OcrOptions): Promise<OcrPageResult> {
    const { signal } = opts;
    signal?.throwIfAborted();
    // Text on shaded boxes would go dark with its background in tesseract's binarisation (background.ts).
    let prepared = flattenBackground(await prepareOcrImage(image, { dpi: opts.dpi }));
    signal?.throwIfAborted();
    const slot = await this.acquire(langs, signal);
    let broken = true;
    try {
      const worker = await this.waitReady(slot, signal);
      const started = Date.now();
      const timeoutMs = opts.timeoutMs ?? this.pageTimeoutMs;
      const recognizing = this.recognize(slot, worker, prepared, timeoutMs, signal);
      // Ruling lines are found while the engine recognises the page (table-lines.ts, erase-rules.ts).
      let page = findTables(prepared);
      let data = await recognizing;
      if (prepared.scale !== 1 && readWords(data) < WEAK_PAGE_WORDS) {
        // Scaling must never make a page worse: a scaled page that reads (almost) nothing is read again
        // from the unscaled pixels, and the better reading is kept.
        const raw = flattenBackground(await prepareOcrImage(image, { dpi: opts.dpi, resample: false }));
        if (raw.scale !== prepared.scale) {
          const recognizingRaw = this.recognize(slot, worker, raw, timeoutMs, signal);
          const rawPage = findTables(raw);
          const second = await recognizingRaw;
          if (readWords(second) > readWords(data)) {
            data = second;
            prepared = raw;
            page = rawPage;
          }
        }
      }
      if (readWords(data) < WEAK_PAGE_WORDS) {
        // A page with ink that reads as (almost) nothing is read again from its ink alone (ink-only.ts: noise
        // took tesseract's threshold off a sparse page); the better reading is kept.
        const inked = inkOnly(prepared);
        if (inked) {
          const second = await this.recognize(slot, worker, inked, timeoutMs, signal);
          if (readWords(second) > readWords(data)) data = second;
        }
      }
      if (needsOrientationProbe(data)) {
        // A page read with low confidence may be upside down or turned (orientation.ts, orientation-probe.ts).
        const turn = await probeTurn((img) => this.recognize(slot, worker, img, timeoutMs, signal), prepared, wordsOf(data));
        if (turn) {
          prepared = turnPrepared(prepared, turn);
          const recognizingTurned = this.recognize(slot, worker, prepared, timeoutMs, signal);
          page = findTables(prepared);
          data = await recognizingTurned;
        }
      }
      /** System language data of a script the page's languages do not cover (script-detect.ts), when found. */
      let script: string | undefined;
      if (worker.native && needsOrientationProbe(data)) {
        // A page still read poorly may be in a script its languages do not cover (script-detect.ts); an
        // engine failure here keeps the page's reading, an abort ends the page.
        const other = await readInDetectedScript(prepared.pgm, data, { langs: slot.langs, dpi: prepared.dpi, timeoutMs, signal }).catch(() => {
          if (signal?.aborted) throw abortError(signal);
          return null;
        });
        if (other) {
          data = other.reading;
          script = other.language;
        }
      }
      // The re-reads below read parts of the page: in the script found above when there was one.
      const reread = (img: PreparedImage, psm: number) =>
        this.recognize(slot, worker, img, timeoutMs, signal, psm, script).then((r) => (script ? joinScriptPieces(r) : r));
      // A page whose dot leaders were read as letters is read again with them painted out, as one column of lines (leaders.ts).
      data = await rereadWithoutLeaders(prepared, data, reread);
      // Ruled tables the reading left empty or ran across, or with light letters on dark cells, are read again from
      // their own pixels (table-reread.ts).
      data = await rereadTables(prepared, page.grids, data, reread);
      // Small isolated words the reading skipped (a one-letter header cell, a figure alone in its column) are
      // read from their own ink (unread-ink.ts).
      data = await readUnreadInk(prepared, data, reread);
      broken = false;
      const recognizeMs = Date.now() - started;
      const layout = ocrLayoutToMarkdown(data.blocks, prepared.scale, page.grids, typeMeter(prepared.pgm));
      const inv = 1 / prepared.scale;
      const words: OcrWord[] = [];
      for (const b of data.blocks ?? []) {
        for (const p of b.paragraphs ?? []) {
          for (const l of p.lines ?? []) {
            for (const w of l.words ?? []) {
              const text = w.text.trim();
              if (text) words.push({ text, confidence: Math.round(w.confidence), bbox: scaleBox(w.bbox, inv) });
            }
          }
        }
      }
      return {
        markdown: layout.markdown,
        text: layout.text,
        confidence: words.length ? Math.round(data.confidence) : 0,
        blocks: layout.blocks,
        figureText: layout.figureText,
        words,
        width: prepared.inputWidth,
        height: prepared.inputHeight,
        languages: langs,
        recognizeMs,
      };
    } finally {
      this.releaseSlot(slot, broken);
    }
  }

  private recognize(
    slot: Slot,
    worker: TWorker,
    img: PreparedImage,
    timeoutMs: number,
    signal?: AbortSignal,
    psm?: number,
    script?: string,
  ): Promise<Recognition> {
    if (worker.native) {
      const systemLanguages = script ? [script] : undefined;
      return recognizeNative(img.pgm, { langs: slot.langs, systemLanguages, dpi: img.dpi, timeoutMs, signal, psm }).catch((err) => {
        if (signal?.aborted) throw abortError(signal);
        throw err instanceof ProcessTimeout
          ? pageTimedOut(timeoutMs)
          : renderingFailed(`The image could not be recognised: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    return new Promise<Recognition>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        slot.failCurrent = undefined;
        fn();
      };
      const timer = setTimeout(() => finish(() => reject(pageTimedOut(timeoutMs))), timeoutMs);
      const onAbort = () => finish(() => reject(abortError(signal!)));
      signal?.addEventListener("abort", onAbort, { once: true });
      slot.failCurrent = (err) => finish(() => reject(renderingFailed(`The OCR engine failed: ${err instanceof Error ? err.message : String(err)}`)));
      const params: Record<string, string> = {};
      if (img.dpi) params.user_defined_dpi = String(Math.max(70, Math.min(2400, img.dpi)));
      // The page goes to the worker in shared memory: tesseract.js copies a Buffer on this thread and then
      // postMessage clones it again (~0.1–0.2 s of main-thread time per A4 page, measured); a
      // SharedArrayBuffer is one copy here and none in transit.
      const shared = new SharedArrayBuffer(img.pgm.byteLength);
      new Uint8Array(shared).set(img.pgm);
      const reading = psm
        ? worker
            .setParameters({ tessedit_pageseg_mode: String(psm) as import("tesseract.js").PSM })
            .then(() => worker.recognize(shared as unknown as Buffer, params, { text: false, blocks: true }))
            .finally(() => worker.setParameters({ tessedit_pageseg_mode: "3" as import("tesseract.js").PSM }))
        : worker.recognize(shared as unknown as Buffer, params, { text: false, blocks: true });
      reading.then(
        (r) => finish(() => resolve({ blocks: r.data.blocks as TBlock[] | null, confidence: Number(r.data.confidence) || 0 })),
        (err) => finish(() => reject(renderingFailed(`The image could not be recognised: ${err instanceof Error ? err.message : String(err)}`))),
      );
    });
  }

  private acquire(langs: OcrLanguage[], signal?: AbortSignal): Promise<Slot> {
    return new Promise<Slot>((resolve, reject) => {
      const key = langs.join("+");
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(abortError(signal!));
      };
      const waiter: Waiter = { key, langs, resolve, reject, cleanup: () => signal?.removeEventListener("abort", onAbort) };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** Hands free workers (or room for new ones) to waiters in FIFO order. */
  private pump(): void {
    while (this.waiters.length && !this.closed) {
      const w = this.waiters[0];
      let slot = this.slots.find((s) => !s.busy && !s.dead && s.key === w.key);
      if (!slot) {
        if (this.slots.length >= this.maxWorkers) {
          const idle = this.slots.filter((s) => !s.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
          if (!idle) return;
          this.retire(idle);
        }
        slot = this.startSlot(w.key, w.langs);
      }
      this.waiters.shift();
      w.cleanup();
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.busy = true;
      slot.worker?.worker?.ref();
      this.running++;
      w.resolve(slot);
    }
  }

  private startSlot(key: string, langs: OcrLanguage[]): Slot {
    const slot: Slot = { id: this.nextId++, key, langs, busy: true, dead: false, lastUsed: Date.now(), ready: undefined as never };
    slot.ready = this.createWorker(langs).then(
      (worker) => {
        if (slot.dead) {
          void worker.terminate();
          throw new AppError("internal_server_error", "The OCR worker was stopped.");
        }
        slot.worker = worker;
        const onCrash = (err: unknown) => {
          if (slot.dead) return;
          const fail = slot.failCurrent;
          this.retire(slot);
          fail?.(err);
          this.pump();
        };
        worker.worker?.on("error", onCrash);
        worker.worker?.on("exit", (code) => onCrash(new Error(`worker exited with code ${code}`)));
        return worker;
      },
      (err) => {
        throw err instanceof AppError
          ? err
          : new AppError("internal_server_error", `The OCR engine could not start: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
    slot.ready.catch(() => {}); // observed by waitReady
    this.slots.push(slot);
    return slot;
  }

  private async createWorker(langs: OcrLanguage[]): Promise<TWorker> {
    if (nativeTesseract()) return { native: true, terminate: async () => {} };
    this.tesseract ??= import("tesseract.js").then((m) => ((m as { default?: TesseractModule }).default ?? m) as TesseractModule);
    const T = await this.tesseract;
    const langPath = this.languageDir();
    const workerPath = tesseractWorkerPath();
    let starting = true;
    let failStart: (err: unknown) => void = () => {};
    const startFailed = new Promise<never>((_, reject) => {
      failStart = reject;
    });
    const creating = T.createWorker(langs.join("+"), T.OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: "none",
      ...(workerPath ? { workerPath } : {}),
      logger: () => {},
      // Without a handler tesseract.js throws job failures from a message listener, which would crash the
      // process. A failure while loading language data never settles createWorker: fail the start here.
      errorHandler: (err: unknown) => {
        if (starting) failStart(new Error(String(err)));
      },
    }) as Promise<WasmWorker>;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`language data did not load within ${WORKER_START_TIMEOUT_MS / 1000} s`)), WORKER_START_TIMEOUT_MS);
    });
    try {
      const worker = await Promise.race([creating, timeout, startFailed]);
      await worker.setParameters({
        tessedit_pageseg_mode: T.PSM.AUTO,
        tessedit_do_invert: "0",
        // tesseract's diagnostics ("Estimating resolution as …") would go to the server's stderr
        debug_file: "/dev/null",
      });
      return worker;
    } catch (err) {
      creating.then((w) => w.terminate()).catch(() => {});
      throw err;
    } finally {
      starting = false;
      clearTimeout(timer);
    }
  }

  /** The language-data link directory (language-data.ts), made on first use. */
  private languageDir(): string {
    // (re-created if a temp cleaner removed it from a long-running server)
    if (this.langDir && fs.existsSync(this.langDir)) return this.langDir;
    this.langDir = linkLanguageDir();
    return this.langDir;
  }

  private async waitReady(slot: Slot, signal?: AbortSignal): Promise<TWorker> {
    if (slot.worker) return slot.worker;
    if (!signal) return slot.ready;
    signal.throwIfAborted();
    return new Promise<TWorker>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener("abort", onAbort, { once: true });
      slot.ready.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  /** Returns a slot after a job; a broken one (timeout, abort, engine error) is terminated instead. */
  private releaseSlot(slot: Slot, broken: boolean): void {
    if (!slot.busy) return;
    slot.busy = false;
    this.running--;
    slot.lastUsed = Date.now();
    if (broken && slot.worker) this.retire(slot);
    else if (!slot.worker) {
      // Still starting (the job was aborted while waiting): keep it if it comes up, drop it if it fails.
      slot.ready.then(
        () => this.onIdle(slot),
        () => this.retire(slot),
      );
    } else this.onIdle(slot);
    this.pump();
  }

  private onIdle(slot: Slot): void {
    if (slot.dead || slot.busy) return;
    slot.worker?.worker?.unref(); // an idle pool does not keep scripts alive
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.busy) {
        this.retire(slot);
        this.pump();
      }
    }, IDLE_WORKER_MS);
    slot.idleTimer.unref();
    this.pump();
  }

  private retire(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    this.slots = this.slots.filter((s) => s !== slot);
    if (slot.worker) void slot.worker.terminate().catch(() => {});
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) {
      w.cleanup();
      w.reject(new AppError("service_maintenance", "The OCR service was shut down."));
    }
    for (const slot of [...this.slots]) {
      const fail = slot.failCurrent;
      this.retire(slot);
      fail?.(new Error("the OCR service was shut down"));
    }
    if (this.langDir) fs.rmSync(this.langDir, { recursive: true, force: true });
    this.langDir = undefined;
  }
}

const pageTimedOut = (timeoutMs: number) => renderingFailed(`OCR of the page did not finish within ${Math.round(timeoutMs / 1000)} s.`);

/** A scaled page with fewer confidently read words than this is read again unscaled. */
const WEAK_PAGE_WORDS = 5;

/** Words read with a confidence of 60 or more (a page's reading quality, for choosing between two). */
function readWords(page: Recognition): number {
  return wordsOf(page).filter((w) => w.confidence >= 60).length;
}

const POOL_KEY = Symbol.for("docintel.ocr.pool");
const EXIT_KEY = Symbol.for("docintel.ocr.exit-hook");
type Global = typeof globalThis & { [POOL_KEY]?: OcrPool };

function defaultWorkers(): number {
  const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return env().OCR_WORKERS ?? Math.max(1, Math.min(2, cpus));
}

export function pool(): OcrPool {
  const g = globalThis as Global & { [EXIT_KEY]?: boolean };
  if (!g[POOL_KEY]) g[POOL_KEY] = new OcrPool();
  if (!g[EXIT_KEY]) {
    g[EXIT_KEY] = true;
    // Synchronous part of shutdown: terminate workers, remove the language-data link directory.
    process.once("exit", () => void (globalThis as Global)[POOL_KEY]?.shutdown());
  }
  return g[POOL_KEY];
}

/** Current load of the pool (zeros before the first OCR call). */
export function ocrStats(): OcrStats {
  const g = globalThis as Global;
  if (!g[POOL_KEY]) {
    const maxWorkers = defaultWorkers();
    return { running: 0, queued: 0, capacity: maxWorkers + env().OCR_QUEUE_MAX, workers: 0, maxWorkers, workerLanguages: [] };
  }
  return g[POOL_KEY].stats();
}

/** Terminates every worker and rejects waiting jobs; the next call starts a new pool with current settings. */
export async function shutdownOcr(): Promise<void> {
  const g = globalThis as Global;
  const p = g[POOL_KEY];
  delete g[POOL_KEY];
  await p?.shutdown();
}
