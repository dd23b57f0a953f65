// Charts drawn with text labels: a value axis (tick labels) beside bar or point labels. Their numbers sit
// in rows with gaps as wide as a table's, so aligned-text table detection would read them as a table
// whose cells mix bars of several series (issue 14, class 5: tables over-detected). Read as text instead.
import type { Row, Segment } from "./model";

const NUMBER = /^[-−+]?\d+(?:[.,]\d+)?%?$/;
const value = (s: Segment) => Number.parseFloat(s.text.trim().replace(/[−]/, "-").replace(",", ".").replace("%", ""));
const isNumber = (s: Segment) => NUMBER.test(s.text.trim());

/** The span of a value axis down the page: its top and bottom tick labels' baselines, and their pitch. */
interface AxisSpan {
  top: number;
  bottom: number;
  pitch: number;
}

/**
 * A value axis: three or more rows opening with a number, right- or left-aligned, whose values fall by
 * one constant step down the page at one constant pitch (100, 75, 50, 25), and that are not years
 * (a table listing 2024, 2023, 2022 is a table). Charts stacked one above the other align their axes: each
 * stretch of ticks with its own step counts on its own.
 */
export function valueAxis(rows: Row[]): AxisSpan | null {
  const firsts = rows.map((r) => r.segments[0]).filter(isNumber);
  if (firsts.length < 3) return null;
  const tol = (s: Segment) => Math.max(1.5, 0.15 * s.size);
  for (const edge of ["x0", "x1"] as const) {
    for (const anchor of firsts) {
      const ticks = firsts.filter((s) => Math.abs(s[edge] - anchor[edge]) <= tol(anchor));
      const span = ticks.length >= 3 ? tickRuns(ticks)[0] : null;
      if (span) return span;
    }
  }
  return null;
}

function tickRun(ticks: Segment[]): AxisSpan | null {
  const values = ticks.map(value);
  if (values.every((v) => Number.isInteger(v) && v >= 1900 && v <= 2100)) return null;
  const steps = values.slice(1).map((v, k) => values[k] - v);
  const pitches = ticks.slice(1).map((s, k) => s.y - ticks[k].y);
  const step = steps[0];
  const pitch = pitches[0];
  if (!(step > 0) || !(pitch > 0)) return null;
  const even =
    steps.every((d) => Math.abs(d - step) <= 1e-6 * Math.max(1, Math.abs(step))) && pitches.every((p) => Math.abs(p - pitch) <= 0.15 * pitch);
  return even ? { top: ticks[0].y, bottom: ticks[ticks.length - 1].y, pitch } : null;
}

/** Stretches of three ticks or more (top to bottom) falling by one constant step at one constant pitch (one pass). */
function tickRuns(ticks: Segment[]): AxisSpan[] {
  const out: AxisSpan[] = [];
  const values = ticks.map(value);
  for (let i = 0; i + 2 < ticks.length; ) {
    const step = values[i] - values[i + 1];
    const pitch = ticks[i + 1].y - ticks[i].y;
    let j = i + 1;
    if (step > 0 && pitch > 0)
      while (
        j + 1 < ticks.length &&
        Math.abs(values[j] - values[j + 1] - step) <= 1e-6 * Math.max(1, step) &&
        Math.abs(ticks[j + 1].y - ticks[j].y - pitch) <= 0.15 * pitch
      )
        j++;
    const span = j - i >= 2 ? tickRun(ticks.slice(i, j + 1)) : null;
    if (span) out.push(span);
    i = span ? j + 1 : i + 1;
  }
  return out;
}

/**
 * Whether aligned rows are a chart, not a table: a value axis, numbers nearly everywhere beside it (the
 * rows from a pitch above its top tick to its bottom tick: the plot, not the category labels under it),
 * and labels there that do not fill a grid (an empty cell, or two numbers side by side in one cell: bars
 * of several series that no column holds).
 */
export function looksLikeChart(rows: Row[], cells: Segment[][][], headerRows: number): boolean {
  const axis = valueAxis(rows);
  if (!axis) return false;
  if (secondAxis(rows, axis)) return true;
  const plot = cells.filter((_, k) => k >= headerRows && rows[k].y >= axis.top - axis.pitch && rows[k].y <= axis.bottom + 0.5);
  const segments = plot.flat(2);
  if (!segments.length || segments.filter(isNumber).length < 0.8 * segments.length) return false;
  return plot.some((row) => row.some((cell) => !cell.length || cell.filter(isNumber).length >= 2));
}

/**
 * Another value axis beside the first over the same rows, further right: a chart with an axis on each side,
 * or charts side by side (a table rarely holds two columns of evenly falling figures set at an even pitch).
 * Numbers after the first of their row, clustered by a common left or right edge (one sweep over them
 * sorted, so that a long table stays linear).
 */
function secondAxis(rows: Row[], axis: AxisSpan): boolean {
  const numbers = rows
    .filter((r) => r.y >= axis.top - 0.5 && r.y <= axis.bottom + 0.5)
    .flatMap((r) => r.segments.slice(1))
    .filter(isNumber);
  for (const edge of ["x0", "x1"] as const) {
    const sorted = [...numbers].sort((a, b) => a[edge] - b[edge]);
    for (let i = 0; i < sorted.length; ) {
      let j = i + 1;
      while (j < sorted.length && sorted[j][edge] - sorted[j - 1][edge] <= Math.max(1.5, 0.15 * sorted[j].size)) j++;
      const ticks = sorted.slice(i, j).sort((a, b) => a.y - b.y);
      if (ticks.length >= 3 && tickRuns(ticks).some((t) => t.bottom - t.top >= 0.5 * (axis.bottom - axis.top))) return true;
      i = j;
    }
  }
  return false;
}
