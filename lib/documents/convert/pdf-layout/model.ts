// Data model of the PDF layout analysis (pure, no I/O). Inputs mirror what pdf.js returns from
// page.getTextContent(); the internal shapes (fragments, segments, rows, lines) use a top-down frame
// where y grows downwards and the dominant text direction reads left to right.

import { BOLD_CLOSE, BOLD_OPEN, mergeMarks } from "./markdown";
import type { PdfRule } from "./rules";

/** One text item as pdf.js gives it (TextItem of getTextContent()). */
export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, e, f]: text matrix; (e, f) is the baseline origin in PDF user space (y up). */
  transform: number[];
  /** Advance width in user space. */
  width: number;
  height: number;
  fontName: string;
  hasEOL?: boolean;
  dir?: string;
}

/** What is known about a font (from page.commonObjs after an operator list, or tests). */
export interface PdfFontInfo {
  bold?: boolean;
  italic?: boolean;
  /** PostScript name, e.g. "BAAAAA+DejaVuSerif-Bold". */
  name?: string;
  /** Fixed pitch (pdf.js reports fontFamily "monospace" for fonts flagged so). */
  mono?: boolean;
}

export interface PdfPageText {
  /** 1-based page number. */
  page: number;
  /** Page box (page.view: [x0, y0, x1, y1]) width and height in user space. */
  width: number;
  height: number;
  /** Lower-left corner of the page box (page.view[0], page.view[1]); 0 when omitted. */
  x0?: number;
  y0?: number;
  items: PdfTextItem[];
  /** Ruling lines (table borders) from the operator list, when it was read (rules.ts). */
  rules?: PdfRule[];
  /** Link annotations with their targets (links.ts). */
  links?: PdfLink[];
}

/** Ruling lines in the top-down frame. */
export interface PageRules {
  /** band: an edge of a shaded band (rules.ts), which borders no cell; joint: shared by two abutting bands. */
  h: { y: number; x0: number; x1: number; band?: true; joint?: true }[];
  v: { x: number; y0: number; y1: number }[];
}

/** A run of text from one item (or part of one), in the normalised top-down frame. */
export interface Fragment {
  text: string;
  x0: number;
  x1: number;
  /** Baseline, top-down. */
  y: number;
  size: number;
  bold: boolean;
  /** Set in an italic or oblique font. */
  italic?: boolean;
  /** Set in a fixed-pitch font (code, preformatted text). */
  mono?: boolean;
  /** pdf.js's name of the font (one per font of the document). */
  font?: string;
  /**
   * A lone unmapped glyph (control code), read as a bullet when it opens its row (lines.ts); "dingbat": one
   * character of a dingbat font, also a bullet where it opens a table cell's text.
   */
  glyph?: boolean | "dingbat";
}

/** Fragments of one row that are close together horizontally (a phrase, a table cell, a column's line). */
export interface Segment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  bold: boolean;
  /** (Nearly) all of it in an italic font. */
  italic?: boolean;
  chars: number;
  /** Set in a fixed-pitch font; its text keeps the spacing of the character grid. */
  mono?: boolean;
  /** The font of most of its characters. */
  font?: string;
  /** Text with bold marks (BOLD_OPEN/BOLD_CLOSE), only when part of the segment is bold. */
  marked?: string;
  /**
   * Where words after the first start, as pdf.js placed them: [index of the word in text, x], for the words
   * that open a text item of their own (a table cell set less than a word space and a half from the one
   * before it). Splits at a column's start use them instead of an estimate per character.
   */
  starts?: [number, number][];
}

/** Everything on (nearly) the same baseline, left to right. */
export interface Row {
  y: number;
  x0: number;
  x1: number;
  size: number;
  segments: Segment[];
  /** On a page set in a fixed-pitch font (typed): its fixed-pitch segments are text and cells, not code. */
  typed?: boolean;
}

/** A page after line grouping, ready for document-wide statistics and rendering. */
export interface PreparedPage {
  page: number;
  width: number;
  height: number;
  rows: Row[];
  /** Non-whitespace characters of the text layer (before any filtering). */
  chars: number;
  /** Ruling lines, when the page had any. */
  rules?: PageRules;
  /** Hyperlinks: anchor text and target, in reading order. */
  links?: PageLink[];
}

