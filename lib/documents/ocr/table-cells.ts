// OCR words inside a ruled table region (table-lines.ts) → rows of cell text.
//   - Words that are rules read as text (`|`, `[`, `l`, `1`… lying on a vertical rule or the box's edge;
//     runs of dashes where a horizontal rule was read, "————") are dropped; a word that runs across a full-height column rule (the rule read as one of its
//     characters, or swallowed: "18.4|J.") is split there by its characters' boxes.
//   - Columns: the grid's vertical rules, except "rules" that run through a word (letter strokes: a real
//     separator never crosses the text of a cell); without any, the gaps that (almost) no text line crosses.
//   - Rows: the grid's horizontal rules, partial ones included, make bands. A band is one row when most
//     bands hold one row (rules between the rows: its lines are wrapped cell text) or when a line between
//     two others fills only columns no other line fills (a value centred across a two-line row); otherwise
//     a text line starts a new row when it fills two or more columns or stands apart from the previous line
//     (more than 0.8 line heights), and other lines continue the cells above.
//   - Merged cells: where no rule separates two neighbouring cells of one-row bands (a vertical rule missing
//     in a band that has others, a horizontal rule that stops short of a column), they are one cell, its text
//     repeated in each position it covers (as the PDF engine and docling do).
// A region that gives fewer than 2 columns or 2 rows is not a table (null): its words stay in the text.
import { BULLET_GLYPHS } from "@/lib/documents/bullet-glyphs";
import { cellText } from "./bullets";
import { lineText } from "./reading-order";
import { crossesRule, rulesBelowHeader } from "./rule-ends";
import { gapColumns } from "./table-gap-columns";
import type { Box, TableGrid } from "./table-lines";
import { FIGURE } from "./text-table-rows";

export interface CellWord {
  text: string;
  bbox: Box;
  /** tesseract's characters (when known): a rule read as a character inside a word splits it there. */
  symbols?: { text: string; bbox: Box }[];
}

const RULE_TEXT = /^[|[\]{}()!lIi1\\/_—–-]{1,2}$/;
const ONLY_BARS = /^[|[\]{}]+$/;
const DASHLIKE = /[\p{Pd}_=~]/gu;
const DASH_RUN = /[\p{Pd}_=~]{3,}/u;

/**
 * A horizontal rule read as a word: "———————", "_—_—Pnmnmm—" (a long rule with a few glyph-like specks),
 * "_____": a run of three or more dashes, underscores or similar, or a word that is mostly such characters. A
 * lone dash (an empty cell's "—"), dates and ranges ("2020-10-01", "1–2–3") are text.
 */
