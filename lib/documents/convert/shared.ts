// Helpers shared by the converters that produce their pages' Markdown themselves (docx, pptx, odf, html,
// text): page selection and progress, abort checks, and turning unexpected failures into
// file_rendering_failed (or, when a parser complains about the document's own bytes, 400 unsupported_file_format).

import { unreadableDocument } from "@/lib/documents/failures";
import { checkPageRange } from "@/lib/documents/page-range";
import type { ParseOptions, ParseOutput } from "@/lib/documents/types";
import { AppError } from "@/lib/errors";

export function throwIfAborted(signal?: AbortSignal): void {
  signal?.throwIfAborted();
}

/**
 * The ParseOutput of a converter that produced all pages' Markdown at once: keeps the requested pages,
 * throws invalid_page_range past the end, reports progress. Pages beyond `markdowns` are empty.
 */
export function pagesOutput(markdowns: string[], options: ParseOptions, pageCount = markdowns.length): ParseOutput {
  throwIfAborted(options.signal);
  const count = Math.max(pageCount, markdowns.length, 1);
  const wanted = wantedPages(options, count);
  const pages = wanted.map((page) => ({ page, markdown: markdowns[page - 1] ?? "", ocr: false }));
  options.onProgress?.(pages.length, pages.length);
  return { pages, pageCount: count };
}

/** The requested pages (all by default); invalid_page_range when they reach past the last page. */
export function wantedPages(options: ParseOptions, pageCount: number): number[] {
  const wanted = options.pages ?? Array.from({ length: pageCount }, (_, i) => i + 1);
  if (wanted.length) checkPageRange({ pages: wanted, spec: rangeSpec(wanted) }, pageCount);
  return wanted;
}

function rangeSpec(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j;
  }
  return parts.join(",");
}

/** What parsers (mammoth's xmldom, ZIP readers) say about malformed bytes: the document's fault (issue 16). */
const MALFORMED = /xmldom|not well-formed|unclosed|mismatched tag|unexpected close tag|invalid xml|end of central directory|corrupt/i;

/**
 * Unexpected failures of a converter become file_rendering_failed, a parser's complaint about the document
 * 400 unsupported_file_format; AppErrors and aborts pass through.
 */
export function renderingFailed(err: unknown, what: string, signal?: AbortSignal): unknown {
  if (err instanceof AppError || signal?.aborted) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (MALFORMED.test(message)) return unreadableDocument(`The ${what} file is damaged (${message.slice(0, 300)}).`);
  return new AppError("file_rendering_failed", `The ${what} file could not be converted (${message.slice(0, 300)}).`);
}