/** Document-wide statistics: computed once over all prepared pages, then used to render each. */
export interface LayoutStats {
  bodySize: number;
  /** Heading font sizes, largest first: index 0 → `#`, 1 → `##`, … */
  headingSizes: number[];
  /** Level of each heading size (same order); without it, the rank (levels.ts). */
  headingLevels?: number[];
  /** Level given to short bold lines at body size. */
  boldHeadingLevel: number;
  /**
   * Fonts set only in headings: used at a heading size, never for running text, not the body's font (Word's
   * heading styles in Calibri Light over Calibri). A short line of its own in one, at body size, is a heading.
   */
  headingFonts?: Set<string>;
  /** Typical baseline-to-baseline distance of body lines, as a multiple of the body size. */
  lineRatio: number;
  /** Share of the characters set in a fixed-pitch font (most of them: a typewritten document, not code). */
  monoShare: number;
  /** Running headers/footers to drop: key (band + normalised text) → typical baseline. */
  furniture: Map<string, number>;
  /**
   * Header/footer lines that vary but carry the page number (page + offset) at a fixed height; with
   * anyNumber, any page number (different on each page) at that height.
   */
  numberedSlots: { band: "top" | "bottom"; y: number; offset: number; anyNumber?: boolean }[];
  /**
   * Pages that are a cover (the first or last of three or more, next to no body text), or every slide of a deck:
   * only their title is a heading.
   */
  coverPages?: number[];
}

/** Splits a segment at the space at index k (x positions estimated per character; bold marks dropped). */
export function splitSegment(s: Segment, k: number): [Segment, Segment] {
  const perChar = (s.x1 - s.x0) / Math.max(s.text.length, 1);
  const left = s.text.slice(0, k);
  const right = s.text.slice(k + 1);
  const chars = Math.round((s.chars * left.length) / Math.max(left.length + right.length, 1));
  const x0 = s.x0 + (k + 1) * perChar;
  if (!s.starts)
    return [
      { ...s, text: left, x1: s.x0 + k * perChar, chars, marked: undefined },
      { ...s, text: right, x0, chars: s.chars - chars, marked: undefined },
    ];
  // The right part's words, renumbered; its first word's known start is its left edge.
  const w = wordCount(left);
  const known = s.starts.find(([i]) => i === w)?.[1];
  const starts = (keep: [number, number][]) => (keep.length ? keep : undefined);
  return [
    { ...s, text: left, x1: s.x0 + k * perChar, chars, marked: undefined, starts: starts(s.starts.filter(([i]) => i < w)) },
    {
      ...s,
      text: right,
      x0: known ?? x0,
      chars: s.chars - chars,
      marked: undefined,
      starts: starts(s.starts.filter(([i]) => i > w).map(([i, x]) => [i - w, x])),
    },
  ];
}

/** Number of words (runs of non-space characters) in a text. */
export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpaceCode(text.charCodeAt(i));
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** Whether a UTF-16 code unit is white space as /\s/ reads it. */
export function isSpaceCode(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Text of a segment with its bold runs marked (see markdown.ts). */
export function markedText(s: Segment): string {
  return s.marked ?? (s.bold ? `${BOLD_OPEN}${s.text}${BOLD_CLOSE}` : s.text);
}

/** Text of a row with bold runs marked. */
export function rowMarked(row: Row): string {
  return mergeMarks(row.segments.map(markedText).join(" "));
}

export const roundHalf = (v: number) => Math.round(v * 2) / 2;

/** The median of some values (the upper one of an even count), 0 for none. */
export const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[v.length >> 1] : 0);

/** The smallest size that ranks as a heading size of its own: clearly larger than the body. */
export const headingSizeFloor = (bodySize: number) => bodySize * 1.12 + 0.05;

/** The font of a row's longest segment. */
export function rowFont(row: Row): string | undefined {
  let best: Segment | undefined;
  for (const s of row.segments) if (!best || s.chars > best.chars) best = s;
  return best?.font;
}

/** Text of a row: its segments joined by single spaces. */
export function rowText(row: Row): string {
  return row.segments.map((s) => s.text).join(" ");
}

/** Character-weighted share of bold text in a row. */
/** (Nearly) all of a row in an italic font. */
export function rowItalic(row: Row): boolean {
  let italic = 0;
  let all = 0;
  for (const s of row.segments) {
    all += s.chars;
    if (s.italic) italic += s.chars;
  }
  return all > 0 && italic >= all * 0.9;
}

export function rowBold(row: Row): boolean {
  let bold = 0;
  let all = 0;
  for (const s of row.segments) {
    all += s.chars;
    if (s.bold) bold += s.chars;
  }
  return all > 0 && bold >= all * 0.9;
}

/** A link annotation: its rectangle in PDF user space and its target. */
export interface PdfLink {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  url: string;
}

/** A link's anchor text and target, in reading order on the page. */
export interface PageLink {
  text: string;
  url: string;
}
