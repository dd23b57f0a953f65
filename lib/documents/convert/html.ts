// HTML and XHTML → Markdown (one page): turndown with head/script/style/… removed, GFM tables.

import { pagesOutput, renderingFailed, throwIfAborted } from "@/lib/documents/convert/shared";
import { htmlToMarkdown } from "@/lib/documents/html-to-markdown";
import type { Converter } from "@/lib/documents/types";

export const convertHtml: Converter = async ({ bytes, type, options }) => {
  throwIfAborted(options.signal);
  try {
    const html = new TextDecoder("utf-8").decode(bytes); // detection only accepts UTF-8; the BOM is dropped
    return pagesOutput([htmlToMarkdown(html)], options, 1);
  } catch (err) {
    throw renderingFailed(err, type.kind === "xhtml" ? "XHTML" : "HTML", options.signal);
  }
};
