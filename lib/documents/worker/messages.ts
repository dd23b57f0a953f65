// The messages between the web process's document-worker pool (pool.ts) and a worker (worker-main.ts), and
// how errors cross the thread boundary: an AppError keeps its code, detail and options, anything else becomes
// a plain Error with its message (structured clone would drop the class).
import { AppError, type ErrorCode } from "@/lib/errors";
import type { PageLimits } from "../page-limits";
import type { DetectedType, DocumentKind, OcrMode, ParseOutput } from "../types";

/** A conversion: the document stays on disk (the worker reads it), the Markdown pages come back. */
export interface ConvertTask {
  path: string;
  filename: string;
  type: DetectedType;
  pages?: number[];
  ocr: OcrMode;
  ocrLanguages: string[];
  /** Keep hyperlinks (ParseOptions.links). */
  links: boolean;
  /** Checked before conversion where they can be (a PDF's trailer) and again on the converter's page count. */
  limits: PageLimits;
}

export type SerializedError =
  | { app: true; code: ErrorCode; detail: string; options: AppError["options"] }
  | { app: false; message: string; name: string };

export function serializeError(err: unknown): SerializedError {
  if (err instanceof AppError) return { app: true, code: err.code, detail: err.detail, options: err.options };
  if (err instanceof Error) return { app: false, message: err.message, name: err.name };
  return { app: false, message: String(err), name: "Error" };
}

export function deserializeError(e: SerializedError): Error {
  if (e.app) return new AppError(e.code, e.detail, e.options);
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

/** OCR options that cross the boundary (the signal does not: aborts are their own message). */
export interface RemoteOcrOptions {
  dpi?: number;
  timeoutMs?: number;
}

/** Web process → worker. */
export type ToWorker =
  | { type: "convert"; id: number; task: ConvertTask; env: Record<string, string> }
  | { type: "abort"; id: number }
  /** Load these converters' modules now (start-up warm-up), so that the first document does not wait for them. */
  | { type: "warm"; kinds: DocumentKind[] }
  | { type: "ocr-result"; call: number; result?: unknown; error?: SerializedError };

/** Worker → web process. */
export type FromWorker =
  | { type: "ready" }
  | { type: "progress"; id: number; done: number; total: number }
  | { type: "done"; id: number; output?: ParseOutput; error?: SerializedError }
  | { type: "ocr-admit"; ticket: number; want: number }
  | { type: "ocr-release"; ticket: number }
  | { type: "ocr-process"; call: number; ticket: number; image: Uint8Array; langs: string[]; opts: RemoteOcrOptions }
  | { type: "ocr-abort"; call: number }
  /** A program the worker started, or its end (child-processes.ts): killed by the pool if the worker is terminated. */
  | { type: "child"; pid: number; group: boolean; running: boolean };

/** What a worker is given at start. */
export interface DocumentWorkerData {
  /** Module the bootstrap (worker-entry.mjs) imports: worker-main.ts. */
  main: string;
  ocrMaxWorkers: number;
  ocrCapacity: number;
  /** DOC_WORKER_NICE. */
  nice: number;
}
