// Ruled tables: horizontal and vertical ruling lines that touch form a grid; its vertical lines are the
// column borders (text that pdf.js merged across a border is split there) and its horizontal lines the
// row borders (wrapped cell text and headers stay in their row).
import { joinCellLines } from "./blocks";
import { bandEdgePartsRows, borderAbove, type RuleLine } from "./grid-bands";
import { type Grid, splitAtBorders, TOUCH } from "./grid-borders";
import { withLineRows } from "./grid-lines";
import { withoutNested } from "./grid-nested";
import { notOneColumn } from "./grid-one-column";
import { joinCellPieces } from "./lines";
import type { PageRules, Row, Segment } from "./model";

export type { Grid } from "./grid-borders";

const MAX_LINES = 600;

/** Lines at (nearly) the same position whose extents overlap or touch, merged into one. */
function mergeCollinear<T extends { at: number; from: number; to: number; band?: true; joint?: true }>(lines: T[]): T[] {
  const byPosition = [...lines].sort((a, b) => a.at - b.at);
  const out: T[] = [];
  for (let i = 0; i < byPosition.length; ) {
    let j = i + 1;
    while (j < byPosition.length && byPosition[j].at - byPosition[i].at <= 1) j++;
    const run: T[] = [];
    for (const l of byPosition.slice(i, j).sort((a, b) => a.from - b.from)) {
      const last = run[run.length - 1];
      if (last && l.from <= last.to + TOUCH) {
        last.to = Math.max(last.to, l.to);
        // A drawn line along a band's edge is a border; a band's edge along another's a row's part.
        if (!l.band) delete last.band;
        if (!l.joint) delete last.joint;
      } else run.push({ ...l });
    }
    out.push(...run);
    i = j;
  }
  return out;
}

function distinct(values: number[], tol: number): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) if (!out.length || v - out[out.length - 1] > tol) out.push(v);
  return out;
}

