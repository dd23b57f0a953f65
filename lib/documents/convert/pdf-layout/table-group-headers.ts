// Group headers of tables without rules (issue 14, class 5): a header cell standing over two or more columns
// ("Fused aluminum oxide" over "2009" and "2010"). Its text runs across the gutter between them: taken as a
// body row it closes the gutter (the columns merge, "60,400 60,400" one cell), and split at the gutter like
// cells that pdf.js ran together it breaks into words. Rows of them count as header rows, their cells stay
// whole and are repeated over the columns they span (GFM has no colspan; the benchmarks' truth repeats too).
import { freeBands, type Interval } from "./gutters";
import type { Row, Segment } from "./model";

/**
 * Rows of group headers under a table's first row ("Fused aluminum oxide" and "Silicon carbide", each over a
 * "2009" and a "2010" column): table rows at the top of the body, leaving the first column empty, without
 * which the rows below leave more gutters open. Up to three table rows; their count of lines.
 */
export function groupHeaderRows(slice: Row[], groups: number[][], size: number): number {
  if (groups.length < 4) return 0;
  const left = Math.min(...slice.map((r) => r.x0));
  const gutterCount = (g: number) => freeBands(slice.slice(groups[g][0]), 0.25 * size).length;
  let g = 1;
  while (
    g <= 3 &&
    g + 2 < groups.length &&
    groups[g].every((k) => slice[k].segments.every((s) => s.x0 > left + 2 * size)) &&
    gutterCount(g + 1) > gutterCount(g)
  )
    g++;
  return groups.slice(1, g).reduce((n, rows) => n + rows.length, 0);
}

/**
 * Group headers of a table's first row: a cell running across a gutter over two or more cells of the next
 * row, a row of sub-headers that leaves the first column empty ("Fused aluminum oxide" over "2009" and
 * "2010"). Not cells that pdf.js ran together (splitAtGutters): under those stand the body's first cells.
 */
export function groupHeaderCells(slice: Row[], groups: number[][], gutters: Interval[], size: number): (s: Segment) => boolean {
  const next = groups[1]?.map((k) => slice[k]) ?? [];
  const left = Math.min(...slice.map((r) => r.x0));
  if (groups.length < 3 || !next.every((r) => r.segments.every((t) => t.x0 > left + 2 * size))) return () => false;
  // A word starting at a column's left edge ("Cost" after "Revenue", where pdf.js placed it or, estimated per
  // character, within half a character of it) opens a cell of its own: cells run together, not one header.
  const atColumnStart = (s: Segment) => {
    const perChar = (s.x1 - s.x0) / Math.max(s.text.length, 1);
    const crossed = gutters.filter(([a, b]) => s.x0 < a && s.x1 > b);
    if (s.starts?.some(([w, x]) => w > 0 && crossed.some(([, b]) => Math.abs(x - b) <= 1))) return true;
    for (let k = s.text.indexOf(" "); k > 0; k = s.text.indexOf(" ", k + 1)) {
      const x = s.x0 + (k + 1) * perChar;
      if (crossed.some(([, b]) => Math.abs(x - b) <= 0.5 * perChar)) return true;
    }
    return false;
  };
  return (s) =>
    gutters.some(([a, b]) => s.x0 < a && s.x1 > b) &&
    !atColumnStart(s) &&
    next.flatMap((r) => r.segments).filter((t) => t.x0 >= s.x0 - size && t.x1 <= s.x1 + size).length >= 2;
}

/** A group header's text repeated in the body columns it stands over (their extents overlap its own). */
export function withGroupHeaders(cells: Segment[][][], rows: Row[], to: number, spans: (s: Segment, k: number) => boolean): Segment[][][] {
  const n = cells[0]?.length ?? 0;
  const extents = Array.from({ length: n }, (_, c) => {
    const segs = cells.slice(to).flatMap((row) => row[c]);
    return segs.length ? { x0: Math.min(...segs.map((s) => s.x0)), x1: Math.max(...segs.map((s) => s.x1)) } : null;
  });
  return cells.map((row, k) => {
    if (k >= to) return row;
    const out = row.map((segs) => [...segs]);
    for (const s of rows[k].segments.filter((t) => spans(t, k))) {
      const over = extents.flatMap((e, c) => (e && Math.min(e.x1, s.x1) > Math.max(e.x0, s.x0) ? [c] : []));
      if (over.length < 2) continue;
      for (const c of over) if (!out[c].some((t) => t !== s)) out[c] = [s];
    }
    return out;
  });
}