export function isRuleReadAsText(text: string): boolean {
  const t = text.trim();
  if (t.length < 3) return false;
  return DASH_RUN.test(t) || (t.match(DASHLIKE)?.length ?? 0) / t.length > 0.5;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

const RULE_CHAR = /^[|[\]{}()!lI1\\/,.:;]$/;

/**
 * Words that run across a column rule, the rule read as one of their characters or swallowed ("18.4|J." for
 * "18.4" and "J." in two cells): split there by their characters' boxes, a rule-like character on the rule
 * dropped. Only rules that run through the whole table do this (a short "rule" can be a letter's stroke).
 */
export function splitAtRules(words: CellWord[], xs: number[]): CellWord[] {
  const out: CellWord[] = [];
  for (const w of words) {
    const syms = w.symbols;
    const x = syms && syms.length >= 2 ? xs.find((x) => w.bbox.x0 - 3 <= x && w.bbox.x1 + 3 >= x) : undefined;
    if (x === undefined || !syms) {
      out.push(w);
      continue;
    }
    const cx = (s: { bbox: Box }) => (s.bbox.x0 + s.bbox.x1) / 2;
    const onRule = (s: { text: string; bbox: Box }) => RULE_CHAR.test(s.text.trim()) && s.bbox.x0 - 3 <= x && x <= s.bbox.x1 + 3;
    const left = syms.filter((s) => cx(s) < x && !onRule(s));
    const right = syms.filter((s) => cx(s) >= x && !onRule(s));
    // (a rule at the word's edge, read as its first or last character, is dropped)
    if ((!left.length || !right.length) && left.length + right.length === syms.length) {
      out.push(w);
      continue;
    }
    for (const part of [left, right]) {
      const text = part
        .map((s) => s.text)
        .join("")
        .trim();
      if (!text) continue;
      const bbox = { x0: Math.min(...part.map((s) => s.bbox.x0)), y0: w.bbox.y0, x1: Math.max(...part.map((s) => s.bbox.x1)), y1: w.bbox.y1 };
      out.push(...splitAtRules([{ text, bbox, symbols: part }], xs));
    }
  }
  return out;
}

/** One glyph that marks a list item, as printed or as OCR misreads a small bullet. */
const BULLET_GLYPH = new RegExp(`^[${BULLET_GLYPHS}»*+·\\-–—eoO0©®¢°=]$`, "u");

/** Rows of cell text for the words of one table region, or null when they do not make a table. */
export function tableCells(ruled: TableGrid, words: CellWord[]): string[][] | null {
  const table = cellRows(ruled, words);
  return table && !chartFrame(table) ? table : null;
}

/** Rows of cell text for the words of one ruled region, a chart's gridlines included (see chartFrame). */
export function cellRows(ruled: TableGrid, words: CellWord[]): string[][] | null {
  // (column rules that begin under a shaded header's words: rule-ends.ts)
  const grid = ruled.cols.length ? { ...ruled, cols: rulesBelowHeader(ruled, words, median(words.map((w) => w.bbox.y1 - w.bbox.y0))) } : ruled;
  const edges = [grid.box.x0, grid.box.x1, ...grid.cols.map((c) => c.x)];
  // (a word beside a rule's extent, a header over the columns the rule parts below it, is not split there)
  const fullRules = grid.cols.flatMap((c) => c.rules.filter((r) => r.y1 - r.y0 >= 0.8 * (grid.box.y1 - grid.box.y0)).map((r) => ({ x: c.x, r })));
  const splitWords = words.flatMap((w) => {
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    return splitAtRules(
      [w],
      fullRules.filter(({ r }) => r.y0 <= cy && cy <= r.y1).map(({ x }) => x),
    );
  });
  const kept = splitWords.filter((w) => {
    const t = w.text.trim();
    if (!t || ONLY_BARS.test(t) || isRuleReadAsText(t)) return false;
    if (RULE_TEXT.test(t) && edges.some((x) => x >= w.bbox.x0 - 4 && x <= w.bbox.x1 + 4)) return false;
    return true;
  });
  if (kept.length < 2) return null;
  const height = median(kept.map((w) => w.bbox.y1 - w.bbox.y0)) || 1;

  // Columns
  const ruledCols = grid.cols.filter((c) => c.rules.some((r) => !kept.some((w) => crossesRule(c.x, r, w))));
  let bounds = ruledCols.map((c) => c.x);
  const fromRules = bounds.length > 0;
  if (!bounds.length) {
    bounds = gapColumns(grid.box, kept, height);
    // A framed list: a "column" of bullets (read as "•", "e", "o", "*", "©"…) left of the items' text is the
    // list's markers, not a column of a table.
    const firstCol = kept.filter((w) => bounds.length && (w.bbox.x0 + w.bbox.x1) / 2 < bounds[0]);
    if (firstCol.length >= 2 && firstCol.every((w) => BULLET_GLYPH.test(w.text.trim()))) bounds = bounds.slice(1);
  }
  const xs = [grid.box.x0, ...bounds, grid.box.x1];
  const nCols = bounds.length + 1;
  const colOf = (w: CellWord) => indexIn(xs, (w.bbox.x0 + w.bbox.x1) / 2);
  /** A text line's words by column. */
  const byColumn = (line: CellWord[]) => {
    const cols: CellWord[][] = Array.from({ length: nCols }, () => []);
    for (const w of line) cols[colOf(w)].push(w);
    return cols;
  };

  // Bands between the horizontal rules (partial ones included: see the borders below)
  const ys = [grid.box.y0, ...grid.rows, grid.box.y1];
  const nBands = ys.length - 1;
  const bandOf = (w: CellWord) => indexIn(ys, (w.bbox.y0 + w.bbox.y1) / 2);
  const tol = 6;
  // A vertical border between columns j-1 and j in band b: a rule runs there, or the band has no internal
  // vertical rule at all (columns ruled in the header only continue through an open body).
  const ruleAt = (j: number, y: number) => ruledCols[j - 1].rules.some((r) => r.y0 - tol <= y && y <= r.y1 + tol);
  const openBand = Array.from({ length: nBands }, (_, b) => {
    if (!fromRules) return true;
    const y = (ys[b] + ys[b + 1]) / 2;
    return !bounds.some((_, j) => ruleAt(j + 1, y));
  });
  const vBorder = (b: number, j: number) => !fromRules || openBand[b] || ruleAt(j, (ys[b] + ys[b + 1]) / 2);
  // A horizontal border above band b in column c: a rule at ys[b] covers the column's middle.
  const hBorder = (b: number, c: number) => {
    if (!grid.rowRules) return true;
    const x = (xs[c] + xs[c + 1]) / 2;
    return grid.rowRules.some((r) => Math.abs((r.y0 + r.y1) / 2 - ys[b]) <= 2 * tol && r.x0 - tol <= x && x <= r.x1 + tol);
  };

  // Text lines of each band; a band is one row when its rules separate the rows, else its lines are rows
  const bandLines: CellWord[][][] = [];
  for (let band = 0; band < nBands; band++) {
    const bandWords = kept.filter((w) => bandOf(w) === band).sort((a, b) => a.bbox.y0 + a.bbox.y1 - (b.bbox.y0 + b.bbox.y1));
    const lines: CellWord[][] = [];
    for (const w of bandWords) {
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      const line = lines.find((l) => Math.abs(l.reduce((s, x) => s + (x.bbox.y0 + x.bbox.y1) / 2, 0) / l.length - cy) <= height * 0.5);
      if (line) line.push(w);
      else lines.push([w]);
    }
    lines.sort((a, b) => Math.min(...a.map((w) => w.bbox.y0)) - Math.min(...b.map((w) => w.bbox.y0)));
    for (const l of lines) l.sort((a, b) => a.bbox.x0 - b.bbox.x0);
    bandLines.push(lines);
  }
  if (nCols === 1) return oneColumnTable(grid, bandLines, hBorder);
  // Candidate rows of a band: a text line starts a row when it fills two or more columns or stands apart
  // from the line before (more than 0.8 line heights); other lines continue the cells above.
  // In a band that column rules run through, a first line that opens with the first column (a key: "Document
  // Clause Ordering") makes that column the rows' key: a line without it is the other cells' wrapped text
  // (however many columns it fills, however far below: paragraphs inside a cell), unless it fills two or more
  // columns and stands apart (a totals row).
  // A line of the first column alone under one whose first cell ends in a colon, or starting left of it and in
  // line with it neither at the right nor at the centre, is a label of its own (a section of the rows: "All
  // Randomly Assigned:", "3-Year-Old Cohort" left of right-aligned row labels; a few words), not that cell's
  // wrapped text.
  const labelOfItsOwn = (line: CellWord[], prev: CellWord[] | undefined) => {
    if (!prev || line.some((w) => colOf(w) !== 0) || line.length > MAX_LABEL_WORDS) return false;
    const above = prev.filter((w) => colOf(w) === 0);
    if (!above.length) return false;
    if (/:$/.test(lineText(above))) return true;
    const span = (ws: CellWord[]) => ({ x0: Math.min(...ws.map((w) => w.bbox.x0)), x1: Math.max(...ws.map((w) => w.bbox.x1)) });
    const a = span(above);
    const b = span(line);
    const off = 0.5 * height;
    // (a wrapped line may hang indented: only a line starting left of the one above is told apart)
    return b.x0 < a.x0 - off && Math.abs(a.x1 - b.x1) > off && Math.abs(a.x0 + a.x1 - b.x0 - b.x1) / 2 > off;
  };
  const candidateRows = (lines: CellWord[][], band: number) => {
    const rows: { lines: CellWord[][]; filled: Set<number> }[] = [];
    let prevBottom = Number.NEGATIVE_INFINITY;
    const keyed = fromRules && !openBand[band] && lines.length > 0 && lines[0].some((w) => colOf(w) === 0);
    for (const [i, line] of lines.entries()) {
      const filled = new Set(line.map(colOf));
      const top = Math.min(...line.map((w) => w.bbox.y0));
      const row = rows[rows.length - 1];
      const apart = top - prevBottom > 0.8 * height || labelOfItsOwn(line, lines[i - 1]);
      const opensRow = keyed ? (filled.has(0) && (filled.size >= 2 || apart)) || (filled.size >= 2 && apart) : filled.size >= 2 || apart;
      if (!row || opensRow) rows.push({ lines: [line], filled });
      else {
        row.lines.push(line);
        for (const c of filled) row.filled.add(c);
      }
      prevBottom = Math.max(...line.map((w) => w.bbox.y1));
    }
    return rows;
  };
  const candidates = bandLines.map((lines, band) => candidateRows(lines, band));
  const oneRow = candidates.map((rows, b) => {
    if (rows.length <= 1) return true;
    // values centred across the band's other lines (cells spanning them): "6 | 6" beside "OTSL" / "HTML" —
    // a line between two others whose columns no other line of the band fills
    const lines = bandLines[b];
    const cols = lines.map((l) => new Set(l.map(colOf)));
    return lines.some((_, i) => i > 0 && i < lines.length - 1 && [...cols[i]].every((c) => cols.every((o, k) => k === i || !o.has(c))));
  });
  // Rules between the rows: when most bands with text hold one row, every band is one row (wrapped cells).
  // So too in a table ruled all through (every cell boxed: no merged cells, no open band) whose bands hold
  // alike numbers of lines (a cell of a list or of paragraphs, docling-style): a band of many more lines than
  // the others (the body of a table ruled only under its header and above its totals) holds rows of its own,
  // and a grid of partial rules (a screenshot's panes) is not boxed cells.
  const textBands = candidates.map((c, b) => (c.length ? b : -1)).filter((b) => b >= 0);
  const lineCounts = textBands.map((b) => bandLines[b].length);
  const perfectGrid = () =>
    Array.from({ length: nBands }, (_, b) => b).every(
      (b) =>
        Array.from({ length: nCols - 1 }, (_, j) => j + 1).every((j) => vBorder(b, j)) &&
        (b === 0 || Array.from({ length: nCols }, (_, c) => c).every((c) => hBorder(b, c))),
    );
  const closed =
    fromRules && openBand.every((open) => !open) && textBands.length >= 3 && Math.max(...lineCounts) <= 3 * median(lineCounts) && perfectGrid();
  const ruledRows = closed || (textBands.length >= 3 && textBands.filter((b) => oneRow[b]).length > textBands.length / 2);
  // (except a band of many more lines than the others, laid out in the columns (a word across a column
  // border on at most one line in ten, unlike notes set in a box under the table): the body of a table ruled
  // only at its top, under its header and at its bottom, whose header rules make one-row bands)
  const across = (line: CellWord[]) => line.some((w) => bounds.some((x) => w.bbox.x0 < x && x < w.bbox.x1));
  const bodyBand = (b: number) =>
    bandLines[b].length >= 6 && bandLines[b].length > 3 * median(lineCounts) && bandLines[b].filter(across).length <= 0.1 * bandLines[b].length;
  // (nor a band of two or more lines of figures across the columns: figures do not wrap, so each such line is a
  // row whose rule did not show, as the light rules of a table set on a tinted panel)
  const figureLine = (line: CellWord[]) =>
    byColumn(line).filter((ws, c) => c > 0 && ws.length && FIGURE.test(ws.map((w) => w.text).join(" "))).length >= 2;
  const figureRows = (b: number) => candidates[b].length >= 2 && candidates[b].every((r) => figureLine(r.lines[0]));
  // (and the first band over a body of more rows, ruled off from it, is the header: one row of labels wrapped
  // over its lines, not every line filling the first column ("Some Year 1 / Head Start / Participation" over
  // "Sample Group"), no figures)
  const firstBand = candidates.findIndex((c) => c.length);
  const nextBand = candidates.findIndex((c, b) => b > firstBand && c.length);
  const headerBand = (b: number) =>
    b === firstBand &&
    nextBand > b &&
    candidates[b].length >= 2 &&
    bandLines[b].length <= MAX_HEADER_LINES &&
    candidates[nextBand].length > candidates[b].length &&
    bandLines[b].some((line) => !line.some((w) => colOf(w) === 0)) &&
    !bandLines[b].some(figureLine);
  const singleRow = oneRow.map((one, b) => one || headerBand(b) || (ruledRows && !bodyBand(b) && !figureRows(b)));

  // Merged cells: positions (band, column) joined where no border separates them (single-row bands only).
  const id = (b: number, c: number) => b * nCols + c;
  const parent = Array.from({ length: nBands * nCols }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let b = 0; b < nBands; b++) {
    if (!singleRow[b]) continue;
    for (let c = 1; c < nCols; c++) if (!vBorder(b, c)) parent[find(id(b, c))] = find(id(b, c - 1));
    if (b > 0 && singleRow[b - 1]) for (let c = 0; c < nCols; c++) if (!hBorder(b, c)) parent[find(id(b, c))] = find(id(b - 1, c));
  }
  const regionWords = new Map<number, CellWord[][]>();
  for (let b = 0; b < nBands; b++) {
    if (!singleRow[b]) continue;
    for (const line of bandLines[b]) {
      const byRegion = new Map<number, CellWord[]>();
      for (const w of line) {
        const r = find(id(b, colOf(w)));
        byRegion.set(r, [...(byRegion.get(r) ?? []), w]);
      }
      for (const [r, ws] of byRegion) regionWords.set(r, [...(regionWords.get(r) ?? []), ws]);
    }
  }
  const regionText = (r: number) => cellText((regionWords.get(r) ?? []).map(lineText));

  const rows: string[][] = [];
  // cells with text of their own (not repeated from a merged cell above or to the left), per row
  const own: number[] = [];
  const firstText = candidates.findIndex((c) => c.length);
  for (let b = 0; b < nBands; b++) {
    if (singleRow[b]) {
      const row = Array.from({ length: nCols }, (_, c) => regionText(find(id(b, c))));
      // an empty band is kept below the first row with text when it is a row's height (an empty form row)
      if (!candidates[b].length && !row.some(Boolean) && (b < firstText || ys[b + 1] - ys[b] < height)) continue;
      rows.push(row);
      own.push(
        row.filter((t, c) => t && (c === 0 || find(id(b, c)) !== find(id(b, c - 1))) && (b === 0 || find(id(b, c)) !== find(id(b - 1, c)))).length,
      );
      continue;
    }
    for (const r of candidates[b]) {
      const cells: string[][] = Array.from({ length: nCols }, () => []);
      for (const line of r.lines) {
        byColumn(line).forEach((ws, c) => ws.length && cells[c].push(lineText(ws)));
      }
      rows.push(cells.map(cellText));
      own.push(cells.filter((c) => c.length).length);
    }
  }
  // Trailing rows without text of their own (empty, or only repeating a merged cell) are not part of the table,
  // unless the columns are ruled (a ruled table's empty last rows are rows of it: docling keeps them).
  while (!fromRules && rows.length && !own[rows.length - 1]) {
    rows.pop();
    own.pop();
  }
  // two or more rows with text of their own (a frame around a picture and its caption is not a table)
  if (own.filter(Boolean).length < 2) return null;
  // Columns without text are dropped unless ruled on both sides and a cell wide (an empty form column).
  const used = Array.from({ length: nCols }, (_, i) => rows.some((r) => r[i]) || (fromRules && xs[i + 1] - xs[i] >= 3 * height));
  // a bar at a cell's edge is a rule read as text ("|J. Smith")
  const table = rows.map((r) => r.filter((_, i) => used[i]).map((c) => c.replace(/^[|¦]+\s*|\s*[|¦]+$/g, "")));
  const width = used.filter(Boolean).length;
  if (width < 2 || table.length < 2) return null;
  // a table has rows with two or more cells; a box around a paragraph does not (a ruled grid: one such row)
  const multi = table.filter((r) => r.filter(Boolean).length >= 2).length;
  // (a grid boxing every cell, its columns ruled, is a table even when one column is empty: a form, a table
  // whose pictures or formulas did not print)
  if (multi < (fromRules ? (perfectGrid() ? 0 : 1) : Math.min(2, table.length))) return null;
  return table;
}

/** A section label among a table's rows is short (a sentence under a colon is the cell's text going on). */
const MAX_LABEL_WORDS = 6;

/** A header ruled off from the body holds at most this many lines. */
const MAX_HEADER_LINES = 4;

/** Cell text with this many letters or digits is a value; less is a speck of a drawing read as text ("il"). */
const MIN_VALUE_CHARS = 3;

/**
 * A chart's gridlines make a grid whose only text is its axes: the category labels down the first column and
 * the scale along the last row (or the other way round), the plot area between them empty. Its labels are
 * text, not a table. (An empty form is filled in its first row, its header.)
 */
export function chartFrame(table: string[][]): boolean {
  const width = table[0].length;
  if (width < 3 || table.length < 3) return false;
  const value = (c: string) => (c.match(/[\p{L}\p{N}]/gu) ?? []).length >= MIN_VALUE_CHARS;
  const plot = table.slice(0, -1).flatMap((r) => r.slice(1));
  const axis = table[table.length - 1].slice(1);
  return !plot.some(value) && axis.filter(value).length >= axis.length / 2 && table.slice(0, -1).filter((r) => value(r[0])).length >= 2;
}

/**
 * A grid without columns (no internal vertical rule, no column of whitespace): a table of one column when
 * rules across its whole width part three or more rows with text (a list of options, a form's sections),
 * one row per band, its lines joined; a box with a title bar over its body (two rows), or a frame around a
 * paragraph, stays text.
 */
function oneColumnTable(grid: TableGrid, bandLines: CellWord[][][], hBorder: (band: number, col: number) => boolean): string[][] | null {
  if (bandLines.length < 3 || !bandLines.every((_, b) => b === 0 || hBorder(b, 0))) return null;
  const rows = bandLines.map((lines) => lines.map(lineText).join(" ").trim());
  const withText = rows.filter(Boolean);
  if (withText.length < 3 || grid.rows.length < 2) return null;
  return withText.map((t) => [t]);
}

/** Index of the interval of sorted borders (outer edges included) that holds v. */
function indexIn(borders: number[], v: number): number {
  let i = 0;
  while (i < borders.length - 2 && v > borders[i + 1]) i++;
  return i;
}
