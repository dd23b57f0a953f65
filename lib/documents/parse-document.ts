// The document engine's entry point: detect the type from the bytes (unless known), check page limits early,
// run the converter under a time budget, and turn any converter failure into the spec's errors.
import fs from "node:fs";
import { AppError } from "@/lib/errors";
import { converterFor } from "./converters";
import { detectType } from "./detect";
import { joinPages as joinPageMarkdown } from "./join-pages";
import { checkPageRange, type PageRange } from "./page-range";
import { pdfPageCount } from "./render";
import type { DetectedType, OcrMode, ParseOutput } from "./types";

export interface ParseDocumentInput {
  /** The document on local disk. */
  path: string;
  filename: string;
  /** The type when it was detected before (ingestion keeps it from the upload); else detected from the bytes. */
  type?: DetectedType;
  pageRange?: PageRange;
  ocr?: OcrMode;
  ocrLanguages?: string[];
  /** Refuse documents (after page selection) with more pages than this: 400 max_pages_exceeded. */
  maxPages?: number;
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

function selectedCount(pageCount: number, range?: PageRange): number {
  return range ? range.pages.filter((p) => p <= pageCount).length : pageCount;
}

function checkLimits(pageCount: number, input: ParseDocumentInput): void {
  if (input.pageRange) checkPageRange(input.pageRange, pageCount);
  const selected = selectedCount(pageCount, input.pageRange);
  if (input.maxPages !== undefined && selected > input.maxPages) {
    throw new AppError(
      "max_pages_exceeded",
      `The document has ${selected} page${selected === 1 ? "" : "s"} to parse; the limit for this request is ${input.maxPages}. Select pages with page_range or use async mode.`,
    );
  }
}

export async function parseDocument(input: ParseDocumentInput): Promise<ParsedDocument> {
  const bytes = new Uint8Array(await fs.promises.readFile(input.path));
  const type = input.type ?? (await detectType(bytes, input.filename));
  await input.onDetected?.(type);
  if (type.kind === "pdf") {
    // Limits are checked from the trailer before any page is parsed; an unreadable PDF is left to the
    // converter, which reports it with a proper error.
    const count = await pdfPageCount(input.path).catch(() => null);
    if (count !== null) checkLimits(count, input);
  }
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const convert = await converterFor(type.kind);
  let output: ParseOutput;
  try {
    output = await convert({
      bytes,
      path: input.path,
      filename: input.filename,
      type,
      options: {
        pages: input.pageRange?.pages,
        ocr: input.ocr ?? "auto",
        ocrLanguages: input.ocrLanguages ?? ["eng"],
        signal,
        onProgress: input.onProgress,
      },
    });
  } catch (err) {
    if (timeout.aborted) {
      throw new AppError("file_rendering_failed", `The document could not be processed within ${Math.round(input.timeoutMs / 1000)} s.`);
    }
    if (err instanceof AppError) throw err;
    if (input.signal?.aborted) throw err;
    throw new AppError("file_rendering_failed", `The ${type.kind.toUpperCase()} file could not be processed: ${(err as Error).message}`);
  }
  checkLimits(output.pageCount, input);
  return { ...output, type, ocrPages: output.pages.filter((p) => p.ocr).length };
}

/** Markdown of the whole document: pages joined by a blank line. */
export function joinPages(pages: { markdown: string }[]): string {
  return joinPageMarkdown(pages);
}