/** Grids of at least two columns and two rows formed by touching ruling lines. */
export function findGrids(rules: PageRules): Grid[] {
  const v = mergeCollinear<RuleLine>(rules.v.map((r) => ({ at: r.x, from: r.y0, to: r.y1 })));
  const h = mergeCollinear<RuleLine>(rules.h.map((r) => ({ at: r.y, from: r.x0, to: r.x1, band: r.band, joint: r.joint })));
  if (!v.length || h.length < 2 || v.length > MAX_LINES || h.length > MAX_LINES) return [];
  const parent = Array.from({ length: v.length + h.length }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < v.length; i++) {
    for (let j = 0; j < h.length; j++) {
      const a = v[i];
      const b = h[j];
      if (b.from - TOUCH <= a.at && a.at <= b.to + TOUCH && a.from - TOUCH <= b.at && b.at <= a.to + TOUCH) parent[find(i)] = find(v.length + j);
    }
  }
  const groups = new Map<number, { v: typeof v; h: typeof h }>();
  v.forEach((l, i) => {
    const g = groups.get(find(i)) ?? { v: [], h: [] };
    g.v.push(l);
    groups.set(find(i), g);
  });
  h.forEach((l, j) => groups.get(find(v.length + j))?.h.push(l));
  const out: Grid[] = [];
  for (const touching of groups.values()) {
    if (touching.h.length < 2) continue;
    const x0 = Math.min(...touching.h.map((l) => l.from), ...touching.v.map((l) => l.at));
    const x1 = Math.max(...touching.h.map((l) => l.to), ...touching.v.map((l) => l.at));
    const y0 = Math.min(...touching.v.map((l) => l.from), ...touching.h.map((l) => l.at));
    const y1 = Math.max(...touching.v.map((l) => l.to), ...touching.h.map((l) => l.at));
    // A table nested in a cell adds no borders to the table around it.
    const g = withoutNested(touching.v, touching.h, y0, y1);
    const partsRows = bandEdgePartsRows(g.h, g.v, x0, x1);
    const ys = distinct([y0, y1, ...g.h.filter(partsRows).map((l) => l.at)], 3);
    // Tables stacked so that they share a border are one set of touching lines: split where the vertical
    // borders change (a band that merely lacks some of them has merged cells).
    const crossing = (a: number, b: number) =>
      distinct(
        g.v.filter((l) => l.from - TOUCH <= (a + b) / 2 && (a + b) / 2 <= l.to + TOUCH).map((l) => l.at),
        3,
      );
    const within = (small: number[], big: number[]) => small.every((x) => big.some((y) => Math.abs(x - y) <= 3));
    // Bands with merged cells each lack a different border (one at most) and share the other inner ones;
    // stacked tables with columns of their own differ in more (the outer edges do not count).
    const inner = (xs: number[]) => xs.filter((x) => x > x0 + 3 && x < x1 - 3);
    const sameColumns = (a: number[], b: number[]) => {
      const [ia, ib] = [inner(a), inner(b)];
      const common = ia.filter((x) => ib.some((y) => Math.abs(x - y) <= 3)).length;
      return within(a, b) || within(b, a) || (common >= 2 && common >= Math.max(ia.length, ib.length) - 1);
    };
    let first = 0;
    let borders = crossing(ys[0], ys[1]);
    for (let i = 1; i <= ys.length - 1; i++) {
      const next = i < ys.length - 1 ? crossing(ys[i], ys[i + 1]) : null;
      if (next && sameColumns(next, borders)) {
        borders = distinct([...borders, ...next], 3);
        continue;
      }
      const xs = distinct([x0, x1, ...borders], 3);
      // Two columns and two rows, or one column of three rows (a checklist), or of two alike rows (a box
      // with a title bar over its body is not a table): one ruled row is a box.
      const band = ys.slice(first, i + 1);
      if ((xs.length >= 3 && i - first >= 2) || (xs.length === 2 && (i - first >= 3 || (i - first === 2 && alikeRows(band)))))
        out.push({
          xs,
          ys: ys.slice(first, i + 1),
          v: g.v.map((l) => ({ x: l.at, y0: l.from, y1: l.to })),
          h: g.h.map((l) => ({ y: l.at, x0: l.from, x1: l.to, ...(l.band && { band: l.band }) })),
        });
      if (next) [first, borders] = [i, next];
    }
  }
  return out;
}

/** Two ruled rows of similar height (neither over twice the other). */
const alikeRows = (ys: number[]) => {
  const [a, b] = [ys[1] - ys[0], ys[2] - ys[1]];
  return Math.max(a, b) <= 2 * Math.min(a, b);
};

/** Rows [start, end) from the first to the last whose baseline lies within the grid's height, or null. */
export function rowsAtGridHeight(rows: Row[], grid: Grid): { start: number; end: number } | null {
  const top = grid.ys[0];
  const bottom = grid.ys[grid.ys.length - 1];
  const start = rows.findIndex((r) => r.y >= top && r.y <= bottom);
  return start < 0 ? null : { start, end: rows.findLastIndex((r) => r.y >= top && r.y <= bottom) + 1 };
}

/** Rows [start, end) whose baselines lie inside the grid, if all their text lies inside it too. */
export function rowsInGrid(rows: Row[], grid: Grid): { start: number; end: number } | null {
  const span = rowsAtGridHeight(rows, grid);
  const [top, bottom] = [grid.ys[0], grid.ys[grid.ys.length - 1]];
  const [left, right] = [grid.xs[0] - TOUCH, grid.xs[grid.xs.length - 1] + TOUCH];
  const inside = (r: Row) => r.y < top || r.y > bottom || (r.x0 >= left && r.x1 <= right);
  return span && rows.slice(span.start, span.end).every(inside) ? span : null;
}

const indexIn = (borders: number[], v: number) => {
  let i = 0;
  while (i < borders.length - 2 && v > borders[i + 1]) i++;
  return i;
};

