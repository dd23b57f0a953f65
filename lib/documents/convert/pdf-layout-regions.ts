// Vertical gutters: runs of consecutive rows that share one or more empty vertical bands ("gutters")
// with text on both sides. A run whose sides read like prose is a multi-column region (read column by
// column); a run of short aligned cells is a table; anything else stays plain rows.
import type { Row, Segment } from "./pdf-layout-model";

type Interval = [number, number];

export type Region =
  | { kind: "rows"; rows: Row[] }
  | { kind: "columns"; columns: Row[][] }
  | { kind: "table"; cells: string[][] };

const MAX_ROWS_FOR_REGIONS = 3000;

/** Splits rows (top-down order) into plain rows, multi-column regions and tables. */
export function findRegions(input: Row[], allowColumns: boolean): Region[] {
  const rows = input.slice(); // rows may be replaced by copies with split segments
  const out: Region[] = [];
  let cursor = 0;
  const flush = (end: number) => {
    if (end > cursor) out.push({ kind: "rows", rows: rows.slice(cursor, end) });
  };
  if (rows.length && rows.length <= MAX_ROWS_FOR_REGIONS) {
    const extent: Interval = [Math.min(...rows.map((r) => r.x0)), Math.max(...rows.map((r) => r.x1))];
    for (let i = 0; i < rows.length; i++) {
      if (rows[i].segments.length < 2 && !allowColumns) continue;
      const found = tryRegion(rows, i, cursor, allowColumns, extent);
      if (!found) continue;
      flush(found.start);
      out.push(found.region);
      cursor = found.end;
      i = found.end - 1;
    }
  }
  flush(rows.length);
  return out;
}

/** Parts of the intervals not covered by any segment, at least minGap wide. */
function subtract(intervals: Interval[], segments: Segment[], minGap: number): Interval[] {
  let pieces = intervals;
  for (const s of segments) {
    const next: Interval[] = [];
    for (const [a, b] of pieces) {
      if (s.x1 <= a || s.x0 >= b) next.push([a, b]);
      else {
        if (s.x0 - a >= minGap) next.push([a, s.x0]);
        if (b - s.x1 >= minGap) next.push([s.x1, b]);
      }
    }
    pieces = next;
    if (!pieces.length) break;
  }
  return pieces;
}

/** Free bands between the segments of all rows, inside their overall extent. */
function freeBands(rows: Row[], minGap: number): Interval[] {
  const x0 = Math.min(...rows.map((r) => r.x0));
  const x1 = Math.max(...rows.map((r) => r.x1));
  let bands: Interval[] = [[x0, x1]];
  for (const r of rows) bands = subtract(bands, r.segments, minGap);
  return bands.filter(([a, b]) => a > x0 && b < x1);
}

/** Column of a segment: gutters whose middle lies left of the segment's centre. */
function columnOf(s: Segment, gutters: Interval[]): number {
  const c = (s.x0 + s.x1) / 2;
  let n = 0;
  for (const [a, b] of gutters) if ((a + b) / 2 < c) n++;
  return n;
}

/** Splits a segment at a word break that falls inside a gutter (positions estimated per character). */
function splitAtGutters(s: Segment, gutters: Interval[]): Segment[] {
  const perChar = (s.x1 - s.x0) / Math.max(s.text.length, 1);
  for (const [a, b] of gutters) {
    if (s.x0 >= a || s.x1 <= b) continue;
    for (let k = s.text.indexOf(" "); k > 0; k = s.text.indexOf(" ", k + 1)) {
      const endX = s.x0 + k * perChar;
      const startX = s.x0 + (k + 1) * perChar;
      const mid = (endX + startX) / 2;
      if (mid < a || mid > b) continue;
      const leftText = s.text.slice(0, k);
      const rightText = s.text.slice(k + 1);
      const share = leftText.length / (leftText.length + rightText.length);
      const left: Segment = { ...s, text: leftText, x1: Math.min(endX, a), chars: Math.round(s.chars * share), marked: undefined };
      const right: Segment = { ...s, text: rightText, x0: Math.max(startX, b), chars: s.chars - left.chars, marked: undefined };
      return [left, ...splitAtGutters(right, gutters)];
    }
  }
  return [s];
}

