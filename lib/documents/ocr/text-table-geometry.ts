// Geometry of unruled tables in OCR word boxes (text-tables.ts): visual lines, their segments (runs of words
// between column gaps), and the tests that decide whether a line belongs to a run of table rows.

export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextWord {
  text: string;
  bbox: TextBox;
}

/** A gap this many line heights wide separates two columns. */
export const COLUMN_GAP = 1.3;
/** A word gap this many line heights wide parts two cells where the columns of the rows around it part. */
const NARROW_GUTTER = 0.6;

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

export interface VLine<W> {
  words: W[];
  y0: number;
  y1: number;
  height: number;
}

export interface Segment<W> {
  words: W[];
  x0: number;
  x1: number;
  text: string;
}

const vOverlap = (a: TextBox, b: TextBox) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

/** Visual lines: each word joins the line whose last word overlaps it most vertically (lines may drift). */
export function visualLines<W extends TextWord>(words: readonly W[]): W[][] {
  const lines: W[][] = [];
  for (const w of [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0)) {
    const h = w.bbox.y1 - w.bbox.y0;
    let best: W[] | null = null;
    let bestOverlap = 0;
    for (const l of lines) {
      const last = l[l.length - 1];
      if (last.bbox.x1 > w.bbox.x0 + 0.5 * h) continue; // overlapping in x: another line
      const o = vOverlap(last.bbox, w.bbox) / Math.max(1, Math.min(h, last.bbox.y1 - last.bbox.y0));
      if (o > 0.5 && o > bestOverlap) {
        best = l;
        bestOverlap = o;
      }
    }
    if (best) best.push(w);
    else lines.push([w]);
  }
  return lines.sort((a, b) => a[0].bbox.y0 + a[0].bbox.y1 - (b[0].bbox.y0 + b[0].bbox.y1));
}

export function segmentsOf<W extends TextWord>(words: W[], gap: number): Segment<W>[] {
  const out: Segment<W>[] = [];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (cur && w.bbox.x0 - cur.x1 <= gap) {
      cur.words.push(w);
      cur.x1 = Math.max(cur.x1, w.bbox.x1);
      cur.text += ` ${w.text.trim()}`;
    } else out.push({ words: [w], x0: w.bbox.x0, x1: w.bbox.x1, text: w.text.trim() });
  }
  return out;
}

/**
 * Two lines of two or more segments each whose segments start or end at the same x (within `tol`) two or more
 * times: rows of the same columns.
 */
export function columnsLineUp<W extends TextWord>(a: Segment<W>[], b: Segment<W>[], tol: number): boolean {
  if (a.length < 2 || b.length < 2) return false;
  return b.filter((s) => a.some((t) => Math.abs(t.x0 - s.x0) <= tol || Math.abs(t.x1 - s.x1) <= tol)).length >= 2;
}

/**
 * The line's words cut into segments at its wide gaps (COLUMN_GAP) and, in each gap between two of the
 * reference line's segments, at the widest word gap of at least `minGap` that overlaps it.
 */
export function resegment<W extends TextWord>(words: W[], ref: Segment<W>[], height: number): Segment<W>[] {
  const minGap = NARROW_GUTTER * height;
  const cuts = new Set<number>();
  for (let k = 1; k < words.length; k++) if (words[k].bbox.x0 - words[k - 1].bbox.x1 > COLUMN_GAP * height) cuts.add(k);
  for (let i = 1; i < ref.length; i++) {
    const g0 = ref[i - 1].x1;
    const g1 = ref[i].x0;
    let best = -1;
    let bestWidth = minGap;
    for (let k = 1; k < words.length; k++) {
      const x0 = words[k - 1].bbox.x1;
      const x1 = words[k].bbox.x0;
      if (x1 - x0 >= bestWidth && Math.min(x1, g1) - Math.max(x0, g0) > 0) {
        best = k;
        bestWidth = x1 - x0;
      }
    }
    if (best > 0) cuts.add(best);
  }
  const out: Segment<W>[] = [];
  words.forEach((w, k) => {
    const cur = out[out.length - 1];
    if (cur && !cuts.has(k)) {
      cur.words.push(w);
      cur.x1 = Math.max(cur.x1, w.bbox.x1);
      cur.text += ` ${w.text.trim()}`;
    } else out.push({ words: [w], x0: w.bbox.x0, x1: w.bbox.x1, text: w.text.trim() });
  });
  return out;
}

/**
 * A line of one short cell in the first column between rows of the run, the rows going on right below it: a
 * row label (a cell merged over the rows around it, set between them, or a section label of a statement).
 */
export function rowLabel<W extends TextWord>(
  run: { segs: Segment<W>[]; y1: number }[],
  ref: { segs: Segment<W>[] },
  line: { segs: Segment<W>[]; y1: number },
  next: { segs: Segment<W>[]; y0: number } | undefined,
  height: number,
): boolean {
  const seg = line.segs[0];
  if (!next || seg.x1 > ref.segs[1].x0 || seg.words.length > 6) return false;
  if (next.y0 - Math.max(...run.map((l) => l.y1)) > 4 * height) return false;
  // (the next line beside the label: a cell of a later column centred on a label of two lines)
  return next.segs.length >= 2 ? columnsLineUp(ref.segs, next.segs, 0.5 * height) : continues(run, next.segs[0], false, height, next.y0 < line.y1);
}

/** The segment lies under (overlaps) a segment of a multi-segment line of the run other than the first. */
export function underColumn<W extends TextWord>(run: { segs: Segment<W>[] }[], seg: Segment<W>, first = false): boolean {
  return run.some((l) => l.segs.length >= 2 && l.segs.slice(first ? 0 : 1).some((s) => Math.min(s.x1, seg.x1) - Math.max(s.x0, seg.x0) > 0));
}

/**
 * A one-segment line continues a run when it is narrower than half the run and lies under one of its columns
 * (under the first column only when it directly follows: a wrapped cell, not the next paragraph), and when
 * it does not directly follow, aligned with that column's cells (its left or right edge within half a line
 * height of theirs: a total, a row's own cell; a caption centred over the next table is not). `beside` (the
 * line stands beside the line before, overlapping it in height): also a line of any width that starts where a
 * later column of the run starts, a cell of that column set on a line of its own (beside a first cell of two
 * lines, centred between them).
 */
export function continues<W extends TextWord>(
  run: { segs: Segment<W>[] }[],
  seg: Segment<W>,
  adjacent: boolean,
  height: number,
  beside = false,
): boolean {
  const x0 = Math.min(...run.flatMap((r) => r.segs.map((s) => s.x0)));
  const x1 = Math.max(...run.flatMap((r) => r.segs.map((s) => s.x1)));
  // (a line across a column gap of the rows above, a paragraph after the table, is no cell of it)
  const across = run.some((l) => l.segs.filter((s) => Math.min(s.x1, seg.x1) - Math.max(s.x0, seg.x0) > 0).length >= 2);
  if (across) return false;
  const tol = 0.5 * height;
  const later = run.flatMap((l) => (l.segs.length >= 2 ? l.segs.slice(1) : []));
  if (beside && later.some((s) => Math.abs(s.x0 - seg.x0) <= tol)) return true;
  if (!adjacent && !later.some((s) => Math.abs(s.x0 - seg.x0) <= tol || Math.abs(s.x1 - seg.x1) <= tol)) return false;
  return seg.x1 - seg.x0 < 0.5 * (x1 - x0) && underColumn(run, seg, adjacent);
}
