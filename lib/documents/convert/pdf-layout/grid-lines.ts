// Ruled tables whose body rows share one ruled row (issue 14, class 5: scientific tables, government
// statistics). Papers rule the columns and only the header and the foot, so all the body's lines sit between
// two horizontal rules; read as one ruled row, every column's figures ran together into one cell. When the
// columns of figures (at least half of the filled columns) hold the same number of lines on the same
// baselines, each line is a row of its own (group labels beside no figures too): a border (one the page
// does not draw) goes between them. Rows of wrapped text ruled only around groups of rows are parted where
// a blank line separates blocks that open with a label in the first column. Other wrapped text (one cell
// running over lines, words rather than figures) stays.
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
    const byLine = lineBorders(row);
    extra.push(...(byLine.length ? byLine : gapBorders(row)));
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

type CellLine = { y: number; text: string; size: number };

/** Distinct baselines of a ruled row's lines over all its columns (top to bottom), with the lines on each. */
function baselines(row: CellLine[][]): { y: number; size: number; lines: (CellLine & { column: number })[] }[] {
  const out: { y: number; size: number; lines: (CellLine & { column: number })[] }[] = [];
  const all = row.flatMap((c, column) => c.map((l) => ({ ...l, column })));
  for (const l of all.sort((a, b) => a.y - b.y)) {
    const last = out[out.length - 1];
    if (last && l.y - last.y <= 0.3 * l.size) last.lines.push(l);
    else out.push({ y: l.y, size: l.size, lines: [l] });
  }
  return out;
}

/**
 * Borders between the lines of a ruled row whose columns of figures (at least half of its filled columns)
 * hold the same number of lines, two or more, on the same baselines: each line is a row of its own (a
 * label line beside no figures is a row label of a group, "3-Year-Old Cohort"), except a line without
 * figures beginning in lower case, which carries on the line above.
 */
function lineBorders(row: CellLine[][]): number[] {
  const filled = row.filter((c) => c.length);
  const figures = filled.filter((c) => c.every((l) => isFigure(l.text.trim())));
  if (filled.length < 2 || !figures.length || 2 * figures.length < filled.length) return [];
  const ref = figures[0];
  const k = ref.length;
  if (k < 2 || figures.some((c) => c.length !== k || c.some((l, n) => Math.abs(l.y - ref[n].y) > 0.5 * l.size))) return [];
  const onFigures = (y: number, size: number) => ref.some((l) => Math.abs(l.y - y) <= 0.3 * size);
  const all = baselines(row);
  const out: number[] = [];
  for (let n = 1; n < all.length; n++) {
    const b = all[n];
    const carriesOn = !onFigures(b.y, b.size) && b.lines.every((l) => /^\p{Ll}/u.test(l.text.trim()));
    if (!carriesOn) out.push((all[n - 1].y + b.y) / 2 - 0.3 * b.size);
  }
  return out;
}

/**
 * Borders at the wide gaps of a ruled row with two or more filled columns whose lines run in blocks, set
 * at line pitch inside a block and a blank line apart (1.6 times that pitch, 1.5 em or more) between
 * blocks, each block opening with a row label in the first column and the gap parting the text of two
 * columns or more, or under a group label standing alone in the first column ("Stationary:" over "Major"):
 * the rows of a table ruled only around groups of rows. (A blank line inside one cell, or inside cells
 * beside a first column with one label, splits nothing.)
 */
function gapBorders(row: CellLine[][]): number[] {
  const first = row.findIndex((c) => c.length);
  if (row.filter((c) => c.length).length < 2) return [];
  const all = baselines(row);
  if (all.length < 3) return [];
  const pitches = all.slice(1).map((b, n) => b.y - all[n].y);
  const pitch = Math.min(...pitches);
  // Columns with text both above and below the gap after line n: two or more when the gap parts rows.
  const across = (n: number) =>
    row.filter((c) => c.some((l) => l.y <= all[n].y + 0.3 * l.size) && c.some((l) => l.y >= all[n + 1].y - 0.3 * l.size)).length;
  // A group label: the row's first line, alone in the first column, over a line that opens a row across
  // columns (the first member's label and its cells).
  const labelAbove = (n: number) => n === 0 && all[0].lines.every((l) => l.column === first) && new Set(all[1].lines.map((l) => l.column)).size >= 2;
  const wide = (d: number, n: number) =>
    d >= 1.6 * pitch && d >= 1.5 * all[n + 1].size && all[n + 1].lines.some((l) => l.column === first) && (across(n) >= 2 || labelAbove(n));
  if (!pitches.some(wide) || pitches.every(wide)) return [];
  return pitches.flatMap((d, n) => (wide(d, n) ? [(all[n].y + all[n + 1].y) / 2 - 0.3 * all[n + 1].size] : []));
}
