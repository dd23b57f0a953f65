// Segments of an unruled table's lines that run across its columns (text-tables.ts): group headers standing
// over the columns they span, and cells whose text overflows into the next column or runs into it on a
// skewed line. Either would merge the columns when they are formed from the lines' segments.

import type { Segment, TextWord, VLine } from "./text-table-geometry";
import { FIGURE } from "./text-table-rows";

/** A gap this many line heights wide parts columns however many lines run across it. */
const WIDE_GAP = 3;

const overlap = <W extends TextWord>(a: Segment<W>, b: Segment<W>) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

/** Whether s stands over two neighbouring segments of a line, `into` deep into each, their gap `gap` wide at least. */
const bridges = <W extends TextWord>(s: Segment<W>, segs: Segment<W>[], into: number, gap = 0) =>
  segs.some((t, i) => i > 0 && t.x0 - segs[i - 1].x1 >= gap && overlap(s, segs[i - 1]) >= into && overlap(s, t) >= into);

/**
 * Group headers of a run: in a header line (above the first line with two cells of figures), a segment of
 * words, not in the first column, that stands over two neighbouring segments of another line, half a line
 * height into each at least ("Fused aluminum oxide" over "2009" and "2010").
 */
export function groupHeaders<W extends TextWord>(run: (VLine<W> & { segs: Segment<W>[] })[], height: number): Set<Segment<W>> {
  const tol = 0.5 * height;
  const multi = run.filter((l) => l.segs.length >= 2);
  const left = Math.min(...multi.flatMap((l) => l.segs.map((s) => s.x0)));
  const firstFigures = multi.findIndex((l) => l.segs.filter((s) => FIGURE.test(s.text)).length >= 2);
  const words = (s: Segment<W>) => s.words.filter((w) => !FIGURE.test(w.text.trim())).length > s.words.length / 2;
  const out = new Set<Segment<W>>();
  for (const l of multi.slice(0, Math.max(0, firstFigures)))
    for (const s of l.segs) if (s.x0 > left + 2 * height && words(s) && multi.some((o) => o !== l && bridges(s, o.segs, tol))) out.add(s);
  return out;
}

/**
 * Segments that run across a column gap most lines of the run keep open: each bridges two neighbouring
 * segments set WIDE_GAP line heights apart or more (half a line height into each) of two other lines at
 * least, and of half the run's other lines with two segments or more.
 */
export function straddlers<W extends TextWord>(run: (VLine<W> & { segs: Segment<W>[] })[], height: number): Set<Segment<W>> {
  const tol = 0.5 * height;
  const multi = run.filter((l) => l.segs.length >= 2);
  const out = new Set<Segment<W>>();
  for (const l of run)
    for (const s of l.segs) {
      const n = multi.filter((o) => o !== l && bridges(s, o.segs, tol, WIDE_GAP * height)).length;
      if (n >= 2 && 2 * n >= multi.filter((o) => o !== l).length) out.add(s);
    }
  return out;
}