/**
 * Cell texts of a ruled table, or null when it has fewer than 2×2 cells (one column: 3 rows). Rows (below
 * the first with text) and columns without text are kept when they are cell-sized (an empty form),
 * dropped when they are slivers between double rules. A cell spanning columns (no border between them in its
 * row) or rows (no border under it) repeats its text in each of them.
 */
export function gridCells(rows: Row[], ruled: Grid): string[][] | null {
  if (ruled.xs.length === 2 && notOneColumn(rows)) return null;
  const grid = withLineRows(rows, ruled);
  const nRows = grid.ys.length - 1;
  const nCols = grid.xs.length - 1;
  const spans = withSeparateCells(
    rows,
    grid,
    grid.ys.slice(1).map((y, i) => spanStarts(grid, (grid.ys[i] + y) / 2)),
  );
  const cells: string[][][] = Array.from({ length: nRows }, () => Array.from({ length: nCols }, () => []));
  const sizes: number[] = [];
  for (const r of rows) {
    // One text line per cell and row: pieces of the same line join with spaces, lines with joinCellLines.
    const line = new Map<string, string[]>();
    for (const s of r.segments) {
      sizes.push(s.size);
      for (const piece of splitAtBorders(s, grid)) {
        const i = indexIn(grid.ys, piece.y - 0.3 * piece.size);
        const j = spans[i][indexIn(grid.xs, (piece.x0 + piece.x1) / 2)];
        const key = `${i}:${j}`;
        line.set(key, [...(line.get(key) ?? []), piece.text]);
      }
    }
    for (const [key, parts] of line) {
      const [i, j] = key.split(":").map(Number);
      cells[i][j].push(joinCellPieces(parts));
    }
  }
  // A cell without a border under it spans into the row below when that row's part of it is empty or
  // carries on its text (a line starting in lower case): the text of the whole cell, repeated in each row.
  // A label in its own right under a partial rule (a total under the figures' rule) stays a row's own.
  const tops: number[][] = [];
  for (let i = 0; i < nRows; i++) {
    tops.push(
      Array.from({ length: nCols }, (_, j) => {
        if (i === 0 || borderAbove(grid, i, j)) return i;
        const own = cells[i][j][0];
        return !own || /^\p{Ll}/u.test(own) ? tops[i - 1][j] : i;
      }),
    );
  }
  const merged = cells.map((row) => row.map((parts) => [...parts]));
  for (let i = 1; i < nRows; i++) for (let j = 0; j < nCols; j++) if (tops[i][j] !== i) merged[tops[i][j]][j].push(...cells[i][j]);
  // A short label repeats in the rows and columns it spans; running text stays in its first row and
  // column (not read twice, or seven times across a full-width cell).
  const texts = cells.map((_, i) =>
    Array.from({ length: nCols }, (_, j) => {
      const c = spans[i][j];
      const text = merged[tops[i][c]][c].reduce(joinCellLines, "");
      return (tops[i][c] === i && c === j) || text.length <= SPAN_LABEL ? text : "";
    }),
  );
  const size = sizes.length ? [...sizes].sort((a, b) => a - b)[sizes.length >> 1] : 10;
  const keepCols = Array.from({ length: nCols }, (_, j) => texts.some((row) => row[j]) || grid.xs[j + 1] - grid.xs[j] >= 2 * size);
  // Empty rows above the first row with text are the gap to a table above sharing its borders. A sliver
  // between double rules holds no text of its own: a cell spanning into it is not repeated there.
  const first = texts.findIndex((row) => row.some(Boolean));
  const sliver = (i: number) => grid.ys[i + 1] - grid.ys[i] < 0.6 * size;
  /** Text of the row's own (not repeated from a cell spanning into it). */
  const ownText = (i: number) => cells[i].some((parts) => parts.length);
  // A row parted from the one above by a shaded band's edge only, with no text of its own, is part of it.
  const bandOnly = (i: number) =>
    !!grid.h && i > 0 && !ownText(i) && !Array.from({ length: nCols }, (_, j) => j).some((j) => borderAbove(grid, i, j));
  const out = texts
    .filter((row, i) => !bandOnly(i) && ((row.some(Boolean) && (!sliver(i) || ownText(i))) || (i > first && !sliver(i))))
    .map((row) => row.filter((_, j) => keepCols[j]));
  if (out.flat().filter(Boolean).length < 2) return null;
  return out.length >= 2 && (out[0].length >= 2 || out.length >= 3 || (out.length === 2 && nRows === 2)) ? out : null;
}

