// Whether a page's text layer can be trusted or the page goes to OCR (issue 14, class 4).
import type { PdfPageText } from "./model";

export interface TextLayerQuality {
  usable: boolean;
  /** Non-whitespace characters. */
  chars: number;
  /** Share of characters that are replacement, private-use or control characters. */
  garbage: number;
  /** Words (runs of two or more letters): a text layer with many of them is read, never replaced by OCR. */
  words: number;
}

/** Leaders and rules typed as text: runs of one punctuation character (table-of-contents dots, underscores). */
const LEADER = /([.·•…_\-–—=*~])(?:\s*\1){2,}/g;
const WORD = /\p{L}{2,}/gu;

/** Replacement, private-use or control character: what fonts without a Unicode map produce. */
const isGarbage = (cp: number) => cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
/** Readable words that make a page's text layer readable even beside items of unmapped glyphs. */
const READABLE_WORDS = 50;

/**
 * Whether a page's text layer can be trusted: enough characters (or a word), and mostly real letters and digits
 * (not U+FFFD, private-use glyph codes or controls, which fonts without a Unicode map produce). Leaders
 * (a table of contents' dot leaders, form underscores) are neither: they do not count. Items made only
 * of such codes (a drawing or logo set in a symbol font) beside plenty of readable text do not make the
 * page unreadable: the page keeps its text layer and never goes to OCR for them.
 */
export function assessTextLayer(page: PdfPageText, minChars = 20): TextLayerQuality {
  let chars = 0;
  let bad = 0;
  let alnum = 0;
  /** Garbage in items that are mostly garbage (glyph drawings), and the characters of those items. */
  let glyphItemBad = 0;
  let glyphItemChars = 0;
  for (const it of page.items) {
    let n = 0;
    let b = 0;
    for (const ch of it.str) {
      if (/\s/.test(ch)) continue;
      n++;
      if (isGarbage(ch.codePointAt(0) ?? 0)) b++;
    }
    if (b > 0 && b >= 0.5 * n) {
      glyphItemBad += b;
      glyphItemChars += n;
    }
  }
  // Items joined with spaces: a leader is often drawn as one item per dot.
  const text = page.items
    .map((it) => it.str)
    .join(" ")
    .replace(LEADER, " ");
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    chars++;
    const cp = ch.codePointAt(0) ?? 0;
    if (isGarbage(cp)) bad++;
    else if (/[\p{L}\p{N}]/u.test(ch)) alnum++;
  }
  const words = text.match(WORD)?.length ?? 0;
  const garbage = chars ? bad / chars : 0;
  // A short layer is enough when it holds a word: a page of "Some text" or "Home" is read, not OCR'd (pdf.ts
  // still sends a short layer over a page-sized image, a scan with a stamp, to OCR).
  let usable = (chars >= minChars || words > 0) && garbage < 0.1 && alnum >= chars * 0.5;
  if (!usable && words >= READABLE_WORDS) {
    // The rest once the glyph items are set aside: readable on its own, and the larger part of the page.
    const restChars = chars - glyphItemChars;
    const restBad = bad - glyphItemBad;
    usable = restChars >= Math.max(minChars, glyphItemChars) && restBad < 0.1 * restChars && alnum >= restChars * 0.5;
  }
  return { usable, chars, garbage, words };
}
