// Regions that line up like a table but are read column by column, one column after the other: the
// entries of a table of contents set in columns, and a column of running text beside a table.
//
// A column of running text set beside a table (a table floated into a page of prose, the text wrapping
// round it): aligned-text detection reads the prose as the table's first or last column, each of its lines
// a cell beside the table's rows. Its lines continue sentences (most begin in lower case where they stand
// beside a row), while a column of cells starts each cell with a capital, a digit or a mark. The prose and
// the rest are then read one after the other; the rest is looked at again for a table of its own.
import { TOC_ENTRY_END } from "@/lib/documents/leaders";
import { isProse } from "./columns";
import type { Row, Segment } from "./model";

/** At least this many lines of the prose column stand beside the table's rows. */
const MIN_BESIDE = 3;

const startsLower = (segs: Segment[]) => /^\p{Ll}/u.test(segs[0].text.trim());

/** A row holding only some of its segments (left to right), its extent theirs. */
export const withSegments = (row: Row, segments: Segment[]): Row => ({
  ...row,
  segments,
  x0: segments[0].x0,
  x1: Math.max(...segments.map((s) => s.x1)),
});

/** The rows of a region's column and of the other columns, as rows of their own (empty ones left out). */
function split(rows: Row[], cells: Segment[][][], c: number): Row[][] {
  const part = (k: number, own: boolean): Row | null => {
    const segments = cells[k].flatMap((segs, j) => ((j === c) === own ? segs : [])).sort((a, b) => a.x0 - b.x0);
    return segments.length ? withSegments(rows[k], segments) : null;
  };
  const prose = rows.flatMap((_, k) => part(k, true) ?? []);
  const rest = rows.flatMap((_, k) => part(k, false) ?? []);
  return c === 0 ? [prose, rest] : [rest, prose];
}

/**
 * The region read as columns when its first or last column is running text beside the other columns:
 * the column reads as prose (columns.ts), and of its lines that stand beside a row of the others, at least
 * MIN_BESIDE and more than half begin in lower case. Null otherwise.
 */
export function proseBeside(rows: Row[], cells: Segment[][][]): Row[][] | null {
  const n = cells[0]?.length ?? 0;
  if (n < 3) return null;
  for (const c of [0, n - 1]) {
    const lines = cells.map((row) => row[c]).filter((segs) => segs.length);
    if (lines.length < 2 * MIN_BESIDE || !isProse(lines)) continue;
    const beside = cells.filter((row) => row[c].length && row.some((segs, j) => j !== c && segs.length)).map((row) => row[c]);
    const lower = beside.filter(startsLower).length;
    if (beside.length >= MIN_BESIDE && 2 * lower > beside.length) return split(rows, cells, c);
  }
  return null;
}

/**
 * Entries of a table of contents or an index set in two or more columns side by side (each column's
 * entries end with a leader and a page number): the columns, to be read one after the other, not a table
 * whose rows pair unrelated entries.
 */
export function tocColumns(rows: Row[], cells: Segment[][][]): Row[][] | null {
  const columns = cells[0].map((_, c) => cells.flatMap((row, k) => (row[c].length ? [{ row: rows[k], segments: row[c] }] : [])));
  if (columns.length < 2) return null;
  const entries = (col: (typeof columns)[number]) => col.filter((e) => TOC_ENTRY_END.test(e.segments.map((x) => x.text).join(" "))).length;
  if (!columns.every((col) => col.length >= 2 && entries(col) >= col.length / 2)) return null;
  return columns.map((col) => col.map(({ row, segments }) => withSegments(row, segments)));
}
