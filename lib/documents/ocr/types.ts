// Public types of the OCR service (results, options, pool statistics).
import type { OcrLanguage } from "./languages";

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0–100. */
  confidence: number;
  /** In pixels of the input image (after EXIF orientation). */
  bbox: OcrBox;
}

export type OcrBlockKind = "heading" | "paragraph" | "list" | "table";

export interface OcrBlock {
  kind: OcrBlockKind;
  /** Heading level 1–3 (headings only). */
  level?: number;
  /** Plain text: the paragraph or heading; list items joined by newlines; table rows by newlines. */
  text: string;
  /** List items (lists only). */
  items?: { ordered: boolean; number?: number; text: string /** nesting, 0 = top level */; level?: number }[];
  /** Cell text, first row the header (tables only). */
  rows?: string[][];
  bbox: OcrBox;
  confidence: number;
}

export interface OcrPageResult {
  /** Markdown of the page: headings, paragraphs, lists, GFM tables, one blank line between blocks. */
  markdown: string;
  /** Plain text, paragraphs separated by a blank line. */
  text: string;
  /** Mean word confidence 0–100 (0 when nothing was recognised). */
  confidence: number;
  blocks: OcrBlock[];
  /** The labels of charts drawn on the page (axes, categories: ruled gridlines around an empty plot), which stay
   * in the text; the PDF converter does not count them as text its layer lacks. */
  figureText: string;
  words: OcrWord[];
  /** Size of the input image in pixels (after EXIF orientation). */
  width: number;
  height: number;
  languages: OcrLanguage[];
  /** Time spent in the engine (excluding queueing and image preparation). */
  recognizeMs: number;
}

export interface OcrOptions {
  /** Tesseract codes (see parseOcrLanguages); default OCR_DEFAULT_LANGUAGES. */
  languages?: readonly string[] | string;
  signal?: AbortSignal;
  /** Resolution of the image when known (rendered PDF pages); otherwise read from the file or estimated. */
  dpi?: number;
  /** Override of OCR_PAGE_TIMEOUT_MS for this page (engine time, queueing excluded). */
  timeoutMs?: number;
}

export interface OcrStats {
  /** Page jobs currently on a worker. */
  running: number;
  /** Admitted page jobs (and reservations of ocrPages) not on a worker: preparing or waiting. */
  queued: number;
  /** running + queued may not exceed this: OCR_WORKERS + OCR_QUEUE_MAX. */
  capacity: number;
  /** Live tesseract workers (starting or ready) and their maximum. */
  workers: number;
  maxWorkers: number;
  /** Language combinations of the live workers. */
  workerLanguages: string[];
}
