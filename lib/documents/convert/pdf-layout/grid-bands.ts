// Shaded bands in ruled tables (rules.ts gives their top and bottom edges, marked band; joint where two
// bands of the same extent abut). SPSS and others paint a cell's background behind each line of its text,
// inset from its borders: such edges part no rows and border no cells (grid.ts).
import { type Grid, TOUCH } from "./grid-borders";

/** A ruling line along its axis: at its position, from/to its ends (band, joint: a shaded band's edge). */
export type RuleLine = { at: number; from: number; to: number; band?: true; joint?: true };

/**
 * Which horizontal lines of a grid spanning x0..x1 part its rows. Drawn lines do; in a row with column
 * borders, a shaded band's edge does only where bands run across half the table or more (a row's
 * background) and none carries on across it (a cell's background painted line by line); a band behind one
 * cell's text, or one of its lines, parts none. Without column borders every edge does, as before.
 */
export function bandEdgePartsRows(h: RuleLine[], v: RuleLine[], x0: number, x1: number): (l: RuleLine) => boolean {
  const rowEdge = (at: number) => {
    const edges = h.filter((l) => l.band && Math.abs(l.at - at) <= 1);
    return !edges.some((l) => l.joint) && 2 * edges.reduce((sum, l) => sum + l.to - l.from, 0) >= x1 - x0;
  };
  const columned = (at: number) => v.some((l) => l.at > x0 + 3 && l.at < x1 - 3 && l.from - TOUCH <= at && at <= l.to + TOUCH);
  return (l) => !l.band || !columned(l.at) || rowEdge(l.at);
}

/**
 * Whether a horizontal border runs over the middle of column j at the top of row i (rules known). The
 * edge of a shaded band is none: a cell's background may stop short of its border (a band behind its text).
 */
export function borderAbove(grid: Grid, i: number, j: number): boolean {
  if (!grid.h) return true;
  const y = grid.ys[i];
  const x = (grid.xs[j] + grid.xs[j + 1]) / 2;
  return grid.h.some((l) => !l.band && Math.abs(l.y - y) <= 3 && l.x0 - TOUCH <= x && x <= l.x1 + TOUCH);
}
