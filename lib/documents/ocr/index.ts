// OCR service (tesseract.js), the face of lib/documents/ocr/:
//
//   languages.ts        supported languages, parseOcrLanguages, OCR_DEFAULT_LANGUAGES
//   prepare-image.ts    sharp normalisation to 8-bit gray PGM, PGM headers, size limits
//   layout-markdown.ts  tesseract's block tree → headings, paragraphs, lists, tables as Markdown
//   table-lines.ts      ruling lines in the page's pixels → table grids
//   table-cells.ts      the words inside a grid → rows of cells (merged cells from partial rules)
//   table-reread.ts     ruled tables the page's reading left empty or ran across, or with light-on-dark cells, read again from their own (straightened) pixels
//   unread-ink.ts       small isolated words the page's reading skipped, read again from their own ink
//   erase-rules.ts      a page's table grids and their rules painted out (for re-reading a table)
//   deskew.ts           skew estimated from the ink (projection profile) and turned back with sharp
//   background.ts       shaded backgrounds (gray boxes, slide frames) flattened to paper before recognition
//   script-detect.ts    poorly read pages in another script (OSD): read again with installed system data (kor)
//   text-tables.ts      unruled tables: columns aligned by whitespace among the word boxes
//   type-style.ts       stroke width and slant of text in the pixels (bold and italic body-size headings)
//   pool.ts             the process-wide worker pool: admission (429), timeouts, aborts, worker lifecycle
//   orientation.ts      upside-down and sideways pages (rules); orientation-probe.ts the probing step
//   language-data.ts    @tesseract.js-data files and the worker script the pool's workers load
//   recognize.ts        ocrImage, ocrPages, warmUpOcr
//   types.ts            public result, option and statistics types
export { defaultOcrLanguages, type OcrLanguage, parseOcrLanguages, SUPPORTED_OCR_LANGUAGES } from "./languages";
export { joinOcrLines, ocrLayoutToMarkdown } from "./layout-markdown";
export { ocrStats, shutdownOcr } from "./pool";
export {
  inspectImage,
  OCR_MAX_INPUT_PIXELS,
  OCR_MAX_SIDE_PX,
  OCR_TARGET_DPI,
  type PreparedImage,
  parsePgmHeader,
  prepareOcrImage,
} from "./prepare-image";
export { type OcrPageInput, type OcrPagesOptions, ocrImage, ocrPages, warmUpOcr } from "./recognize";
export type { OcrBlock, OcrBlockKind, OcrBox, OcrOptions, OcrPageResult, OcrStats, OcrWord } from "./types";
