// Cell-text rules of unruled tables (text-tables.ts): list numbering and markers beside items are not a
// column of figures, and first-column labels set between the rows they span fill those rows.

/** A list item's marker: a number, a letter or a roman numeral closed by a period or a parenthesis. */
export const LIST_MARKER = /^\(?(?:\d{1,2}|\p{L}|[ivxlIVXL]{1,4})[.)]$/u;
/** A list item: a number and a period or parenthesis, or a bullet, then its text ("1. Item", "2.List2", "•Bar"). */
export const LIST_ITEM = /^(?:\d{1,2}[.)]\s*\p{L}|[•●○◦▪*·‣⁃–—-]\s*\p{L})/u;
/** Amounts, quantities, years, dates, percentages, codes with digits: "$300.00", "1 234,50 €", "28/11/2022". */
export const FIGURE = /^[^\p{L}\d]{0,3}[-+(]?\d[\d\s.,:/'%-]*\)?[^\p{L}\d]{0,3}$|^\p{L}{0,3}[\d.,/-]*\d[\d.,/-]*$/u;

/** A list's or headings' numbers: "1.", "2.2", "3", "3.1.4" (at most two digits a part; "2," is "2." misread). */
const NUMBER_LABEL = /^\d{1,2}(?:\.\d{1,2})*[.,]?$/;

/**
 * A first column of list or section numbers in reading order ("2.2", "3.", "3.1"): the numbering of items or
 * headings beside their text, not a column of figures.
 */
export function isNumbering(values: readonly string[]): boolean {
  if (values.length < 2 || !values.every((v) => NUMBER_LABEL.test(v.trim()))) return false;
  const parts = values.map((v) => v.trim().replace(/[.,]$/, "").split(".").map(Number));
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) - (b[i] ?? -1);
    return 0;
  };
  return parts.every((p, i) => i === 0 || cmp(parts[i - 1], p) < 0);
}

/**
 * Rows that only hold a first-column label set between rows whose first cell is empty (a cell merged over
 * them): the label fills those rows' first cells (the nearest label, docling-style) and its own row goes. The
 * header row keeps its empty corner. A label row with filled neighbours (a section label) stays a row.
 */
export function fillRowLabels(table: string[][]): string[][] {
  const isLabel = (r: string[]) => Boolean(r[0]) && r.slice(1).every((c) => !c);
  const open = (r: string[]) => !r[0] && r.some(Boolean);
  const labels = table.map((r, i) => i > 0 && isLabel(r) && (open(table[i - 1]) || (i + 1 < table.length && open(table[i + 1]))));
  if (!labels.some(Boolean)) return table;
  const out = table.map((r) => [...r]);
  for (let i = 1; i < table.length; i++) {
    if (!open(table[i])) continue;
    let best = -1;
    for (const dir of [-1, 1]) {
      for (let j = i + dir; j > 0 && j < table.length; j += dir) {
        if (labels[j]) {
          if (best < 0 || Math.abs(j - i) < Math.abs(best - i)) best = j;
          break;
        }
        if (!open(table[j])) break;
      }
    }
    if (best > 0) out[i][0] = table[best][0];
  }
  return out.filter((_, i) => !labels[i]);
}
