// A ruled table's grid (its column and row borders) and the splitting of text that pdf.js merged across a
// column border; shared by grid.ts (finding grids, cells) and grid-lines.ts (rows by text line).
import type { PageRules, Segment } from "./model";
import { splitSegment } from "./model";

export interface Grid {
  /** Column borders, left to right (outer edges included). */
  xs: number[];
  /** Row borders, top to bottom (outer edges included). */
  ys: number[];
  /** Vertical lines, for splitting text only where a border really runs. */
  v: PageRules["v"];
  /** Horizontal lines, for telling a cell that spans rows (no border under it) from one per row. */
  h?: PageRules["h"];
}

/** How far (points) text or a line may sit outside a rule and still touch it. */
export const TOUCH = 2;

/** Splits a segment where a vertical border crosses it, at the word break nearest the border. */
export function splitAtBorders(s: Segment, grid: Grid): Segment[] {
  const border = grid.v.find((l) => l.x > s.x0 + 1 && l.x < s.x1 - 1 && l.y0 - TOUCH <= s.y && s.y <= l.y1 + TOUCH);
  if (!border) return [s];
  const perChar = (s.x1 - s.x0) / Math.max(s.text.length, 1);
  let best = -1;
  let dist = Infinity;
  for (let k = s.text.indexOf(" "); k > 0; k = s.text.indexOf(" ", k + 1)) {
    const d = Math.abs(s.x0 + (k + 0.5) * perChar - border.x);
    if (d < dist) [best, dist] = [k, d];
  }
  if (best < 0 || dist > 2 * perChar) return [s];
  const [a, b] = splitSegment(s, best);
  return [{ ...a, x1: Math.min(a.x1, border.x - 0.5) }, ...splitAtBorders({ ...b, x0: Math.max(b.x0, border.x + 0.5) }, grid)];
}
