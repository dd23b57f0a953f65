// Markdown writing shared by the converters that produce Markdown themselves (HTML/DOCX through turndown, ODF,
// PPTX, OCR layout): text escaped only where Markdown would misread it, GFM tables, nested lists.

import { RTL_CHAR } from "@/lib/documents/rtl-script";

/** Escapes text so that Markdown renders it literally, without escaping what cannot be misread. */
export function escapeMarkdownText(text: string): string {
  return escapeMarkdownInline(text)
    .replace(/^(#{1,6})(?=\s|$)/, "\\$1")
    .replace(/^([-+>])(?=\s|$)/, "\\$1")
    .replace(/^>/, "\\>")
    .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")
    .replace(/^([=-])(?=\1*\s*$)/, "\\$1");
}

/**
 * Text inside a line (a table cell): emphasis, code, link and HTML characters escaped; a dash, "#" or "1." at
 * its start is no block marker there, so it stays as written ("-" in an empty cell).
 */
export function escapeMarkdownInline(text: string): string {
  return text
    .replace(/[\uE000-\uE004]/g, "")
    .replace(/\\(?=[!-/:-@[-`{-~])/g, "\\\\")
    .replace(/`/g, "\\`")
    .replace(/(?<!\s)\*|\*(?!\s)/g, "\\*")
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, "\\_")
    .replace(/~~/g, "\\~\\~")
    .replace(/\]\(/g, "\\](")
    .replace(/<(?=[A-Za-z/!?])/g, "\\<");
}

const FIRST_LETTER = /\p{L}/u;

/**
 * Rows of a table read off a page (PDF layout, OCR), whose columns come left to right as drawn, in reading
 * order: a right-to-left table (most cells with letters start with a right-to-left letter, like HTML's
 * dir=auto) reads from its rightmost column, as its source document (a DOCX, an HTML page) stores it. Rows
 * are padded to the table's width first so that a short row keeps its cells under their columns.
 */
export function inLogicalColumnOrder(rows: string[][]): string[][] {
  let rtl = 0;
  let ltr = 0;
  for (const row of rows)
    for (const cell of row) {
      const letter = FIRST_LETTER.exec(cell)?.[0];
      if (letter) RTL_CHAR.test(letter) ? rtl++ : ltr++;
    }
  if (rtl <= ltr) return rows;
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  return rows.map((r) => Array.from({ length: width }, (_, i) => r[width - 1 - i] ?? ""));
}

/** A GFM table from rows of cell text (Markdown already); the first row is the header. */
export function markdownTable(rows: string[][]): string {
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  if (!rows.length || width === 0) return "";
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => tableCell(cells[i] ?? "")).join(" | ")} |`;
  return [line(rows[0]), `|${" --- |".repeat(width)}`, ...rows.slice(1).map(line)].join("\n");
}

export interface ListItem {
  /** 0 = top level. */
  level: number;
  ordered: boolean;
  /** Markdown of the item (already escaped). */
  text: string;
}

/** A nested Markdown list; levels deeper than one below the previous item are clamped. */
export function markdownList(items: ListItem[]): string {
  const widths: number[] = [];
  const counters: number[] = [];
  const kinds: boolean[] = [];
  let out = "";
  for (const item of items) {
    const level = Math.max(0, Math.min(item.level, widths.length));
    // A top-level switch between bullets and numbers starts a new list: keep them visibly apart.
    if (out) out += level === 0 && kinds[0] !== item.ordered ? "\n\n" : "\n";
    counters[level] = kinds[level] === item.ordered && counters.length > level ? counters[level] + 1 : 1;
    kinds[level] = item.ordered;
    counters.length = kinds.length = level + 1;
    const marker = item.ordered ? `${counters[level]}. ` : "- ";
    widths[level] = marker.length;
    widths.length = level + 1;
    const indent = " ".repeat(widths.slice(0, level).reduce((a, b) => a + b, 0));
    out += indent + marker + item.text.trim().replace(/\n/g, `\n${indent}${" ".repeat(marker.length)}`);
  }
  return out;
}

function tableCell(md: string): string {
  return md
    .trim()
    .replace(/\s*\n+\s*/g, "<br>")
    .replace(/(?<!\\)\|/g, "\\|");
}