/** A cell spanning rows or columns repeats its text in each of them up to this many characters. */
const SPAN_LABEL = 40;

/**
 * Merged cells (no vertical border in a ruled row) undone where the row's text stands in two or more of
 * the merged columns and no piece of it runs across the column border: cells of their own in a table that
 * rules its columns only in the header (each row was read as one cell spanning the table, repeated).
 */
function withSeparateCells(rows: Row[], grid: Grid, spans: number[][]): number[][] {
  const merged = spans.map((starts) => starts.some((c, j) => c !== j));
  if (!merged.some(Boolean)) return spans;
  const byRow = spans.map((): Segment[] => []);
  for (const r of rows)
    for (const p of r.segments.flatMap((s) => splitAtBorders(s, grid))) {
      const i = indexIn(grid.ys, p.y - 0.3 * p.size);
      if (merged[i] && p.text.trim()) byRow[i].push(p);
    }
  return spans.map((starts, i) => {
    if (!merged[i]) return starts;
    const inRow = byRow[i];
    const out = [...starts];
    for (let c = 0; c < starts.length; ) {
      let d = c + 1;
      while (d < starts.length && starts[d] === c) d++;
      if (d - c >= 2) {
        const inner = grid.xs.slice(c + 1, d);
        const run = inRow.filter((p) => {
          const j = indexIn(grid.xs, (p.x0 + p.x1) / 2);
          return j >= c && j < d;
        });
        const columns = new Set(run.map((p) => indexIn(grid.xs, (p.x0 + p.x1) / 2)));
        const crossing = run.some((p) => inner.some((x) => p.x0 < x - 1 && p.x1 > x + 1));
        if (columns.size >= 2 && !crossing) for (let j = c; j < d; j++) out[j] = j;
        else if (columns.size >= 2) for (const [a, b] of pieceSpans(run, grid, c, d)) for (let j = a; j <= b; j++) out[j] = a;
      }
      c = d;
    }
    return out;
  });
}

/**
 * The columns (first, last) that each group of a merged run's text pieces covers, when the groups cover
 * distinct columns: group headers over pairs of columns in a header row without vertical borders
 * ("12/31/2009" over "$000's" and "%", "12/31/2010" over the next two). Columns no piece covers stand alone.
 */
function pieceSpans(run: Segment[], grid: Grid, c: number, d: number): [number, number][] {
  const covered = run
    .map((p): [number, number] => [Math.max(c, indexIn(grid.xs, p.x0 + 1)), Math.min(d - 1, indexIn(grid.xs, p.x1 - 1))])
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of covered) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  const all: [number, number][] = [];
  for (let j = c; j < d; j++) {
    const span = out.find(([a]) => a === j);
    if (span) {
      all.push(span);
      j = span[1];
    } else all.push([j, j]);
  }
  return all;
}

/** For each column of a grid, the first column of the cell it belongs to at height y (merged cells). */
function spanStarts(grid: Grid, y: number): number[] {
  const out = [0];
  for (let j = 1; j < grid.xs.length - 1; j++) {
    const x = grid.xs[j];
    const border = grid.v.some((l) => Math.abs(l.x - x) <= 3 && l.y0 - TOUCH <= y && y <= l.y1 + TOUCH);
    out.push(border ? j : out[j - 1]);
  }
  return out;
}
