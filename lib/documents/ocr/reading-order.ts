// Reading order of the words of one OCR'd line. tesseract lists a line's words left to right as they stand on
// the page, each word's letters in logical order; a line of mostly right-to-left words (Arabic, Persian, Hebrew)
// is read from its right end — body text and table cells alike.

import { RTL_CHARS } from "@/lib/documents/rtl-script";

const RTL_WORD = new RegExp(`^[^\\p{L}]*[${RTL_CHARS}]`, "u");

interface PlacedWord {
  text: string;
  bbox: { x0: number };
}

/** A line's words in reading order (from the rightmost when most of them are right-to-left words). */
export function inReadingOrder<W extends PlacedWord>(words: readonly W[]): W[] {
  const rtl = words.filter((w) => RTL_WORD.test(w.text)).length;
  return rtl > words.length / 2 ? [...words].sort((a, b) => b.bbox.x0 - a.bbox.x0) : [...words];
}

/** The words of one line of a table cell, trimmed and joined in reading order. */
export function lineText(words: readonly PlacedWord[]): string {
  return inReadingOrder(words)
    .map((w) => w.text.trim())
    .filter(Boolean)
    .join(" ");
}
