// Cells that span rows in tables without rules: a label set on a line of its own between two rows, in a
// column those rows leave empty (vertically centred on the rows it spans: an HTML rowspan, a pivot
// table's row header). Like a ruled table's short label (grid.ts), its text repeats in each row it spans.
import type { Row, Segment } from "./model";
import { rowGroups } from "./table-rows";

/** A line of the table holding only a row-spanning label, and the label's column. */
interface SpanLabel {
  line: number;
  column: number;
}

const filledColumns = (line: Segment[][]) => line.flatMap((segs, c) => (segs.length ? [c] : []));

/**
 * Body lines (after the first `first` lines) that hold one short cell (at most `short` characters) and
 * nothing else, set between two lines with cells in other columns that are a row apart (1.4 em or more,
 * not two lines of one cell), and off both their baselines.
 */
function spanningLabels(slice: Row[], cells: Segment[][][], first: number, size: number, short: number): SpanLabel[] {
  const out: SpanLabel[] = [];
  for (let k = first + 1; k < slice.length - 1; k++) {
    const own = filledColumns(cells[k]);
    if (own.length !== 1) continue;
    const c = own[0];
    if (cells[k][c].map((s) => s.text).join(" ").length > short) continue;
    const above = filledColumns(cells[k - 1]);
    const below = filledColumns(cells[k + 1]);
    if (!above.length || !below.length || above.includes(c) || below.includes(c)) continue;
    const [ya, y, yb] = [slice[k - 1].y, slice[k].y, slice[k + 1].y];
    if (yb - ya >= 1.4 * size - 0.1 && y - ya >= 0.25 * size && yb - y >= 0.25 * size) out.push({ line: k, column: c });
  }
  return out;
}

/**
 * Table rows (groups of lines) and cell texts with row-spanning labels resolved: the labels' lines leave
 * their groups, the other lines are grouped again, and each label fills its column in the rows around it
 * that leave that column empty (up to a row with a cell of its own there, or the header; a row between two
 * labels goes to the nearer one). Null when the table has no such label or the header would change.
 */
export function withRowSpans(
  slice: Row[],
  cells: Segment[][][],
  groups: number[][],
  size: number,
  short: number,
): { groups: number[][]; fill: Map<string, Segment[]> } | null {
  const labels = spanningLabels(slice, cells, groups[0].length, size, short);
  if (!labels.length) return null;
  const isLabel = new Set(labels.map((l) => l.line));
  const rest = slice.map((_, k) => k).filter((k) => !isLabel.has(k));
  const regrouped = rowGroups(
    rest.map((k) => slice[k]),
    size,
  ).map((g) => g.map((i) => rest[i]));
  if (regrouped[0].length !== groups[0].length || regrouped[0].some((k, i) => k !== groups[0][i])) return null;
  const mid = (g: number[]) => g.reduce((sum, k) => sum + slice[k].y, 0) / g.length;
  const empty = (g: number[], c: number) => g.every((k) => !cells[k][c].length);
  const owner = new Map<string, { label: SpanLabel; distance: number }>();
  for (const label of labels) {
    const y = slice[label.line].y;
    const c = label.column;
    // The first group below the label; the label spans up from the one before it and down from it.
    let next = regrouped.findIndex((g) => mid(g) > y);
    if (next < 0) next = regrouped.length;
    const claim = (g: number) => {
      const key = `${g}:${c}`;
      const distance = Math.abs(mid(regrouped[g]) - y);
      const held = owner.get(key);
      if (!held || distance < held.distance) owner.set(key, { label, distance });
    };
    for (let g = next - 1; g >= 1 && empty(regrouped[g], c); g--) claim(g);
    for (let g = next; g < regrouped.length && empty(regrouped[g], c); g++) claim(g);
  }
  const fill = new Map<string, Segment[]>();
  for (const [key, { label }] of owner) fill.set(key, cells[label.line][label.column]);
  return { groups: regrouped, fill };
}
