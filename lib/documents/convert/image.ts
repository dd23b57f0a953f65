// PNG and JPEG: one page, its text from OCR (ocr "auto" and "force" both OCR; "off" gives an empty page).
// The image is checked first in every mode: corrupt, truncated or oversized images (decompression bombs,
// over OCR_MAX_INPUT_PIXELS) → 500 file_rendering_failed with the reason.
import { inspectImage, ocrImage } from "@/lib/documents/ocr";
import type { Converter, ParseOutput } from "@/lib/documents/types";

export const convertImage: Converter = async ({ bytes, options }): Promise<ParseOutput> => {
  options.signal?.throwIfAborted();
  await inspectImage(bytes);
  const wanted = !options.pages || options.pages.includes(1);
  if (!wanted) return { pages: [], pageCount: 1 };
  if (options.ocr === "off") {
    options.onProgress?.(1, 1);
    return { pages: [{ page: 1, markdown: "", ocr: false }], pageCount: 1 };
  }
  const result = await ocrImage(bytes, { languages: options.ocrLanguages, signal: options.signal });
  options.onProgress?.(1, 1);
  return { pages: [{ page: 1, markdown: result.markdown, ocr: true }], pageCount: 1 };
};