/**
 * A region grown from one seed row. Seeds with several segments start from the gaps between them
 * (tables, columns with shared baselines); a single-segment seed starts from the free space beside it
 * within the text extent, which finds columns whose baselines do not line up (columns only).
 */
function tryRegion(rows: Row[], seed: number, floor: number, allowColumns: boolean, extent: Interval):
  { start: number; end: number; region: Region } | null {
  const seedRow = rows[seed];
  const minGap = 0.45 * seedRow.size;
  const keepGap = 0.25 * seedRow.size;
  const single = seedRow.segments.length < 2;
  let gutters: Interval[] = [];
  if (single) {
    if (seedRow.x0 - extent[0] >= minGap) gutters.push([extent[0], seedRow.x0]);
    if (extent[1] - seedRow.x1 >= minGap) gutters.push([seedRow.x1, extent[1]]);
  }
  for (let k = 1; k < seedRow.segments.length; k++) {
    const a = seedRow.segments[k - 1].x1;
    const b = seedRow.segments[k].x0;
    if (b - a >= minGap) gutters.push([a, b]);
  }
  if (!gutters.length) return null;

  // Grow while rows leave a gutter open. A row that lands in a single column may not close any
  // gutter (a paragraph or list running past a table's first column is not part of the table).
  const maxPitch = 3.5 * seedRow.size;
  const absorb = (k: number): boolean => {
    const pieces = gutters.map((g) => subtract([g], rows[k].segments, keepGap));
    const open = pieces.flat();
    if (!open.length) return false;
    const closed = pieces.some((p) => !p.length);
    if (closed && new Set(rows[k].segments.map((s) => columnOf(s, open))).size < 2) return false;
    gutters = open;
    return true;
  };
  let end = seed + 1;
  while (end < rows.length && rows[end].y - rows[end - 1].y <= maxPitch && absorb(end)) end++;
  let start = seed;
  while (start > floor && rows[start].y - rows[start - 1].y <= maxPitch && absorb(start - 1)) start--;
  if (end - start < 2) return null;

  // Rows above the first / below the last row with text on both sides of a gutter that sit after a
  // wider vertical gap belong to the surrounding text (a heading above, a paragraph below).
  const multi = (r: Row) => new Set(r.segments.map((s) => columnOf(s, gutters))).size >= 2;
  let firstMulti = -1;
  let lastMulti = -1;
  for (let k = start; k < end; k++) {
    if (multi(rows[k])) {
      if (firstMulti < 0) firstMulti = k;
      lastMulti = k;
    }
  }
  if (firstMulti < 0) {
    if (!single) return null;
    // Offset baselines: no row has both sides; the trimming below then uses all rows.
    firstMulti = start;
    lastMulti = end - 1;
  }
  const pitches: number[] = [];
  for (let k = firstMulti + 1; k <= lastMulti; k++) pitches.push(rows[k].y - rows[k - 1].y);
  const median = pitches.length ? pitches.sort((p, q) => p - q)[pitches.length >> 1] : 1.3 * seedRow.size;
  const wide = (k: number) => rows[k].y - rows[k - 1].y > 1.3 * median + 0.5;
  // Column extents over the rows with text on both sides: a one-sided row reaching well past its
  // column's extent is a paragraph next to the table, not a cell.
  const extents = gutters.map(() => [Infinity, -Infinity]).concat([[Infinity, -Infinity]]);
  for (let k = firstMulti; k <= lastMulti; k++) {
    if (!multi(rows[k])) continue;
    for (const s of rows[k].segments) {
      const e = extents[columnOf(s, gutters)];
      e[0] = Math.min(e[0], s.x0);
      e[1] = Math.max(e[1], s.x1);
    }
  }
  const outside = (k: number) => rows[k].segments.some((s) => {
    const e = extents[columnOf(s, gutters)];
    return s.x0 < e[0] - s.size || s.x1 > e[1] + s.size;
  });
  for (let k = lastMulti + 1; k < end; k++) if (wide(k) || outside(k)) { end = k; break; }
  for (let k = firstMulti; k > start; k--) if (wide(k) || outside(k - 1)) { start = k; break; }
  if (end - start < 2) return null;

  // Final gutters from all rows but the first: a table header (centred, or cells that pdf.js merged)
  // must not hide the body's columns. The first row is then split at gutters where it has word breaks.
  const body = single ? rows.slice(start, end) : rows.slice(start + 1, end);
  const bands = freeBands(body, keepGap);
  if (bands.length) gutters = bands;
  else if (single) return null;
  const first: Row = { ...rows[start], segments: rows[start].segments.flatMap((s) => splitAtGutters(s, gutters)) };
  const slice = [first, ...rows.slice(start + 1, end)];
  const nCols = gutters.length + 1;
  const byColumn: Segment[][][] = slice.map((r) => {
    const cells: Segment[][] = Array.from({ length: nCols }, () => []);
    for (const s of r.segments) cells[columnOf(s, gutters)].push(s);
    return cells;
  });
  if (allowColumns && nCols <= 4 && looksLikeProse(byColumn, nCols)) {
    const columns: Row[][] = [];
    for (let c = 0; c < nCols; c++) {
      const colRows: Row[] = [];
      for (const cells of byColumn) if (cells[c].length) colRows.push(rowFrom(cells[c]));
      columns.push(colRows);
    }
    return { start, end, region: { kind: "columns", columns } };
  }
  if (single) return null;
  const filledRows = byColumn.filter((cells) => cells.filter((c) => c.length).length >= 2).length;
  if (filledRows < 2 || filledRows < slice.length / 2) return null;
  return { start, end, region: { kind: "table", cells: tableCells(slice, byColumn) } };
}

