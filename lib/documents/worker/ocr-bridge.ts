// OCR from a document worker goes through the web process's one tesseract pool (lib/documents/ocr/pool.ts), so
// that OCR_WORKERS, the admission limit (429 ocr_concurrent_limit) and the page timeouts stay process-wide
// whatever the number of document workers. In the worker, RemoteOcrPool takes the pool's place (pool() returns
// the object found under its globalThis key, so the OCR entry points of recognize.ts run unchanged); each call
// becomes a message, and OcrBridgeHost on the web-process side answers it with the real pool.
//
// Admission is synchronous in the pool's interface: the worker grants locally, and the host admits the same
// ticket with the real pool when the message arrives (messages keep their order, so before the ticket's first
// page). A refused ticket fails that ticket's pages with the pool's 429, i.e. on the document's first OCR page.

import type { OcrLanguage } from "../ocr/languages";
import { pool } from "../ocr/pool";
import type { OcrOptions, OcrPageResult, OcrStats } from "../ocr/types";
import { deserializeError, type FromWorker, type SerializedError, serializeError, type ToWorker } from "./messages";

/** The key pool.ts keeps its singleton under. */
export const OCR_POOL_KEY = Symbol.for("docintel.ocr.pool");

interface PendingCall {
  resolve: (r: OcrPageResult) => void;
  reject: (err: unknown) => void;
}

/** Worker side: the subset of the pool's interface recognize.ts uses, forwarded to the web process. */
export class RemoteOcrPool {
  private nextTicket = 1;
  private nextCall = 1;
  private tickets: { id: number; granted: number }[] = [];
  private calls = new Map<number, PendingCall>();

  constructor(
    private readonly post: (msg: FromWorker) => void,
    readonly maxWorkers: number,
    readonly capacity: number,
  ) {}

  admit(want: number): number {
    const granted = Math.max(1, Math.min(want, this.capacity));
    const ticket = { id: this.nextTicket++, granted };
    this.tickets.push(ticket);
    this.post({ type: "ocr-admit", ticket: ticket.id, want: granted });
    return granted;
  }

  release(n: number): void {
    const i = this.tickets.findIndex((t) => t.granted === n);
    if (i < 0) return;
    const [ticket] = this.tickets.splice(i, 1);
    this.post({ type: "ocr-release", ticket: ticket.id });
  }

  process(image: Uint8Array, langs: OcrLanguage[], opts: OcrOptions): Promise<OcrPageResult> {
    const { signal } = opts;
    signal?.throwIfAborted();
    const call = this.nextCall++;
    const ticket = this.tickets.at(-1)?.id ?? 0;
    return new Promise<OcrPageResult>((resolve, reject) => {
      const onAbort = () => {
        if (!this.calls.delete(call)) return;
        this.post({ type: "ocr-abort", call });
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.calls.set(call, {
        resolve: (r) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(r);
        },
        reject: (err) => {
          signal?.removeEventListener("abort", onAbort);
          reject(err);
        },
      });
      this.post({ type: "ocr-process", call, ticket, image, langs, opts: { dpi: opts.dpi, timeoutMs: opts.timeoutMs } });
    });
  }

  settle(msg: Extract<ToWorker, { type: "ocr-result" }>): void {
    const pending = this.calls.get(msg.call);
    if (!pending) return;
    this.calls.delete(msg.call);
    if (msg.error) pending.reject(deserializeError(msg.error));
    else pending.resolve(msg.result as OcrPageResult);
  }

  stats(): OcrStats {
    return { running: 0, queued: 0, capacity: this.capacity, workers: 0, maxWorkers: this.maxWorkers, workerLanguages: [] };
  }

  async shutdown(): Promise<void> {}
}

/** Web-process side of one document worker: admits its tickets and runs its pages on the real pool. */
export class OcrBridgeHost {
  private tickets = new Map<number, { granted: number } | { error: unknown }>();
  private calls = new Map<number, AbortController>();

  constructor(private readonly post: (msg: ToWorker) => void) {}

  /** Handles an OCR message; false for messages that are not about OCR. */
  handle(msg: FromWorker): boolean {
    switch (msg.type) {
      case "ocr-admit":
        try {
          this.tickets.set(msg.ticket, { granted: pool().admit(msg.want) });
        } catch (error) {
          this.tickets.set(msg.ticket, { error });
        }
        return true;
      case "ocr-release": {
        const t = this.tickets.get(msg.ticket);
        this.tickets.delete(msg.ticket);
        if (t && "granted" in t) pool().release(t.granted);
        return true;
      }
      case "ocr-process":
        this.process(msg);
        return true;
      case "ocr-abort":
        this.calls.get(msg.call)?.abort(new DOMException("OCR of the page was stopped.", "AbortError"));
        return true;
      default:
        return false;
    }
  }

  private process(msg: Extract<FromWorker, { type: "ocr-process" }>): void {
    const answer = (result?: OcrPageResult, error?: SerializedError) => this.post({ type: "ocr-result", call: msg.call, result, error });
    const ticket = this.tickets.get(msg.ticket);
    if (!ticket || "error" in ticket) {
      answer(undefined, serializeError(ticket && "error" in ticket ? ticket.error : new Error("OCR page without an admitted ticket")));
      return;
    }
    const controller = new AbortController();
    this.calls.set(msg.call, controller);
    pool()
      .process(msg.image, msg.langs as OcrLanguage[], { ...msg.opts, signal: controller.signal })
      .then(
        (result) => answer(result),
        (err: unknown) => answer(undefined, serializeError(err)),
      )
      .finally(() => this.calls.delete(msg.call));
  }

  /** The worker is gone: its pages are stopped and its capacity given back. */
  close(): void {
    for (const c of this.calls.values()) c.abort(new DOMException("The document worker stopped.", "AbortError"));
    this.calls.clear();
    for (const t of this.tickets.values()) if ("granted" in t) pool().release(t.granted);
    this.tickets.clear();
  }
}
