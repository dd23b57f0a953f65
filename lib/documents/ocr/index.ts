// OCR service (tesseract.js), the face of lib/documents/ocr/:
//
//   languages.ts        supported languages, parseOcrLanguages, OCR_DEFAULT_LANGUAGES
//   prepare-image.ts    sharp normalisation to 8-bit gray PGM, PGM headers, size limits
//   layout-markdown.ts  tesseract's block tree → headings, paragraphs, lists as Markdown
//   pool.ts             the process-wide worker pool: admission (429), timeouts, aborts, worker lifecycle
//   language-data.ts    @tesseract.js-data files and the worker script the pool's workers load
//   recognize.ts        ocrImage, ocrPages, warmUpOcr
//   types.ts            public result, option and statistics types
export { defaultOcrLanguages, parseOcrLanguages, SUPPORTED_OCR_LANGUAGES, type OcrLanguage } from "./languages";
export type { OcrBlock, OcrBlockKind, OcrBox, OcrOptions, OcrPageResult, OcrStats, OcrWord } from "./types";
export {
  inspectImage,
  OCR_MAX_INPUT_PIXELS,
  OCR_MAX_SIDE_PX,
  OCR_TARGET_DPI,
  parsePgmHeader,
  prepareOcrImage,
  type PreparedImage,
} from "./prepare-image";
export { joinOcrLines, ocrLayoutToMarkdown } from "./layout-markdown";
export { ocrStats, shutdownOcr } from "./pool";
export { ocrImage, ocrPages, warmUpOcr, type OcrPageInput, type OcrPagesOptions } from "./recognize";
