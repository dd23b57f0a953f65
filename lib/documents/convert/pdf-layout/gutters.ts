// Gutters of tables without ruling lines: free vertical bands between the segments of rows, and the
// header's gaps where the body's cells touch or pdf.js merged them (a right-aligned number column followed
// by a left-aligned one).
import type { Row, Segment } from "./model";
import { splitSegment } from "./model";

export type Interval = [number, number];

/** A number, amount, percentage or date: the cells of a column that make it a table column. */
export const NUMERIC = /^[-+−–(]?\s*[$€£¥]?\s*\d[\d\s.,'’/:-]*(?:\s*(?:%|[$€£¥]|[a-z]{1,3}\.?))?\)?$/i;

/** Parts of the intervals not covered by any segment, at least minGap wide. */
export function subtract(intervals: Interval[], segments: Segment[], minGap: number): Interval[] {
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
export function freeBands(rows: Row[], minGap: number): Interval[] {
  const x0 = Math.min(...rows.map((r) => r.x0));
  const x1 = Math.max(...rows.map((r) => r.x1));
  let bands: Interval[] = [[x0, x1]];
  for (const r of rows) bands = subtract(bands, r.segments, minGap);
  return bands.filter(([a, b]) => a > x0 && b < x1);
}

/** Column of a segment: gutters whose middle lies left of the segment's centre. */
export function columnOf(s: { x0: number; x1: number }, gutters: Interval[]): number {
  const c = (s.x0 + s.x1) / 2;
  let n = 0;
  for (const [a, b] of gutters) if ((a + b) / 2 < c) n++;
  return n;
}

/** Gaps between neighbouring segments of each row, at least minGap wide (duplicates dropped). */
export function rowGaps(rows: Row[], minGap: number): Interval[] {
  const out: Interval[] = [];
  for (const r of rows) {
    for (let k = 1; k < r.segments.length; k++) {
      const gap: Interval = [r.segments[k - 1].x1, r.segments[k].x0];
      if (gap[1] - gap[0] >= minGap && !out.some(([a, b]) => Math.abs(a - gap[0]) < 0.5 && Math.abs(b - gap[1]) < 0.5)) out.push(gap);
    }
  }
  return out;
}

/**
 * Index of the space after the longest numeric prefix whose position (estimated per character) lies in
 * the gap ±1 character; or -1. The longest: "21 745 Suspendu" splits after "21 745".
 */
function numberBreak(s: Segment, gap: Interval): number {
  const perChar = (s.x1 - s.x0) / Math.max(s.text.length, 1);
  let best = -1;
  for (let k = s.text.indexOf(" "); k > 0; k = s.text.indexOf(" ", k + 1)) {
    const mid = s.x0 + (k + 0.5) * perChar;
    if (mid >= gap[0] - perChar && mid <= gap[1] + perChar && NUMERIC.test(s.text.slice(0, k))) best = k;
  }
  return best;
}

/**
 * Cells that pdf.js merged because a right-aligned number ends close to the next column's left-aligned
 * text ("18.4 J. Smith"): a candidate gap (the header's, or another row's) that no gutter explains, and
 * that every other row either leaves free or runs across with a number and a word break inside it (at
 * least two rows). Returns those gaps, narrowed to the part outside the known gutters.
 */
export function mergedCellGaps(candidates: Interval[], slice: Row[], gutters: Interval[], minGap: number): Interval[] {
  const found: Interval[] = [];
  for (const gap of candidates) {
    const rest = subtract(
      [gap],
      gutters.map(([a, b]) => ({ x0: a, x1: b }) as Segment),
      minGap,
    );
    if (rest.length !== 1 || found.some(([a, b]) => a < gap[1] && b > gap[0])) continue;
    let crossing = 0;
    const fits = slice.every((row) =>
      row.segments.every((s) => {
        if (s.x1 <= gap[0] + 1 || s.x0 >= gap[1] - 1) return true;
        if (s.x1 <= gap[1] || numberBreak(s, gap) < 0) return false;
        crossing++;
        return true;
      }),
    );
    if (fits && crossing >= 2) found.push(rest[0]);
  }
  return found;
}

/** Splits a segment that crosses some of the gaps (left to right) at its number break in each. */
export function splitAtNumber(s: Segment, gaps: Interval[]): Segment[] {
  const sorted = [...gaps].sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < sorted.length; i++) {
    const gap = sorted[i];
    if (s.x0 >= gap[1] || s.x1 <= gap[1]) continue;
    const k = numberBreak(s, gap);
    if (k < 0) continue;
    const mid = (gap[0] + gap[1]) / 2;
    const [left, right] = splitSegment(s, k);
    return [{ ...left, x1: Math.min(left.x1, mid - 2) }, ...splitAtNumber({ ...right, x0: Math.max(right.x0, mid + 2) }, sorted.slice(i + 1))];
  }
  return [s];
}

/**
 * Columns whose text touches in the body (a right-aligned number ends where the next column's wrapped
 * text starts) leave no free band. A gap of the header still separates them where no body segment runs
 * across it (0.5 pt of slack) and body text ends and starts at that cut; returns those narrow gutters.
 */
export function touchingGutters(candidates: Interval[], body: Row[], gutters: Interval[], minGap: number): Interval[] {
  const shrunk = body.flatMap((r) => r.segments).map((s) => ({ ...s, x0: s.x0 + 0.5, x1: s.x1 - 0.5 }));
  const out: Interval[] = [];
  for (const gap of candidates) {
    if (gap[1] - gap[0] < minGap) continue;
    const known = [...gutters, ...out];
    const free = subtract([gap], shrunk, 0).filter((f) => !known.some(([a, b]) => a <= f[1] + 1 && b >= f[0] - 1));
    if (!free.length) continue;
    const cut = free.reduce((w, f) => (f[1] - f[0] > w[1] - w[0] ? f : w));
    // Body text must end at the cut inside the gap and start at it: two columns that touch.
    const ending = body.filter((b) => b.segments.some((t) => t.x1 > gap[0] && t.x1 <= cut[1] + 0.5)).length;
    const starting = body.filter((b) => b.segments.some((t) => t.x0 >= cut[0] - 0.5 && t.x0 <= gap[1] + 1)).length;
    if (ending >= 2 && starting >= 2) out.push(cut);
  }
  return out;
}

/**
 * The index of the space where a segment that runs across a gutter breaks into two cells, or -1; positions
 * are estimated per character (perChar) from the segment's extent.
 */
type BreakRule = (s: Segment, perChar: number, gutter: Interval) => number;

/**
 * Splits a segment where it runs across gutters (left to right, the first gutter with a break first): the
 * left part ends at the gutter's left edge, the right part starts at its right edge and, when `again`, is
 * split at the gutters after it as well.
 */
function splitNearGutters(s: Segment, gutters: Interval[], rule: BreakRule, again: boolean): Segment[] {
  const perChar = (s.x1 - s.x0) / Math.max(s.text.length, 1);
  for (const gutter of gutters) {
    const [a, b] = gutter;
    if (s.x0 >= a || s.x1 <= b) continue;
    const k = rule(s, perChar, gutter);
    if (k < 0) continue;
    const [left, right] = splitSegment(s, k);
    const rest = { ...right, x0: Math.max(right.x0, b) };
    return [{ ...left, x1: Math.min(left.x1, a) }, ...(again ? splitNearGutters(rest, gutters, rule, again) : [rest])];
  }
  return [s];
}

/** The first word break inside the gutter. */
const inGutter: BreakRule = (s, perChar, [a, b]) => {
  for (let k = s.text.indexOf(" "); k > 0; k = s.text.indexOf(" ", k + 1)) {
    const mid = s.x0 + (k + 0.5) * perChar;
    if (mid >= a && mid <= b) return k;
  }
  return -1;
};

/** The last word break, inside the gutter ±1 character, when all the text after it is a number. */
const beforeNumber: BreakRule = (s, perChar, [a, b]) => {
  const k = s.text.lastIndexOf(" ");
  const mid = s.x0 + (k + 0.5) * perChar;
  return k <= 0 || mid < a - perChar || mid > b + perChar || !NUMERIC.test(s.text.slice(k + 1)) ? -1 : k;
};

/**
 * The word break whose next word starts nearest the gutter's right edge, within a character of it; a word
 * that pdf.js placed on its own (Segment.starts) counts where it stands, within a point of the edge.
 */
const atColumnStart: BreakRule = (s, perChar, [, b]) => {
  const placed = s.starts?.find(([, x]) => Math.abs(x - b) <= 1)?.[0];
  if (placed !== undefined) {
    let k = -1;
    for (let n = 0; n < placed; n++) k = s.text.indexOf(" ", k + 1);
    if (k > 0) return k;
  }
  let best = -1;
  let off = perChar;
  for (let k = s.text.indexOf(" "); k > 0; k = s.text.indexOf(" ", k + 1)) {
    const d = Math.abs(s.x0 + (k + 1) * perChar - b);
    if (d <= off) {
      best = k;
      off = d;
    }
  }
  return best;
};

/** Splits a segment at a word break that falls inside a gutter (a bold header's cells set closer than a word space). */
export const splitAtGutters = (s: Segment, gutters: Interval[]): Segment[] => splitNearGutters(s, gutters, inGutter, true);

/**
 * Splits a segment at a word break inside a gutter when all the text after it is a number: a label and the
 * amount in the next column, set less than a word space and a half apart, which pdf.js gives as one run.
 */
export const splitBeforeNumber = (s: Segment, gutters: Interval[]): Segment[] => splitNearGutters(s, gutters, beforeNumber, false);

/**
 * Splits a segment at the word breaks where a gutter's right edge is (a left-aligned cell's start): cells of
 * a row that pdf.js gave as one run because they stand less than 0.6 em apart.
 */
export const splitAtColumnStarts = (s: Segment, gutters: Interval[]): Segment[] => splitNearGutters(s, gutters, atColumnStart, true);

/**
 * A run of figures only ("2,753,438 2,799,250 2,815,544": a bold totals row, whose cells pdf.js gave as one
 * run) is split at every gutter it crosses; other text only before a number in the next column.
 */
export const splitFigures = (s: Segment, gutters: Interval[]): Segment[] => {
  const words = s.text.trim().split(/\s+/);
  return words.length >= 2 && words.every((w) => NUMERIC.test(w)) ? splitAtGutters(s, gutters) : splitBeforeNumber(s, gutters);
};
