// Multi-column text, found before any table: a vertical gutter that stays empty over a run of rows, with
// prose on both sides and the right-hand column's lines starting at one x. Lines are assigned to a
// column by the gutter's x (not by their baselines), so columns whose baselines are offset, or justified
// columns whose word gaps are as wide as the gutter, still read column by column.
import { BULLET_GLYPHS } from "@/lib/documents/bullet-glyphs";
import { median, type Row, type Segment } from "./model";

export interface ColumnRun {
  /** Rows [start, end) of the input. */
  start: number;
  end: number;
  /** Left edge of the right-hand column's text. */
  split: number;
  /** Segments starting at or right of it belong to the right-hand column (a little left of the split, or
   * further where list markers hang left of the column's text). */
  reach: number;
  /** Blocks of centred lines side by side above columns of text (an author block), not columns of text. */
  band?: boolean;
  /** The left-hand column is a marginal note beside the text: read after the right-hand column. */
  note?: boolean;
}

/** Minimum gutter width, in font sizes. */
const MIN_GUTTER = 0.6;
/** A right-column line may start this much (points) left of the column's edge. */
const EDGE_TOL = 2;
/** Lines each column needs. */
const MIN_LINES = 3;
const MAX_CANDIDATES = 6;

/** Column runs among rows (top-down order), without overlaps, sorted by start. */
export function findColumnRuns(rows: Row[]): ColumnRun[] {
  if (rows.length < MIN_LINES) return [];
  const size = median(rows.map((r) => r.size)) || 10;
  const minGap = MIN_GUTTER * size;
  const tol = Math.max(1.5, 0.12 * size);
  const minX = Math.min(...rows.map((r) => r.x0));

  // Candidate left edges of a right-hand column: x0 of segments with free space to their left.
  const counts = new Map<number, number>();
  for (const r of rows) {
    const seen = new Set<number>();
    r.segments.forEach((s, k) => {
      const free = k > 0 ? s.x0 - r.segments[k - 1].x1 >= minGap : s.x0 - minX >= 4 * size;
      const key = Math.round(s.x0);
      if (free && !seen.has(key)) {
        seen.add(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    });
  }
  const candidates = [...counts.keys()]
    .map((x) => ({ x, n: (counts.get(x - 1) ?? 0) + (counts.get(x) ?? 0) + (counts.get(x + 1) ?? 0) }))
    .filter((c) => c.n >= MIN_LINES && (counts.get(c.x) ?? 0) >= Math.max(counts.get(c.x - 1) ?? 0, counts.get(c.x + 1) ?? 0))
    .sort((a, b) => b.n - a.n || a.x - b.x)
    .slice(0, MAX_CANDIDATES);

  const taken = new Uint8Array(rows.length);
  const out: ColumnRun[] = [];
  for (const { x } of candidates) {
    // Exact edge: the smallest x0 near the candidate among segments starting there.
    let split = x + 1;
    for (const r of rows) for (const s of r.segments) if (Math.abs(s.x0 - x) <= 1 && s.x0 < split) split = s.x0;
    const reach = hangingReach(rows, split, size, minGap, minX);
    const fits = (r: Row) => r.segments.every((s) => s.x1 <= Math.min(split, reach + EDGE_TOL) - minGap || s.x0 >= reach);
    for (let i = 0; i < rows.length; ) {
      if (taken[i] || !fits(rows[i])) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < rows.length && !taken[j] && fits(rows[j]) && rows[j].y - rows[j - 1].y <= 4 * size) j++;
      const run = trimRun(rows, i, j, split, reach, size);
      const runs = run && withBandAbove(rows, run, size, tol);
      if (runs && run) {
        out.push(...runs);
        taken.fill(1, run.start, run.end);
      }
      i = j;
    }
  }
  return joinAdjacent(
    rows,
    out.sort((a, b) => a.start - b.start),
    size,
    minGap,
  );
}

/**
 * Runs that follow each other with right-hand columns starting a little apart (a list whose bullets hang
 * left of the column's text, found from its own edge) are one pair of columns when every row of both
 * fits the wider one: otherwise a paragraph of the left column would be cut where the runs meet, the
 * right column's first half read in between.
 */
function joinAdjacent(rows: Row[], runs: ColumnRun[], size: number, minGap: number): ColumnRun[] {
  const out: ColumnRun[] = [];
  for (const run of runs) {
    const prev = out[out.length - 1];
    if (prev && !prev.band && !run.band && !prev.note && !run.note && prev.end === run.start && Math.abs(prev.split - run.split) <= 3 * size) {
      const split = Math.min(prev.split, run.split);
      const reach = Math.min(prev.reach, run.reach);
      const fits = (r: Row) => r.segments.every((s) => s.x1 <= Math.min(split, reach + EDGE_TOL) - minGap || s.x0 >= reach);
      if (rows.slice(prev.start, run.end).every(fits)) {
        out[out.length - 1] = { start: prev.start, end: run.end, split, reach };
        continue;
      }
    }
    out.push(run);
  }
  return out;
}

/**
 * The column runs of a candidate run, or null: the run itself when it holds two columns of text; blocks of
 * short centred lines side by side at its top, set off from the columns' text by a gap wider than two of
 * its lines (an author block: names, affiliations, addresses), split off as a run of their own, so that
 * the right-hand block is read right after the left-hand one, not after the whole left column.
 */
function withBandAbove(rows: Row[], run: ColumnRun, size: number, tol: number): ColumnRun[] | null {
  const pitches: number[] = [];
  for (let k = run.start + 1; k < run.end; k++) pitches.push(rows[k].y - rows[k - 1].y);
  const pitch = median(pitches.filter((d) => d > 0.5 * size)) || 1.3 * size;
  // The lowest such gap: an author block may itself be several rows of blocks with gaps between them.
  const whole = accepted(rows, run, tol);
  let best: ColumnRun[] | null = whole ? [whole] : null;
  pitches.forEach((d, k) => {
    if (d <= 2 * pitch) return;
    const top = { ...run, end: run.start + k + 1, band: true };
    const rest = { ...run, start: top.end };
    const below = centredBlocks(rows, top) ? accepted(rows, rest, tol) : null;
    if (below) best = [top, below];
  });
  return best;
}

/** Both sides of rows hold two or more lines, none of them running text, each side's lines centred on one axis. */
function centredBlocks(rows: Row[], run: ColumnRun): boolean {
  for (const right of [false, true]) {
    const lines = rows.slice(run.start, run.end).flatMap((r) => {
      const segs = side(r, run.reach, right);
      return segs.length ? [segs] : [];
    });
    if (lines.length < 2 || hasParagraph(lines)) return false;
    const centres = lines.map((l) => (l[0].x0 + l[l.length - 1].x1) / 2);
    const axis = median(centres);
    const size = median(lines.map((l) => l[0].size));
    if (!centres.every((c) => Math.abs(c - axis) <= Math.max(2, 0.3 * size))) return false;
    // Centred lines of different lengths (all of one length would be a column of cells, not a block).
    const widths = lines.map((l) => l[l.length - 1].x1 - l[0].x0);
    if (Math.max(...widths) - Math.min(...widths) < 2 * size) return false;
  }
  return true;
}

const side = (r: Row, reach: number, right: boolean) => r.segments.filter((s) => s.x0 >= reach === right);

/** A list marker opening a segment: a bullet, a dash, a number ("1.", "(2)", "[3]"). */
const HANGING_MARKER = new RegExp(`^(?:[${BULLET_GLYPHS}–—*]|\\d{1,3}[.)]|\\(\\d{1,3}\\)|\\[\\d{1,3}\\])\\s`, "u");

/**
 * Where the right-hand column begins when list markers hang left of its text (bullets set out, their
 * lines' text at the column's edge): two or more segments opening with a marker, less than two sizes
 * left of the split and clear of the text to their left. Otherwise a little left of the split.
 */
function hangingReach(rows: Row[], split: number, size: number, minGap: number, minX: number): number {
  const hanging: number[] = [];
  for (const r of rows) {
    r.segments.forEach((s, k) => {
      if (s.x0 >= split - EDGE_TOL || s.x0 < split - 2 * size || !HANGING_MARKER.test(s.text)) return;
      const clear = k > 0 ? s.x0 - r.segments[k - 1].x1 >= minGap : s.x0 - minX >= 4 * size;
      if (clear) hanging.push(s.x0);
    });
  }
  return hanging.length >= 2 ? Math.min(...hanging) - 0.5 : split - EDGE_TOL;
}

/**
 * The rows of a candidate run that belong to the columns: from just above the right column's first line
 * to its last line, plus left-column lines that continue at line pitch below it (rows after a wider gap
 * are the text under the columns), or all the way down when the left column's text stands below it.
 */
function trimRun(rows: Row[], a: number, b: number, split: number, reach: number, size: number): ColumnRun | null {
  let firstRight = -1;
  let lastRight = -1;
  for (let k = a; k < b; k++) {
    if (side(rows[k], reach, true).length) {
      if (firstRight < 0) firstRight = k;
      lastRight = k;
    }
  }
  if (firstRight < 0) return null;
  const leftRows: number[] = [];
  for (let k = a; k < b; k++) if (side(rows[k], reach, false).length) leftRows.push(k);
  const pitches = leftRows
    .slice(1)
    .map((k, i) => rows[k].y - rows[leftRows[i]].y)
    .filter((d) => d > 0.5 * size);
  const pitch = Math.min(median(pitches) || 1.3 * size, 2.5 * size);
  let start = firstRight;
  while (start > a && rows[firstRight].y - rows[start - 1].y <= 1.2 * pitch) start--;
  // Left-side rows above the right column's first line, a heading's space apart at most (the headings of
  // columns further left, set above their text): theirs too. Left out, a row holding the headings of two
  // of those columns read as one line above them all.
  while (start > a && rows[start].y - rows[start - 1].y <= 2.5 * pitch) start--;
  let end = lastRight + 1;
  let prevY = rows[lastRight].y;
  // A left column that stands mostly below the right one's last line (a figure above its text, a short last
  // right column): its rows below are taken across a heading's space too, as far as the candidate run goes.
  const beside = leftRows.filter((k) => k >= start && k <= lastRight).length;
  const maxGap = beside < MIN_LINES ? Infinity : 1.3 * pitch + 0.5;
  for (const k of leftRows) {
    if (k <= lastRight) {
      prevY = rows[k].y;
      continue;
    }
    if (rows[k].y - prevY > maxGap) break;
    end = k + 1;
    prevY = rows[k].y;
  }
  return { start, end, split, reach };
}

/** The run when it holds two columns of text (see accept), marked when its left column is a marginal note. */
function accepted(rows: Row[], run: ColumnRun, tol: number): ColumnRun | null {
  const kind = accept(rows, run, tol);
  return kind === "note" ? { ...run, note: true } : kind ? run : null;
}

/** Both sides hold enough lines of prose, and the right side's lines mostly start at the split. */
function accept(rows: Row[], run: ColumnRun, tol: number): boolean | "note" {
  const left: Segment[][] = [];
  const right: Segment[][] = [];
  for (let k = run.start; k < run.end; k++) {
    const l = side(rows[k], run.reach, false);
    const r = side(rows[k], run.reach, true);
    if (l.length) left.push(l);
    if (r.length) right.push(r);
  }
  if (left.length < MIN_LINES || right.length < MIN_LINES) return false;
  const atSplit = right.filter((l) => Math.abs(l[0].x0 - run.split) <= tol);
  // A column may hold a figure, code or a small table beside its paragraphs (labels at any x, short
  // lines): running text on one side and a paragraph starting at the split on the other is still two
  // columns, never a table whose rows mix them.
  if (isProse(left) && hasParagraph(atSplit)) return true;
  // The mirror case: running text at the split beside a left column as wide, with lines of running text
  // among display maths, headings and short paragraph ends (a paper's two columns, not a label column).
  if (isProse(right) && hasParagraph(atSplit) && measure(left) >= 0.8 * measure(right) && proseLines(left) >= 2) return true;
  // A paper's two columns of one measure (each side as wide as the other, lines justified to its edges on
  // both), whatever else they hold beside a paragraph: a table of contents with leaders, display maths,
  // lists. Columns of a table are not set to one measure with prose on a side.
  if ((hasParagraph(left) || hasParagraph(atSplit)) && oneMeasure(left, right)) return true;
  // A marginal note beside text: a narrow column of a few words a line, one sentence running on from line
  // to line, next to lines of running text at the split. Its lines are not a table's label cells.
  if (atSplit.filter(wordy).length >= 2 && runOnNote(left) && measure(left) <= 0.5 * measure(right)) return "note";
  if (atSplit.length < 0.5 * right.length) return false;
  return isProse(right) && (isProse(left) || hasParagraph(left));
}

/**
 * Short lines of words only (four at most, no figures) where the text runs on from line to line: all but
 * the first start with a lower-case letter, none but the last ends a sentence ("Marginal / notes are /
 * usually / placed in / the outer / margin."). A table's label column starts each label afresh.
 */
function runOnNote(lines: Segment[][]): boolean {
  const texts = lines.map((l) =>
    l
      .map((s) => s.text)
      .join(" ")
      .trim(),
  );
  if (texts.length < MIN_LINES || texts.some((t) => /\d/.test(t) || !/\p{L}/u.test(t) || t.split(" ").length > 4)) return false;
  return texts.every((t, i) => (i === 0 || /^\p{Ll}/u.test(t)) && (i === texts.length - 1 || !/[.!?:;]$/.test(t)));
}

/**
 * Two sides of one measure: as wide as each other (within 2 %), each with two or more lines reaching its
 * right edge (justified text), at least five lines a side.
 */
function oneMeasure(left: Segment[][], right: Segment[][]): boolean {
  if (left.length < 5 || right.length < 5) return false;
  const wl = measure(left);
  const wr = measure(right);
  if (Math.abs(wl - wr) > 0.02 * Math.max(wl, wr)) return false;
  const reaching = (lines: Segment[][]) => {
    const edge = Math.max(...lines.map((l) => l[l.length - 1].x1));
    return lines.filter((l) => l[l.length - 1].x1 >= edge - 1).length;
  };
  return reaching(left) >= 2 && reaching(right) >= 2;
}

const measure = (lines: Segment[][]) => Math.max(...lines.map((l) => l[l.length - 1].x1)) - Math.min(...lines.map((l) => l[0].x0));

/** Lines of running text on a side (see isProseLine). */
function proseLines(lines: Segment[][]): number {
  const width = measure(lines);
  const size = median(lines.map((l) => l[0].size));
  return width < 8 * size ? 0 : lines.filter((l) => isProseLine(l, width)).length;
}

/** Several words (numbers are not words), filling most of the side's measure. */
function isProseLine(l: Segment[], width: number): boolean {
  return wordy(l) && l[l.length - 1].x1 - l[0].x0 >= 0.75 * width;
}

/** Four words or more, three in four of its tokens words (numbers are not words). */
function wordy(l: Segment[]): boolean {
  const tokens = l.flatMap((s) => s.text.split(" ")).filter(Boolean);
  const words = tokens.filter((t) => /\p{L}/u.test(t) && !/\d/.test(t)).length;
  return words >= 4 && words >= 0.75 * tokens.length;
}

/** Lines of a paragraph in a row, at least this many, make a side hold running text. */
const PARAGRAPH_LINES = 3;

/**
 * Whether some consecutive lines of a side are running text: several words each (numbers are not words)
 * and all but the last filling most of the side's measure.
 */
function hasParagraph(lines: Segment[][]): boolean {
  const x0 = Math.min(...lines.map((l) => l[0].x0));
  const x1 = Math.max(...lines.map((l) => l[l.length - 1].x1));
  const size = median(lines.map((l) => l[0].size));
  if (x1 - x0 < 8 * size) return false;
  let run = 0;
  for (const l of lines) {
    run = isProseLine(l, x1 - x0) ? run + 1 : 0;
    if (run >= PARAGRAPH_LINES) return true;
  }
  return false;
}

/**
 * Lines of running text: a wide measure, several words a line (numbers are not words: table rows are
 * full of them), most lines filling most of it.
 */
export function isProse(lines: Segment[][]): boolean {
  const x0 = Math.min(...lines.map((l) => l[0].x0));
  const x1 = Math.max(...lines.map((l) => l[l.length - 1].x1));
  const size = median(lines.map((l) => l[0].size));
  if (x1 - x0 < 8 * size) return false;
  let words = 0;
  let tokens = 0;
  let full = 0;
  for (const l of lines) {
    for (const s of l) {
      for (const t of s.text.split(" ")) {
        tokens++;
        if (/\p{L}/u.test(t) && !/\d/.test(t)) words++;
      }
    }
    if (l[l.length - 1].x1 - l[0].x0 >= 0.6 * (x1 - x0)) full++;
  }
  return words / lines.length >= 3 && words >= 0.75 * tokens && full >= 0.6 * lines.length;
}

/** The rows of a run split into columns at the run's split (each row's segments on each side). */
export function splitColumns(rows: Row[], run: ColumnRun): Row[][] {
  const left: Row[] = [];
  const right: Row[] = [];
  for (let k = run.start; k < run.end; k++) {
    const l = side(rows[k], run.reach, false);
    const r = side(rows[k], run.reach, true);
    if (l.length) left.push(rowOf(l));
    if (r.length) right.push(rowOf(r));
  }
  return [left, right];
}

/** A row made of some segments of another: baseline and size of its longest segment. */
export function rowOf(segments: Segment[]): Row {
  let best = segments[0];
  for (const s of segments) if (s.chars > best.chars) best = s;
  return { y: best.y, x0: segments[0].x0, x1: segments[segments.length - 1].x1, size: best.size, segments };
}
