// Plain text and Markdown (one page). Text is kept as is: paragraphs are already separated by blank lines
// and Markdown is already Markdown. Only the encoding (UTF-8, BOM dropped) and line endings are normalised.

import { pagesOutput, throwIfAborted } from "@/lib/documents/convert/shared";
import type { Converter } from "@/lib/documents/types";

export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes).replace(/\r\n?/g, "\n");
}

export const convertText: Converter = async ({ bytes, options }) => {
  throwIfAborted(options.signal);
  const text = decodeUtf8(bytes).replace(/^\n+|\s+$/g, "");
  return pagesOutput([text], options, 1);
};
