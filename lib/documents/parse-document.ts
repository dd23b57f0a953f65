// The document engine's entry point: detect the type from the bytes (unless known), check page limits early
// (page-limits.ts) and run the converter, both in a document worker (worker/pool.ts: bounded memory, off the web process's event loop)
// under a time budget, and turn any converter failure into the spec's errors.
import fs from "node:fs";
import { AppError } from "@/lib/errors";
import { converterFor } from "./converters";
import { detectType } from "./detect";
import { joinPages as joinPageMarkdown } from "./join-pages";
import { unwrapLinks } from "./markdown-links";
import { checkPageLimits, checkPageLimitsBefore } from "./page-limits";
import type { PageRange } from "./page-range";
import type { DetectedType, OcrMode, ParseOutput } from "./types";
import type { ConvertTask } from "./worker/messages";
import { convertInWorker, documentWorkerCount } from "./worker/pool";

export interface ParseDocumentInput {
  /** The document on local disk. */
  path: string;
  filename: string;
  /** The type when it was detected before (ingestion keeps it from the upload); else detected from the bytes. */
  type?: DetectedType;
  pageRange?: PageRange;
  ocr?: OcrMode;
  ocrLanguages?: string[];
  /** Keep hyperlinks as Markdown links ([text](url)); by default a link is replaced by its text (markdown-links.ts). */
  links?: boolean;
  /** Refuse documents (after page selection) with more pages than this: 400 max_pages_exceeded. */
  maxPages?: number;
  /** Whose page limit `maxPages` is (the wording of max_pages_exceeded). */
  pageLimitScope?: "request" | "ingestion";
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (pagesDone: number, pagesTotal: number) => void;
  /** Called once the type is known (jobs record the MIME type before the slow part). */
  onDetected?: (type: DetectedType) => void | Promise<void>;
}

export interface ParsedDocument extends ParseOutput {
  type: DetectedType;
  ocrPages: number;
}

/** DOC_WORKERS=0: the converter runs in this thread (no memory isolation). */
async function convertHere(task: ConvertTask, bytes: Uint8Array, signal: AbortSignal, onProgress?: ParseDocumentInput["onProgress"]) {
  const { pages, ocr, ocrLanguages, links, limits, ...rest } = task;
  await checkPageLimitsBefore(task.path, task.type, limits);
  const convert = await converterFor(task.type.kind);
  return convert({ ...rest, bytes, options: { pages, ocr, ocrLanguages, links, signal, onProgress } });
}

export async function parseDocument(input: ParseDocumentInput): Promise<ParsedDocument> {
  // Read here only to detect the type or to convert in this thread: a document worker reads the file itself.
  const bytes = input.type && documentWorkerCount() > 0 ? new Uint8Array() : new Uint8Array(await fs.promises.readFile(input.path));
  const type = input.type ?? (await detectType(bytes, input.filename));
  await input.onDetected?.(type);
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const task: ConvertTask = {
    path: input.path,
    filename: input.filename,
    type,
    pages: input.pageRange?.pages,
    ocr: input.ocr ?? "auto",
    ocrLanguages: input.ocrLanguages ?? ["eng"],
    links: input.links ?? false,
    limits: { pageRange: input.pageRange, maxPages: input.maxPages, scope: input.pageLimitScope },
  };
  let output: ParseOutput;
  try {
    output =
      documentWorkerCount() > 0
        ? await convertInWorker(task, { signal, onProgress: input.onProgress })
        : await convertHere(task, bytes, signal, input.onProgress);
  } catch (err) {
    if (timeout.aborted) {
      throw new AppError("file_rendering_failed", `The document could not be processed within ${Math.round(input.timeoutMs / 1000)} s.`);
    }
    if (err instanceof AppError) throw err;
    if (input.signal?.aborted) throw err;
    throw new AppError("file_rendering_failed", `The ${type.kind.toUpperCase()} file could not be processed: ${(err as Error).message}`);
  }
  checkPageLimits(output.pageCount, task.limits);
  const pages = input.links ? output.pages : output.pages.map((p) => ({ ...p, markdown: unwrapLinks(p.markdown) }));
  return { ...output, pages, type, ocrPages: pages.filter((p) => p.ocr).length };
}

/** Markdown of the whole document: pages joined by a blank line, a paragraph cut by a page break joined (join-pages.ts). */
export function joinPages(pages: { markdown: string }[]): string {
  return joinPageMarkdown(pages);
}
