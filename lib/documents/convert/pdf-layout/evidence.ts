// Evidence that aligned text is a table: its columns line up (left, right or centre edges) and hold
// cells, not prose. Justified text, whose word gaps can be as wide as any gutter, fails these tests.
import { isProse } from "./columns";
import { NUMERIC } from "./gutters";
import type { Segment } from "./model";

/** Whether each column, taken as lines, reads like prose (two-column text that is not a table). */
export function looksLikeProse(cells: Segment[][][]): boolean {
  for (let c = 0; c < cells[0].length; c++) {
    const lines = cells.map((row) => row[c]).filter((segs) => segs.length);
    if (lines.length < 3 || !isProse(lines)) return false;
  }
  return true;
}

/**
 * Whether the first column holds nothing but one list marker repeated: the same single character, not a
 * Latin letter or a digit, in two rows or more, its other rows empty (the wrapped lines of an item). A dash
 * or a bullet from a font without a Unicode map ("−", "ｴ") set a tab stop before each item's text is a
 * bulleted list, not a column of a table (a table's first column tells its rows apart).
 */
export function markerColumn(cells: Segment[][][]): boolean {
  const marks = new Set<string>();
  let rows = 0;
  for (const row of cells) {
    const text = row[0]
      .map((s) => s.text)
      .join("")
      .trim();
    if (!text) continue;
    if ([...text].length !== 1 || /[A-Za-z0-9]/.test(text)) return false;
    marks.add(text);
    rows++;
  }
  return rows >= 2 && marks.size === 1;
}

/** A page number: arabic up to four digits, or roman. */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,6}|[IVXLC]{1,6})$/;
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
function pageValue(text: string): number {
  if (/^\d/.test(text)) return 1000 + Number(text);
  let total = 0;
  const d = [...text.toLowerCase()].map((c) => ROMAN[c]);
  d.forEach((v, k) => {
    total += v < (d[k + 1] ?? 0) ? -v : v;
  });
  return total;
}

/**
 * Whether the rows are a table of contents set without leaders ("3.2 Konzeptioneller Ansatz    2"): four
 * entries or more, each row's last piece a page number, the numbers never going down (roman front matter
 * before arabic), the entries' text to their left words, not figures. They read as lines of text, not as an
 * entry | page table.
 */
export function pageNumberColumn(cells: Segment[][][]): boolean {
  const text = (segs: Segment[]) =>
    segs
      .map((s) => s.text)
      .join(" ")
      .trim();
  const rows = cells.filter((row) => row.some((c) => text(c)));
  if (rows.length < 4) return false;
  let last = -1;
  let entries = 0;
  const pages = new Set<string>();
  for (const row of rows) {
    const page = text(row[row.length - 1]);
    const entry = row.slice(0, -1).map(text).join(" ");
    // A wrapped entry's first line has no page number: its page is on the next line.
    if (!page) {
      if (!/\p{L}/u.test(entry)) return false;
      continue;
    }
    if (!PAGE_NUMBER.test(page) || !/\p{L}{3}/u.test(entry)) return false;
    const value = pageValue(page);
    if (value < last) return false;
    last = value;
    pages.add(page);
    entries++;
  }
  return entries >= 4 && pages.size >= 2;
}

/** Size of the largest group of values within tol of one of them. */
function cluster(values: number[], tol: number): number {
  const v = [...values].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, lo = 0, hi = 0; i < v.length; i++) {
    while (v[lo] < v[i] - tol) lo++;
    while (hi < v.length && v[hi] <= v[i] + tol) hi++;
    best = Math.max(best, hi - lo);
  }
  return best;
}

/** Whether most body cells of column c are numbers. */
export function isNumeric(cells: Segment[][][], c: number): boolean {
  let n = 0;
  let numbers = 0;
  for (const row of cells) {
    if (!row[c].length) continue;
    n++;
    if (NUMERIC.test(row[c].map((s) => s.text).join(" "))) numbers++;
  }
  return n >= 2 && numbers >= 0.75 * n;
}

/**
 * Whether the columns on either side of gutter k line up in the body rows (the header is often aligned
 * differently): an edge or the centre of the left or right column agrees in at least minRows rows, all
 * but a quarter of them. The table's outer edges (first column's left, last column's
 * right) line up in any justified paragraph too: they count for numeric columns only.
 */
export function isAligned(cells: Segment[][][], k: number, size: number, minRows = 3): boolean {
  const tol = Math.max(1.5, 0.12 * size);
  const last = cells[0].length - 1;
  const edges = (c: number) => {
    const sets: number[][] = [[], [], []];
    for (const row of cells) {
      if (!row[c].length) continue;
      const x0 = row[c][0].x0;
      const x1 = Math.max(...row[c].map((s) => s.x1));
      sets[0].push(x0);
      sets[1].push(x1);
      sets[2].push((x0 + x1) / 2);
    }
    return sets;
  };
  const lines = (v: number[]) => v.length >= minRows && cluster(v, tol) >= (v.length < 4 ? v.length : v.length - Math.floor(v.length / 4));
  const [lx0, lx1, lc] = edges(k);
  const [rx0, rx1, rc] = edges(k + 1);
  if (lines(lx1) || lines(lc) || lines(rx0) || lines(rc)) return true;
  // A numeric column: its numbers, under a header of words or not ("Value" over "11" and "2").
  const numeric = (c: number) => isNumeric(cells, c) || (cells.length >= 3 && isNumeric(cells.slice(1), c));
  if (lines(lx0) && (k > 0 || numeric(k))) return true;
  return lines(rx1) && (k + 1 < last || numeric(k + 1));
}

/**
 * Justified prose cut into "cells": inside a cell, words sit as far apart as the cells do. True when that
 * holds for more than a third of the rows with several cells.
 */
export function spacedLikeProse(cells: Segment[][][]): boolean {
  let rows = 0;
  let prose = 0;
  for (const row of cells) {
    const filled = row.filter((c) => c.length);
    if (filled.length < 2) continue;
    rows++;
    let gutter = Infinity;
    let inner = 0;
    for (let c = 0; c < filled.length; c++) {
      const segs = filled[c];
      for (let k = 1; k < segs.length; k++) inner = Math.max(inner, segs[k].x0 - segs[k - 1].x1);
      if (c > 0) gutter = Math.min(gutter, segs[0].x0 - Math.max(...filled[c - 1].map((s) => s.x1)));
    }
    if (inner >= 0.8 * gutter) prose++;
  }
  return prose > rows / 3;
}
