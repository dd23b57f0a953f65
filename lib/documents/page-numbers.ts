// Page numbers and the numbers of running headers and footers, shared by the text layer's furniture
// (convert/pdf-layout/furniture.ts: rows with positions) and the running lines of OCR'd pages
// (ocr/running-lines.ts: Markdown blocks). A running line's numbers either repeat verbatim or follow the page.

/** Share of a key's occurrences whose numbers may break the verbatim-or-page-number rule (a restart). */
const NUMBER_SLACK = 0.2;
/** A page number on its own: "7", "- 7 -", "Page 7", "vii", "7 / 12", "Seite 7 von 12". */
export const PAGE_NUMBER = /^(?:(?:page|seite|p\.)\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—]?(?:\s*(?:of|\/|von|sur|de)\s*\d{1,4})?$/i;
/** A page number set off from running text by a separator: "Annual report | 7", "7 · Results". */
const SEPARATED_NUMBER = /^(?:(?:page|seite|p\.)\s*)?(\d{1,4})\s*[|·•—–]\s*\S|\S\s*[|·•—–]\s*(?:(?:page|seite|p\.)\s*)?(\d{1,4})$/i;

/**
 * The number a piece of text shows the way page numbers are shown, if any: text that is only a page number
 * ("7", "Page 7 of 9", "vii"), or a number set off by a separator at its start or end ("Report | 7").
 */
export function pageNumberIn(text: string): number | undefined {
  if (text.length > 120) return undefined;
  if (PAGE_NUMBER.test(text)) {
    const m = /\d{1,4}/.exec(text);
    if (m) return Number(m[0]);
    return romanValue(text.replace(/^(?:page|seite|p\.)\s*/i, "").replace(/[-–—\s]/g, "")) || undefined;
  }
  const m = SEPARATED_NUMBER.exec(text);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a lower- or upper-case roman numeral ("xiv" → 14), 0 when it is not one. */
export function romanValue(text: string): number {
  const t = text.toLowerCase();
  if (!/^[ivxlcdm]{1,7}$/.test(t)) return 0;
  let total = 0;
  for (let k = 0; k < t.length; k++) {
    const v = ROMAN[t[k]];
    total += v < (ROMAN[t[k + 1]] ?? 0) ? -v : v;
  }
  return total;
}

/** One occurrence of a running line's text (numbers replaced) on a page. */
export interface Sighting {
  page: number;
  /** The row's numbers, in order (the key has "#" in their place). */
  numbers: number[];
  /** Set larger than the body (a heading size). */
  large: boolean;
  /** The number it sets off as a page number ("**12** Report title"), if any. */
  shown?: number;
}

/**
 * Whether the numbers of a key's rows repeat verbatim or follow the page number: at each position, one
 * value, or one offset from the page number, on all but a few of the rows (page numbering that restarts).
 * A heading that counts like the pages ("Chapter 3" on page 3) is kept when it is set larger than the body.
 */
export function numbersRepeat(list: Sighting[]): boolean {
  const n = list[0].numbers.length;
  for (let i = 0; i < n; i++) {
    const values = new Map<number, number>();
    const offsets = new Map<number, number>();
    for (const s of list) {
      const v = s.numbers[i];
      values.set(v, (values.get(v) ?? 0) + 1);
      offsets.set(v - s.page, (offsets.get(v - s.page) ?? 0) + 1);
    }
    const same = Math.max(...values.values());
    if (same >= (1 - NUMBER_SLACK) * list.length || risingPageNumbers(list, i)) continue;
    if (Math.max(...offsets.values()) < (1 - NUMBER_SLACK) * list.length) return false;
    if (list.filter((s) => s.large).length > list.length / 2) return false;
  }
  return true;
}

/**
 * Whether the i-th number is set off as a page number on every row and rises with the page: the printed
 * page numbers of an excerpt or of a document whose numbering skips (front matter, pages left out), where
 * no fixed offset from the PDF's page index holds.
 */
function risingPageNumbers(list: Sighting[], i: number): boolean {
  if (list.some((s) => s.shown !== s.numbers[i]) || list.filter((s) => s.large).length > list.length / 2) return false;
  const byPage = [...list].sort((a, b) => a.page - b.page);
  return byPage.every((s, k) => k === 0 || (s.page > byPage[k - 1].page && s.numbers[i] > byPage[k - 1].numbers[i]));
}

/** Whether numbers shown on pages (page → number) rise from page to page, but for a few restarts (front matter, then the body). */
export function mostlyRising(shown: Map<number, number>): boolean {
  const byPage = [...shown].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
  let falls = 0;
  for (let k = 1; k < byPage.length; k++) if (byPage[k] <= byPage[k - 1]) falls++;
  return falls <= NUMBER_SLACK * (byPage.length - 1);
}
