// Rows of a table without rules: which grown rows belong to it (trim), how its lines group into table rows
// (wrapped cells, headers), and the cell texts of each group.
import { joinCellLines } from "./blocks";
import { columnOf, type Interval, NUMERIC } from "./gutters";
import type { Row } from "./model";

/**
 * The rows of a grown region that belong to the table. One-sided rows below the last row with text on
 * both sides of a gutter that sit after a wider vertical gap, or reach well past their column, belong to
 * the text below; one-sided rows above the first such row belong to the table only when set within a line
 * height of it (wrapped header lines), not like a heading or a paragraph's last line, or when a few lines
 * set close together fill every column (a header row of cells with several lines, vertically centred).
 */
export function trim(rows: Row[], start: number, end: number, gutters: Interval[], size: number): { start: number; end: number } | null {
  const multi = (r: Row) => new Set(r.segments.map((s) => columnOf(s, gutters))).size >= 2;
  const multis: number[] = [];
  for (let k = start; k < end; k++) if (multi(rows[k])) multis.push(k);
  if (!multis.length) return null;
  const firstMulti = multis[0];
  const lastMulti = multis[multis.length - 1];
  const median = (v: number[], fallback: number) => (v.length ? [...v].sort((p, q) => p - q)[v.length >> 1] : fallback);
  const pitches: number[] = [];
  for (let k = firstMulti + 1; k <= lastMulti; k++) pitches.push(rows[k].y - rows[k - 1].y);
  // Two distances (a cell's second line, then the next row): the smaller is the pitch of the lines.
  const pitch = pitches.length === 2 ? Math.min(...pitches) : median(pitches, 1.3 * size);
  const wide = (k: number) => rows[k].y - rows[k - 1].y > 1.3 * pitch + 0.5;
  // Column extents over the rows with text on both sides: a one-sided row reaching well past its
  // column's extent, and much wider than it, is a paragraph next to the table, not a cell (a header
  // label a little wider than its column of numbers is a cell).
  const extents = gutters.map(() => [Infinity, -Infinity]).concat([[Infinity, -Infinity]]);
  for (const k of multis) {
    for (const s of rows[k].segments) {
      const e = extents[columnOf(s, gutters)];
      e[0] = Math.min(e[0], s.x0);
      e[1] = Math.max(e[1], s.x1);
    }
  }
  const outside = (k: number) =>
    rows[k].segments.some((s) => {
      const e = extents[columnOf(s, gutters)];
      return e[0] <= e[1] && (s.x0 < e[0] - s.size || s.x1 > e[1] + s.size) && s.x1 - s.x0 > e[1] - e[0] + 2 * s.size;
    });
  for (let k = lastMulti + 1; k < end; k++)
    if (wide(k) || outside(k)) {
      end = k;
      break;
    }
  const tight = (k: number) => rows[k].y - rows[k - 1].y <= 1.25 * size + 0.5;
  let top = firstMulti;
  while (top > start && tight(top)) top--;
  // Lines set apart above the first row, a few of them close together, that fill every column between
  // them within the columns' extents: a header row whose cells hold several lines, vertically centred.
  if (top === firstMulti && top > start) {
    let block = top - 1;
    while (block > start && tight(block)) block--;
    const columns = new Set(rows.slice(block, top).flatMap((r) => r.segments.map((s) => columnOf(s, gutters))));
    const fits = rows.slice(block, top).every((_, i) => !outside(block + i));
    if (top - block <= 4 && columns.size === gutters.length + 1 && fits) top = block;
  }
  return { start: top, end };
}

/**
 * Lines of a table grouped into table rows (wrapped cells and headers): consecutive lines set at most a
 * line height apart (1.25 em; half of it for cells centred on their row) when rows are visibly further
 * apart than that (the 90th percentile of the distances, so one wide gap does not count). Wrapped lines
 * are partial: a line spanning most of the table is a row of its own once its group has one (entries set
 * at line pitch, like the sections under a chapter in a table of contents).
 */
