// OCR of whole PDF pages for the PDF converter: poppler renders each page (lib/documents/render.ts,
// 8-bit gray PGM), the shared tesseract pool recognises it (lib/documents/ocr/). Rendering of the next
// page overlaps recognition of the current ones; capacity is reserved up front (full pool → 429
// ocr_concurrent_limit before any work), and abort/timeouts stop both sides.

import { withoutBlankPages } from "@/lib/documents/blank-page";
import { OCR_TARGET_DPI, ocrPages } from "@/lib/documents/ocr";
import { renderPdfPages } from "@/lib/documents/render";

export interface OcrPdfPagesInput {
  /** The PDF on disk (poppler renders from a path). */
  path: string;
  bytes: Uint8Array;
  /** 1-based pages to OCR, ascending. */
  pages: number[];
  /** Tesseract language codes. */
  languages: string[];
  signal?: AbortSignal;
}

/**
 * OCRs the pages, calling onPage as each one completes (in any order); `ocr` false: a blank page, not recognised;
 * `figureText`: the labels of charts the OCR read on the page (OcrPageResult.figureText).
 */
export type OcrPdfPages = (
  input: OcrPdfPagesInput,
  onPage: (page: number, markdown: string, ocr?: boolean, figureText?: string) => void,
) => Promise<void>;

/** Resolution pages are rendered at for OCR: the OCR pool's target (200 dpi reads 6 pt text; see OCR_TARGET_DPI). */
export const OCR_DPI = OCR_TARGET_DPI;

export const ocrPdfPages: OcrPdfPages = async (input, onPage) => {
  input.signal?.throwIfAborted();
  // Blank renderings (the back of a scanned sheet) skip recognition: an empty page (blank-page.ts).
  const rendered = withoutBlankPages(renderPdfPages(input.path, input.pages, { dpi: OCR_DPI, signal: input.signal }), (page) =>
    onPage(page, "", false),
  );
  for await (const { page, result } of ocrPages(rendered, { languages: input.languages, signal: input.signal })) {
    onPage(page, result.markdown, true, result.figureText);
  }
};
