// A ruled table with other content beside it: a chart's labels to its right, a column of text to its left.
// The page's rows run across both, so the rows at the table's height reach past its borders and the grid is
// not taken as a table (rowsInGrid); aligned-text detection then reads the labels as a further column whose
// cells fall between the table's rows. When that content stands clear of the grid (a gap of two text sizes
// at least, where a chart's axis labels sit right at its plot area's edge) and nothing straddles the grid's
// edges, the rows are split: the table, then what stands beside it, read one after the other.
import { rowsAtGridHeight } from "./grid";
import type { Grid } from "./grid-borders";
import { TOUCH } from "./grid-borders";
import type { Row, Segment } from "./model";
import { withSegments } from "./side-by-side";

/** Content beside a table stands at least this many of its text sizes clear of the table's border. */
const CLEAR_SIZES = 2;

/**
 * The rows at a ruled grid's height split into columns (content left of the grid, the grid's own, content
 * right of it; empty ones left out) with their index span, or null when nothing stands beside the grid, some
 * text straddles or touches its edges, or the grid holds no text.
 */
export function besideGrid(rows: Row[], grid: Grid): { start: number; end: number; columns: Row[][] } | null {
  const span = rowsAtGridHeight(rows, grid);
  if (!span) return null;
  const { start, end } = span;
  const left = grid.xs[0];
  const right = grid.xs[grid.xs.length - 1];
  const side = (s: Segment): -1 | 0 | 1 | null => {
    if (s.x0 >= left - TOUCH && s.x1 <= right + TOUCH) return 0;
    if (s.x1 <= left - CLEAR_SIZES * s.size) return -1;
    if (s.x0 >= right + CLEAR_SIZES * s.size) return 1;
    return null;
  };
  const parts: Row[][] = [[], [], []];
  let outside = 0;
  for (const row of rows.slice(start, end)) {
    const sides = row.segments.map(side);
    if (sides.some((s) => s === null)) return null;
    for (const s of [-1, 0, 1] as const) {
      const segments = row.segments.filter((_, i) => sides[i] === s);
      if (!segments.length) continue;
      parts[s + 1].push(withSegments(row, segments));
      if (s) outside++;
    }
  }
  if (!outside || !parts[1].length) return null;
  return { start, end, columns: parts.filter((p) => p.length) };
}