function looksLikeProse(byColumn: Segment[][][], nCols: number): boolean {
  for (let c = 0; c < nCols; c++) {
    const lines = byColumn.map((cells) => cells[c]).filter((segs) => segs.length);
    if (lines.length < 3) return false;
    const x0 = Math.min(...lines.map((l) => l[0].x0));
    const x1 = Math.max(...lines.map((l) => l[l.length - 1].x1));
    const size = lines[0][0].size;
    if (x1 - x0 < 8 * size) return false;
    let words = 0;
    let full = 0;
    for (const l of lines) {
      words += l.reduce((n, s) => n + s.text.split(" ").length, 0);
      if (l[l.length - 1].x1 - l[0].x0 >= 0.6 * (x1 - x0)) full++;
    }
    if (words / lines.length < 3 || full < 0.6 * lines.length) return false;
  }
  return true;
}

function rowFrom(segments: Segment[]): Row {
  let best = segments[0];
  for (const s of segments) if (s.chars > best.chars) best = s;
  return { y: best.y, x0: segments[0].x0, x1: segments[segments.length - 1].x1, size: best.size, segments };
}

/**
 * Cell texts per table row. When line spacing inside cells is visibly tighter than the spacing between
 * rows, lines set at the tight pitch are one row with wrapped cells (top-aligned or vertically centred);
 * a group with more than one line filling several columns is kept as separate rows.
 */
function tableCells(slice: Row[], byColumn: Segment[][][]): string[][] {
  const texts = byColumn.map((cells) => cells.map((segs) => segs.map((s) => s.text).join(" ")));
  const pitches = slice.slice(1).map((r, k) => r.y - slice[k].y);
  const min = Math.min(...pitches);
  const bimodal = pitches.length >= 2 && min < 0.9 * Math.max(...pitches);
  const groups: number[][] = [];
  slice.forEach((_, k) => {
    if (k > 0 && bimodal && pitches[k - 1] <= min * 1.1 + 0.5) groups[groups.length - 1].push(k);
    else groups.push([k]);
  });
  const out: string[][] = [];
  for (const g of groups) {
    const full = g.filter((k) => texts[k].filter(Boolean).length >= 2).length;
    if (g.length > 1 && full > 1) {
      for (const k of g) out.push(texts[k]);
      continue;
    }
    out.push(texts[g[0]].map((_, c) => g.map((k) => texts[k][c]).filter(Boolean).join(" ")));
  }
  return out;
}
