// Data model of the PDF layout analysis (pure, no I/O). Inputs mirror what pdf.js returns from
// page.getTextContent(); the internal shapes (fragments, segments, rows, lines) use a top-down frame
// where y grows downwards and the dominant text direction reads left to right.

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
}

/** Fragments of one row that are close together horizontally (a phrase, a table cell, a column's line). */
export interface Segment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  bold: boolean;
  chars: number;
}

/** Everything on (nearly) the same baseline, left to right. */
export interface Row {
  y: number;
  x0: number;
  x1: number;
  size: number;
  segments: Segment[];
}

/** A page after line grouping, ready for document-wide statistics and rendering. */
export interface PreparedPage {
  page: number;
  width: number;
  height: number;
  rows: Row[];
  /** Non-whitespace characters of the text layer (before any filtering). */
  chars: number;
}

/** Document-wide statistics: computed once over all prepared pages, then used to render each. */
export interface LayoutStats {
  bodySize: number;
  /** Heading font sizes, largest first: index 0 → `#`, 1 → `##`, … */
  headingSizes: number[];
  /** Level given to short bold lines at body size. */
  boldHeadingLevel: number;
  /** Typical baseline-to-baseline distance of body lines, as a multiple of the body size. */
  lineRatio: number;
  /** Running headers/footers to drop: key (band + normalised text) → typical baseline. */
  furniture: Map<string, number>;
  /** Header/footer lines that vary but carry the page number (page + offset) at a fixed height. */
  numberedSlots: { band: "top" | "bottom"; y: number; offset: number }[];
}

export const roundHalf = (v: number) => Math.round(v * 2) / 2;

/** Text of a row: its segments joined by single spaces. */
export function rowText(row: Row): string {
  return row.segments.map((s) => s.text).join(" ");
}

/** Character-weighted share of bold text in a row. */
export function rowBold(row: Row): boolean {
  let bold = 0;
  let all = 0;
  for (const s of row.segments) {
    all += s.chars;
    if (s.bold) bold += s.chars;
  }
  return all > 0 && bold >= all * 0.9;
}