export function rowGroups(slice: Row[], size: number): number[][] {
  const pitches = slice.slice(1).map((r, k) => r.y - slice[k].y);
  const sorted = [...pitches].sort((p, q) => p - q);
  // Up to three distances (a table of two or three rows, a cell of several lines among them), the largest.
  const rowPitch = sorted.length ? sorted[sorted.length <= 3 ? sorted.length - 1 : Math.floor(0.9 * (sorted.length - 1))] : 0;
  const tight = rowPitch >= 1.4 * size - 0.1 ? Math.min(1.25 * size + 0.5, 0.75 * rowPitch) : 0;
  const x0 = Math.min(...slice.map((r) => r.x0));
  const x1 = Math.max(...slice.map((r) => r.x1));
  const full = (r: Row) => r.segments.length >= 2 && r.x1 - r.x0 >= 0.8 * (x1 - x0);
  // A group label: lines without cells of their own, set left of the row above and of the full row of
  // figures below (which opens in a capital or a figure), heads the rows indented under it ("Type of
  // institution" over "Public 4-year  44.4  31,200"); a label wrapped with a hanging indent starts where the
  // rows beside it start.
  const indent = 0.5 * size;
  const labelOver = (group: number[], r: Row) =>
    full(r) &&
    group[0] > 0 &&
    !group.some((i) => full(slice[i])) &&
    r.x0 > slice[group[0]].x0 + indent &&
    slice[group[0] - 1].x0 > slice[group[0]].x0 + indent &&
    /^[\p{Lu}\p{N}]/u.test(r.segments[0].text) &&
    r.segments.slice(1).some((s) => NUMERIC.test(s.text.trim()));
  const groups: number[][] = [];
  slice.forEach((r, k) => {
    const group = groups[groups.length - 1];
    if (k > 0 && pitches[k - 1] <= tight && !(full(r) && group.some((i) => full(slice[i]))) && !labelOver(group, r)) group.push(k);
    else groups.push([k]);
  });
  return groups;
}

/**
 * Header lines of a table of figures whose rows are set at line pitch (no spacing tells a cell's lines from
 * the next row, so each line is a group of its own): among the lines above the first one holding a figure
 * (most lines below it hold one), a line whose every piece stands over a piece of the next line, lined up
 * with it (same left or right edge, or centre), is a wrapped line of the same header cells and joins that
 * line's row. A spanning label
 * ("Actual", "Amount borrowed") is centred over several columns and lines up with none of them: it stays
 * a row of its own.
 */
export function wrappedHeaderLines(slice: Row[], groups: number[][], size: number): number[][] {
  const hasFigure = (r: Row) => r.segments.some((s) => NUMERIC.test(s.text.trim()));
  const figures = slice.findIndex(hasFigure);
  if (figures < 2 || !groups.slice(0, figures).every((g, i) => g.length === 1 && g[0] === i)) return groups;
  // A table of figures: most lines below the header hold one.
  const body = slice.slice(figures);
  if (body.length < 2 || 2 * body.filter(hasFigure).length < body.length) return groups;
  const tol = Math.max(1.5, 0.12 * size);
  const linedUp = (s: Interval, t: Interval) =>
    Math.min(s[1], t[1]) > Math.max(s[0], t[0]) &&
    (Math.abs(s[0] - t[0]) <= tol || Math.abs(s[1] - t[1]) <= tol || Math.abs(s[0] + s[1] - t[0] - t[1]) <= 2 * tol);
  const continues = (upper: Row, lower: Row) =>
    lower.y - upper.y <= 1.25 * size + 0.5 && upper.segments.every((s) => lower.segments.some((t) => linedUp([s.x0, s.x1], [t.x0, t.x1])));
  const header: number[][] = [];
  for (let k = 0; k < figures; k++) {
    if (k > 0 && continues(slice[k - 1], slice[k])) header[header.length - 1].push(k);
    else header.push([k]);
  }
  return header.length < figures ? [...header, ...groups.slice(figures)] : groups;
}

/** Cell texts per table row: the lines of wrapped cells joined. */
export function tableCells(groups: number[][], texts: string[][]): string[][] {
  return groups.map((g) =>
    texts[g[0]].map((_, c) =>
      g
        .map((k) => texts[k][c])
        .filter(Boolean)
        .reduce(joinCellLines, ""),
    ),
  );
}
