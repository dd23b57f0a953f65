// Running headers and footers ("furniture"): text repeated at the same place on most pages, and page
// numbers. Only short rows near the top or bottom edge are candidates, and their text must repeat verbatim
// except for the page number: body text that merely follows a template ("This is page 3 … recorded 21
// events.") or a heading that counts like the pages ("Chapter 3", set larger than the body) is content.
// Content that merely starts with a number (a numbered heading "2. Next steps" at the top of page 2) is
// never taken for a page number, and removing furniture never empties a page.

import { mostlyRising, numbersRepeat, PAGE_NUMBER, pageNumberIn, type Sighting } from "@/lib/documents/page-numbers";
import type { LayoutStats, PreparedPage, Row } from "./model";
import { headingSizeFloor, rowText } from "./model";

/** Share of the page height, at the top and at the bottom, where running headers/footers live. */
const EDGE_BAND = 0.15;
/** Rows at each end of a page considered for headers/footers. */
const EDGE_ROWS = 3;
/** Longer rows are text, not a running header or footer. */
const MAX_FURNITURE_CHARS = 100;

type Band = "top" | "bottom";

interface EdgeRow {
  row: Row;
  band: Band;
  index: number;
}

function edgeRows(p: PreparedPage): EdgeRow[] {
  const out: EdgeRow[] = [];
  const n = p.rows.length;
  p.rows.forEach((row, index) => {
    if (rowText(row).length > MAX_FURNITURE_CHARS) return;
    if (index < EDGE_ROWS && row.y <= p.height * EDGE_BAND) out.push({ row, band: "top", index });
    else if (index >= n - EDGE_ROWS && row.y >= p.height * (1 - EDGE_BAND)) out.push({ row, band: "bottom", index });
  });
  return out;
}

function furnitureKey(band: string, row: Row): string {
  return `${band}|${rowText(row).toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ")}`;
}

/** Numbers a row shows the way page numbers are shown (page-numbers.ts), segment by segment. */
export function pageNumbersIn(row: Row): number[] {
  return row.segments.map((s) => pageNumberIn(s.text)).filter((n): n is number => n !== undefined);
}

interface RowSighting extends Sighting {
  y: number;
}

/** Running headers/footers of a document: repeated text, and page-number slots. */
export function findFurniture(pages: PreparedPage[], bodySize: number): Pick<LayoutStats, "furniture" | "numberedSlots"> {
  const furniture = new Map<string, number>();
  const numberedSlots: LayoutStats["numberedSlots"] = [];
  if (pages.length < 2) return { furniture, numberedSlots };
  const seenAt = new Map<string, RowSighting[]>();
  for (const p of pages) {
    for (const { row, band } of edgeRows(p)) {
      const key = furnitureKey(band, row);
      const list = seenAt.get(key) ?? [];
      const numbers = (rowText(row).match(/\d+/g) ?? []).map(Number);
      list.push({ page: p.page, y: row.y, numbers, large: row.size > headingSizeFloor(bodySize), shown: pageNumbersIn(row)[0] });
      seenAt.set(key, list);
    }
  }
  const needed = Math.max(2, Math.ceil(pages.length * 0.5));
  // Left and right pages carry different running lines, each on about half of the pages (fewer where
  // chapters open): a line seen on a quarter of them, three at least, is running too.
  const neededAlternating = Math.min(needed, Math.max(3, Math.ceil(pages.length * 0.25)));
  numberedSlots.push(...findNumberedSlots(pages, needed, Math.max(3, neededAlternating), bodySize));
  for (const [key, list] of seenAt) {
    if (list.length < neededAlternating) continue;
    const ys = list.map((e) => e.y).sort((a, b) => a - b);
    const median = ys[ys.length >> 1];
    const near = list.filter((e) => Math.abs(e.y - median) <= 4);
    if (new Set(near.map((e) => e.page)).size >= neededAlternating && numbersRepeat(near)) furniture.set(key, median);
  }
  return { furniture, numberedSlots };
}

/**
 * Edge rows at one height on most pages that show the page number (plus a fixed offset) as a page number;
 * and heights where rows show page numbers, mostly different, on several pages (`anyNumber`): the running
 * lines of an excerpt or of a book whose numbering restarts (roman front matter, then arabic), whose text
 * changes with the chapter ("Chapter 3. Methods 15", "2 Book title").
 */
