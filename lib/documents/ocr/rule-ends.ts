// Column rules that begin under a header row (table-cells.ts). Under a shaded header (a grey band behind a
// cell spanning the columns: "THRESHOLD FOR RELEASES" over "to air | to water | to land") the shading's edges
// run on up the column rules, so a rule is found from the band's top and runs through the spanning header's
// words, and a rule through words is taken for letter strokes and dropped with its column. A rule crossed only
// by words of its first text line (their tops within a line height of the rule's top) begins below them: its
// top is moved under those words.
import type { Box, TableGrid } from "./table-lines";

interface Word {
  text: string;
  bbox: Box;
}

/**
 * Whether a word lies across a column rule at x: across its x (within 2 px: letter strokes at a word's first or last
 * letter included), at least half its height beside the rule's extent.
 */
export const crossesRule = (x: number, r: Box, w: { bbox: Box }) =>
  w.bbox.x0 <= x + 2 && w.bbox.x1 >= x - 2 && Math.min(w.bbox.y1, r.y1) - Math.max(w.bbox.y0, r.y0) > 0.5 * (w.bbox.y1 - w.bbox.y0);

/** The grid's column rules, each one crossed only by its first line's words starting under them. */
export function rulesBelowHeader(grid: TableGrid, words: readonly Word[], lineHeight: number): TableGrid["cols"] {
  return grid.cols.map((c) => ({
    ...c,
    rules: c.rules.map((r) => {
      const across = words.filter((w) => /[\p{L}\p{N}]/u.test(w.text) && crossesRule(c.x, r, w));
      if (!across.length || across.some((w) => w.bbox.y0 > r.y0 + lineHeight)) return r;
      const y0 = Math.max(...across.map((w) => w.bbox.y1)) + 1;
      return y0 < r.y1 - lineHeight ? { ...r, y0 } : r;
    }),
  }));
}
