// Ruled tables whose body rows share one ruled row (issue 14, class 5: scientific tables). Papers rule
// the columns and only the header and the foot, so all the body's lines sit between two horizontal rules;
// read as one ruled row, every column's figures ran together into one cell. When every filled column of
// such a row holds the same number of lines on the same baselines and figures fill at least half of those
// columns, each line is a row of its own: a border (one the page does not draw) goes between them.
// Wrapped text (one cell running over lines beside one-line cells, or words rather than figures) stays.
import { type Grid, splitAtBorders } from "./grid-borders";
import { NUMERIC } from "./gutters";
import type { Row } from "./model";

/** Empty-value marks that stand in for a figure in a column of figures. */
const PLACEHOLDER = /^(?:[-–—−]|n\/?a|–)$/i;
/** Figures only: one or several (sub-columns under one ruled column), marks like `*` or `†` after them allowed. */
const isFigure = (t: string) => t.split(/\s+/).every((w) => NUMERIC.test(w.replace(/[*†‡§]+$/, "")) || PLACEHOLDER.test(w));

const slot = (borders: number[], v: number) => {
  let i = 0;
  while (i < borders.length - 2 && v > borders[i + 1]) i++;
  return i;
};

/** The grid with a border between the lines of ruled rows that hold one table row per line. */
export function withLineRows(rows: Row[], grid: Grid): Grid {
  const nRows = grid.ys.length - 1;
  const nCols = grid.xs.length - 1;
  if (nCols < 2) return grid;
  // Lines (baseline, text) per ruled row and column.
  const lines: { y: number; text: string; size: number }[][][] = Array.from({ length: nRows }, () => Array.from({ length: nCols }, () => []));
  for (const r of rows)
    for (const s of r.segments.flatMap((seg) => splitAtBorders(seg, grid))) {
      const i = slot(grid.ys, s.y - 0.3 * s.size);
      const j = slot(grid.xs, (s.x0 + s.x1) / 2);
      const cell = lines[i][j];
      const last = cell[cell.length - 1];
      if (last && Math.abs(last.y - s.y) <= 0.3 * s.size) last.text += ` ${s.text}`;
      else cell.push({ y: s.y, text: s.text, size: s.size });
    }
  const extra: number[] = [];
  for (const row of lines) {
    const filled = row.filter((c) => c.length);
    const k = filled[0]?.length ?? 0;
    if (k < 2 || filled.length < 2 || filled.some((c) => c.length !== k)) continue;
    const ref = filled[0];
    const aligned = filled.every((c) => c.every((l, n) => Math.abs(l.y - ref[n].y) <= 0.5 * l.size));
    const figures = filled.filter((c) => c.every((l) => isFigure(l.text.trim()))).length;
    if (!aligned || 2 * figures < filled.length) continue;
    for (let n = 1; n < k; n++) extra.push((ref[n - 1].y + ref[n].y) / 2 - 0.3 * ref[n].size);
  }
  if (!extra.length) return grid;
  const x0 = grid.xs[0];
  const x1 = grid.xs[grid.xs.length - 1];
  return {
    ...grid,
    ys: [...grid.ys, ...extra].sort((a, b) => a - b),
    h: [...(grid.h ?? grid.ys.map((y) => ({ y, x0, x1 }))), ...extra.map((y) => ({ y, x0, x1 }))],
  };
}