function findNumberedSlots(pages: PreparedPage[], needed: number, neededShown: number, bodySize: number): LayoutStats["numberedSlots"] {
  const slots = new Map<string, { band: Band; y: number; offsets: Map<number, Set<number>>; shown: Map<number, number> }>();
  for (const p of pages) {
    for (const { row, band } of edgeRows(p)) {
      const key = `${band}|${Math.round(row.y / 2)}`;
      const slot = slots.get(key) ?? { band, y: row.y, offsets: new Map<number, Set<number>>(), shown: new Map<number, number>() };
      const numbers = pageNumbersIn(row);
      for (const n of numbers) {
        const set = slot.offsets.get(n - p.page) ?? new Set<number>();
        set.add(p.page);
        slot.offsets.set(n - p.page, set);
      }
      if (numbers.length && row.size <= headingSizeFloor(bodySize)) slot.shown.set(p.page, numbers[0]);
      slots.set(key, slot);
    }
  }
  const out: LayoutStats["numberedSlots"] = [];
  for (const { band, y, offsets, shown } of slots.values()) {
    for (const [offset, onPages] of offsets) if (onPages.size >= needed) out.push({ band, y, offset });
    // Mostly different numbers (roman front matter and arabic pages may share a value) that rise with the page:
    // page numbers, not a repeated figure, nor the figures of a table's rows set at the same height on every page.
    if (shown.size >= neededShown && new Set(shown.values()).size >= 0.8 * shown.size && mostlyRising(shown))
      out.push({ band, y, offset: 0, anyNumber: true });
  }
  return out;
}

/**
 * A short row that continues the row above or below it: same size and weight, the next baseline, and the
 * same left edge or a heading size (a title wrapping so that its last word, "2021", stands alone).
 */
function continuesNeighbour(rows: Row[], index: number, stats: LayoutStats): boolean {
  const row = rows[index];
  const bold = row.segments[0].bold;
  for (const other of [rows[index - 1], rows[index + 1]]) {
    if (!other || Math.abs(other.size - row.size) > 0.5 || other.segments[0].bold !== bold) continue;
    if (Math.abs(other.y - row.y) > 1.6 * row.size) continue;
    if (Math.abs(other.x0 - row.x0) <= 1 || row.size > headingSizeFloor(stats.bodySize)) return true;
  }
  return false;
}

/**
 * Rows minus running headers/footers and page numbers. They form the page's edge: a candidate below a kept
 * row at the top (or above one at the bottom) is content that merely recurs, like a table's header line.
 */
export function contentRows(p: PreparedPage, stats: LayoutStats): Row[] {
  const n = p.rows.length;
  const isFurniture = ({ row, band, index }: EdgeRow): boolean => {
    const y = stats.furniture.get(furnitureKey(band, row));
    if (y !== undefined && Math.abs(y - row.y) <= 4) return true;
    // Page numbers are not set at a heading size ("4" as a chapter's title).
    if (row.size > headingSizeFloor(stats.bodySize)) return false;
    const numbers = pageNumbersIn(row);
    if (
      stats.numberedSlots.some(
        (s) => s.band === band && Math.abs(s.y - row.y) <= 2.5 && (s.anyNumber ? numbers.length > 0 : numbers.includes(p.page + s.offset)),
      )
    )
      return true;
    return (index < 2 || index >= n - 2) && row.segments.length === 1 && PAGE_NUMBER.test(rowText(row)) && !continuesNeighbour(p.rows, index, stats);
  };
  const edges = edgeRows(p);
  const drop = new Set<number>();
  for (const e of edges.filter((e) => e.band === "top")) {
    if (e.index !== drop.size || !isFurniture(e)) break;
    drop.add(e.index);
  }
  const bottom = edges.filter((e) => e.band === "bottom").reverse();
  for (let i = 0; i < bottom.length; i++) {
    if (bottom[i].index !== n - 1 - i || !isFurniture(bottom[i])) break;
    drop.add(bottom[i].index);
  }
  // A page made only of such rows (a one-line page, a divider) keeps them: furniture never empties a page.
  return drop.size && drop.size < n ? p.rows.filter((_, i) => !drop.has(i)) : p.rows;
}
