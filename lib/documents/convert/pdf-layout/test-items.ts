// Synthetic pdf.js text items for the layout tests: y is measured from the top of a US-letter page
// (converted to PDF's bottom-up space), widths are 0.5 em per character like a narrow proportional font.
import { layoutDocument } from "./index";
import type { PdfPageText, PdfTextItem } from "./model";
import type { PdfRule } from "./rules";

export const PAGE_H = 792;

export function item(
  str: string,
  x: number,
  top: number,
  size = 12,
  opts: { bold?: boolean; italic?: boolean; font?: string; width?: number } = {},
): PdfTextItem {
  return {
    str,
    transform: [size, 0, 0, size, x, PAGE_H - top],
    width: opts.width ?? str.length * size * 0.5,
    height: size,
    fontName: opts.font ?? (opts.bold ? "g_d0_Bold" : opts.italic ? "g_d0_Italic" : "g_d0_Regular"),
    hasEOL: false,
  };
}

/** Lines of body text at 12 pt, 14 pt apart, starting at `top`. */
export function lines(texts: string[], x: number, top: number, size = 12, pitch = 14): PdfTextItem[] {
  return texts.map((t, i) => item(t, x, top + i * pitch, size));
}

/**
 * A justified line: one item per word (as pdf.js gives them when word spacing is stretched), spread so
 * the line runs exactly from x0 to x1 with equal gaps.
 */
export function justified(text: string, x0: number, x1: number, top: number, size = 12): PdfTextItem[] {
  const words = text.split(" ");
  const widths = words.map((w) => w.length * size * 0.5);
  const gap = words.length > 1 ? (x1 - x0 - widths.reduce((a, b) => a + b, 0)) / (words.length - 1) : 0;
  let x = x0;
  return words.map((w, i) => {
    const it = item(w, x, top, size);
    x += widths[i] + gap;
    return it;
  });
}

/** A ruling line given top-down (like the items), as rules.ts returns it in PDF space. */
export function rule(x0: number, top0: number, x1: number, top1: number): PdfRule {
  return { x0, x1, y0: PAGE_H - Math.max(top0, top1), y1: PAGE_H - Math.min(top0, top1) };
}

export function page(items: PdfTextItem[], n = 1, rules?: PdfRule[]): PdfPageText {
  return { page: n, width: 612, height: PAGE_H, items, ...(rules ? { rules } : {}) };
}

export const md = (items: PdfTextItem[], rules?: PdfRule[]) => layoutDocument([page(items, 1, rules)])[0] ?? "";
