// The document engine's contract: bytes in, Markdown pages out. Used by parse, ingestion, extract,
// preview and search. Converters live in lib/documents/convert/<format>.ts.

export const DOCUMENT_KINDS = ["pdf", "png", "jpeg", "docx", "pptx", "odt", "odp", "doc", "ppt", "html", "xhtml", "txt", "md"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DetectedType {
  kind: DocumentKind;
  mimeType: string;
  /** Canonical extension without the dot (`jpg` files are reported as `jpeg` kind, extension kept from the name). */
  extension: string;
}

export type OcrMode = "auto" | "force" | "off";

export interface ParseOptions {
  /** 1-based page numbers to return, ascending, unique; undefined = all pages. */
  pages?: number[];
  ocr: OcrMode;
  /** Tesseract language codes, e.g. ["eng", "deu"]. */
  ocrLanguages: string[];
  /**
   * Hyperlinks are wanted as Markdown links. Off, a converter may skip reading them (the PDF converter reads no
   * link annotations); parse-document.ts takes any link a converter wrote out again (markdown-links.ts).
   */
  links?: boolean;
  /** Aborts the work (timeouts, cancelled jobs, deleted files). */
  signal?: AbortSignal;
  /** Called as pages complete (pagesDone of pagesTotal), for live job progress. */
  onProgress?: (pagesDone: number, pagesTotal: number) => void;
}

export interface ParsedPage {
  /** 1-based page number in the original document. */
  page: number;
  markdown: string;
  /** The page's text came from OCR (no usable text layer, or OCR forced). */
  ocr: boolean;
}

export interface ParseOutput {
  /** Pages in document order (only the requested ones when `pages` was given). */
  pages: ParsedPage[];
  /** Total pages of the document (slides for presentations), whatever the page selection. */
  pageCount: number;
}

/** Every converter has this shape; the orchestrator (parse-document.ts) picks one by detected kind. */
export type Converter = (input: ConverterInput) => Promise<ParseOutput>;

export interface ConverterInput {
  bytes: Uint8Array;
  /** Path of the same bytes on disk (converters that shell out, e.g. LibreOffice or pdftoppm, use it). */
  path: string;
  filename: string;
  type: DetectedType;
  options: ParseOptions;
}
