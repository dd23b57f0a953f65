// Tables without ruling lines: runs of rows that share empty vertical bands ("gutters"), grown from a seed
// row, trimmed to the rows that belong to the table, then checked for evidence (evidence.ts).
import { TOC_ENTRY_END, withoutCellLeader } from "@/lib/documents/leaders";
import { CAPTION } from "./captions";
import { byColumns } from "./cells";
import { looksLikeChart } from "./chart";
import { isAligned, isNumeric, looksLikeProse, markerColumn, pageNumberColumn, spacedLikeProse } from "./evidence";
import {
  columnOf,
  freeBands,
  type Interval,
  mergedCellGaps,
  rowGaps,
  splitAtColumnStarts,
  splitAtGutters,
  splitAtNumber,
  splitBeforeNumber,
  splitFigures,
  subtract,
  touchingGutters,
} from "./gutters";
import { joinCellPieces } from "./lines";
import { median, type Row, rowText, type Segment } from "./model";
import { proseBeside, tocColumns } from "./side-by-side";
import { groupHeaderCells, groupHeaderRows, withGroupHeaders } from "./table-group-headers";
import { rowGroups, tableCells, trim, wrappedHeaderLines } from "./table-rows";
import { withRowSpans } from "./table-spans";

/** A short cell (a label, a value; not a line of running text): at most this many characters. */
const SHORT_CELL = 32;

/**
 * A table grown from a seed row with several segments: rows are added while they leave one of the
 * seed's gaps open. A row that lands in a single column may not close any gutter (a paragraph or list
 * running past a table's first column is not part of the table).
 */
export function tryTable(
  rows: Row[],
  seed: number,
  floor: number,
): { start: number; end: number; cells: string[][] } | { start: number; end: number; columns: Row[][] } | null {
  const seedRow = rows[seed];
  // the text size around (read only for rows shaped like a numbered heading: tables are tried at every row)
  let around: number | undefined;
  const bodySize = () => (around ??= median(rows.map((r) => r.size)));
  if (sectionHeadingRow(seedRow, bodySize)) return null;
  // A caption ("Table 14. Actual and projected …") is no row of the table, even set in bold over its header.
  if (CAPTION.test(rowText(seedRow))) return null;
  const minGap = 0.45 * seedRow.size;
  const keepGap = 0.25 * seedRow.size;
  let gutters: Interval[] = [];
  for (let k = 1; k < seedRow.segments.length; k++) {
    const a = seedRow.segments[k - 1].x1;
    const b = seedRow.segments[k].x0;
    if (b - a >= minGap) gutters.push([a, b]);
  }
  if (!gutters.length) return null;

  const maxPitch = 3.5 * seedRow.size;
  // Segments of the body rows below the seed (the seed may be a header, aligned differently), and the
  // typical distance between rows with several segments there.
  const body = new Extents();
  let bodyRows = 0;
  let bodyPitch = 0;
  const boldSeed = seedRow.segments.every((s) => s.bold);
  const splitRows = new Map<number, Segment[]>();
  /** Rows below the seed split before a number (splitBeforeNumber): trim() must see their cells too. */
  const numberSplit = new Map<number, Segment[]>();
  /** Cells taken into the table so far (the seed's and the rows'): what a split row's pieces must look like. */
  const widest = new Extents(seedRow.segments);
  const likeCells = (split: Segment[], cols: Interval[]) => {
    if (split.length < 2 || split.some((p) => p.text.length > SHORT_CELL)) return false;
    // Each column's widest cell, in one pass over the cells (not one per piece: a dense grid made that cubic).
    const widths = new Map<number, number>();
    for (const e of widest.list) {
      const c = columnOf(e, cols);
      widths.set(c, Math.max(widths.get(c) ?? 0, e.x1 - e.x0));
    }
    return split.every((p) => p.x1 - p.x0 <= (widths.get(columnOf(p, cols)) ?? 0) + 1.5 * seedRow.size);
  };
  const absorb = (k: number, down: boolean): boolean => {
    const row = rows[k];
    if (!down && CAPTION.test(rowText(row))) return false;
    if (sectionHeadingRow(row, bodySize)) return false;
    if (down && bodyRows >= 2 && row.segments.length >= 2 && startsTable(row, body.list, seedRow.size)) return false;
    // A bold header's cells set closer than a word space merge into one segment: split at the gutters.
    // A label and the number after it set closer than that (a tight table) are split at the number.
    let segments =
      !down && row.segments.every((s) => s.bold)
        ? row.segments.flatMap((s) => splitAtGutters(s, gutters))
        : row.segments.flatMap((s) => splitFigures(s, gutters));
    let pieces = gutters.map((g) => subtract([g], segments, keepGap));
    // A row whose cells pdf.js ran together (set under 0.6 em apart) is split where the columns start, when
    // that opens every gutter. Under a bold header of three columns or more, before any body row had cells
    // of its own, that is enough (a line of prose under a numbered heading breaks near one column start by
    // chance, rarely near two on each line). Elsewhere (no bold header, or below rows with cells, where a
    // line crossing the gutters is mostly text after the table) the pieces must be cells like those taken
    // so far: short, each no wider than its column's widest cell and a word or two (likeCells). Code keeps
    // its alignment.
    if (down && pieces.some((p) => !p.length) && row.segments.some((s) => !s.bold) && !row.segments.some((s) => s.mono)) {
      const split = segments.flatMap((s) => splitAtColumnStarts(s, gutters));
      const splitPieces = gutters.map((g) => subtract([g], split, keepGap));
      const underHeader = boldSeed && gutters.length >= 2 && bodyRows === 0;
      if (splitPieces.every((p) => p.length) && (underHeader || likeCells(split, gutters))) {
        segments = split;
        pieces = splitPieces;
        splitRows.set(k, split);
      }
    }
    const open = pieces.flat();
    if (!open.length) return false;
    if (down && segments.length > row.segments.length && !splitRows.has(k)) numberSplit.set(k, segments);
    const closed = pieces.some((p) => !p.length);
    if (closed && new Set(segments.map((s) => columnOf(s, open))).size < 2) {
      // A line set tight above the table's first row is a wrapped header line: it may span a gutter.
      return !down && rows[k + 1].y - row.y <= 0.6 * bodyPitch;
    }
    gutters = open;
    for (const s of segments) widest.add(s);
    if (down && row.segments.length >= 2) {
      // Distinct cell extents only: a long table would otherwise make this quadratic.
      for (const s of row.segments) body.add(s);
      bodyRows++;
    }
    return true;
  };
  // Rows set well apart (padded cells, 2 em or more) may have a wider gap where a row-spanning label
  // starts a new group: a row with several cells up to 1.75 of their pitch below the last one still belongs.
  const below = [rows[seed]];
  const widePitch = () => {
    const pitch = below.length >= 3 ? (below[below.length - 1].y - below[0].y) / (below.length - 1) : 0;
    return pitch >= 2 * seedRow.size ? 1.75 * pitch : 0;
  };
  let end = seed + 1;
  while (end < rows.length) {
    const gap = rows[end].y - rows[end - 1].y;
    if (gap > maxPitch && !(rows[end].segments.length >= 2 && gap <= widePitch())) break;
    if (!absorb(end, true)) break;
    if (rows[end].segments.length >= 2 || splitRows.has(end)) below.push(rows[end]);
    end++;
  }
  if (below.length >= 2) bodyPitch = (below[below.length - 1].y - below[0].y) / (below.length - 1);
  let start = seed;
  // A bold header may stand further above a body whose rows are set well apart (padded cells): up to
  // 1.75 of the body's row pitch.
  const upPitch = (k: number) =>
    bodyPitch >= 2 * seedRow.size && rows[k].segments.every((s) => s.bold) ? Math.max(maxPitch, 1.75 * bodyPitch) : maxPitch;
  while (start > floor && rows[start].y - rows[start - 1].y <= upPitch(start - 1) && absorb(start - 1, false)) start--;
  if (end - start < 2) return null;
  // Cells found only by splitting runs need two such body rows at least (one line under a numbered
  // heading is no table).
  if (splitRows.size && below.length < 3) return null;
  const cut = (k: number) => splitRows.get(k) ?? numberSplit.get(k);
  const view = splitRows.size || numberSplit.size ? rows.map((r, k) => ({ ...r, segments: cut(k) ?? r.segments })) : rows;
  const span = trim(view, start, end, gutters, seedRow.size);
  if (!span || span.end - span.start < 2) return null;
  const slice = view
    .slice(span.start, span.end)
    .map((r, i) => (splitRows.has(span.start + i) ? r : { ...r, segments: r.segments.flatMap((s) => splitBeforeNumber(s, gutters)) }));
  const found = buildTable(slice, seedRow.size);
  if (!found) return null;
  return Array.isArray(found) ? { ...span, cells: found } : { ...span, columns: found.columns };
}

const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2})*|[A-Z](?:\.\d{1,2})*)\.?$/;

/**
 * A numbered heading ("2  Document structures", "2.1  Mathematics"), its number set a quad from the title:
 * a section number and a capitalised title, bold or set larger than the text around. It neither seeds nor
 * joins a table (two of them one under the other line up like one).
 */
function sectionHeadingRow(r: Row, bodySize: () => number): boolean {
  return (
    r.segments.length === 2 &&
    SECTION_NUMBER.test(r.segments[0].text.trim()) &&
    /^\p{Lu}/u.test(r.segments[1].text) &&
    (r.segments.every((s) => s.bold) || r.size >= 1.15 * bodySize())
  );
}

/**
 * A row with several segments, below body rows, that starts another table: a bold (header) row below
 * regular rows, or one whose cells, two or more of them, line up with no body column (same left or right
 * edge, or mostly overlapping).
 */
/**
 * Distinct segment extents (left and right edges within 0.5 pt are the same extent), kept in insertion order.
 * Looked up through a grid of half-point keys, so that growing a long or dense table stays linear (a scan of
 * the list per segment made a 100-column grid of 5,000 items take 20 s).
 */
class Extents {
  readonly list: Segment[] = [];
  private readonly byKey = new Map<number, Segment[]>();

  constructor(initial: readonly Segment[] = []) {
    for (const s of initial) this.add(s);
  }

  add(s: Segment): void {
    const a = Math.round(2 * s.x0);
    const b = Math.round(2 * s.x1);
    for (let da = -1; da <= 1; da++)
      for (let db = -1; db <= 1; db++)
        for (const e of this.byKey.get(key(a + da, b + db)) ?? []) if (Math.abs(e.x0 - s.x0) < 0.5 && Math.abs(e.x1 - s.x1) < 0.5) return;
    this.list.push(s);
    const k = key(a, b);
    const bucket = this.byKey.get(k);
    if (bucket) bucket.push(s);
    else this.byKey.set(k, [s]);
  }
}

/** A number for a pair of half-point positions (pages are far narrower than 2^20 half points). */
const key = (a: number, b: number) => a * 2 ** 21 + b;

function startsTable(row: Row, seen: Segment[], size: number): boolean {
  if (row.segments.every((s) => s.bold) && seen.some((s) => !s.bold)) return true;
  const tol = Math.max(1.5, 0.12 * size);
  const fits = (s: Segment) =>
    seen.some(
      (e) =>
        Math.abs(s.x0 - e.x0) <= tol ||
        Math.abs(s.x1 - e.x1) <= tol ||
        Math.min(s.x1, e.x1) - Math.max(s.x0, e.x0) >= 0.5 * Math.min(s.x1 - s.x0, e.x1 - e.x0),
    );
  return row.segments.filter((s) => !fits(s)).length >= 2;
}

/**
 * Cells of the rows of a table, or null without evidence. Gutters come from the body (a header, centred,
 * wrapped or with cells that pdf.js merged, must not hide the body's columns); header gaps add gutters
 * where body columns touch or pdf.js merged their cells. Header words are split where they cross a gutter.
 */
function buildTable(slice: Row[], size: number): string[][] | { columns: Row[][] } | null {
  const minGap = 0.45 * size;
  const groups = wrappedHeaderLines(slice, rowGroups(slice, size), size);
  const firstRows = groups.length >= 3 ? groups[0].length : 1;
  const headerRows = firstRows + groupHeaderRows(slice, groups, size);
  const header = slice.slice(0, headerRows);
  const bodyRows = slice.slice(headerRows);
  let gutters = freeBands(bodyRows, 0.25 * size);
  // The header's gaps, its lines taken together (a wrapped header leaves gaps on no single line).
  const gaps = freeBands(header, minGap);
  gutters.push(...touchingGutters(gaps, bodyRows, gutters, minGap));
  gutters.sort((a, b) => a[0] - b[0]);
  if (!gutters.length) return null;
  // (group headers are not cells set close together: they stay whole, over the columns they span)
  const spansColumns = groupHeaderCells(slice, groups, gutters, size);
  let rows = slice.map((r, k) =>
    k < firstRows ? { ...r, segments: r.segments.flatMap((s) => (spansColumns(s) ? [s] : splitAtGutters(s, gutters))) } : r,
  );
  const merged = mergedCellGaps([...gaps, ...rowGaps(rows, minGap)], rows, gutters, minGap);
  if (merged.length) {
    rows = rows.map((r) => ({ ...r, segments: r.segments.flatMap((s) => splitAtNumber(s, merged)) }));
    gutters = [...gutters, ...merged].sort((a, b) => a[0] - b[0]);
  }
  let cells = byColumns(rows, gutters, groups);
  cells = withGroupHeaders(cells, rows, headerRows, (s, k) => k >= firstRows || spansColumns(s));
  if (gutters.length <= 3 && looksLikeProse(cells)) return null;
  if (markerColumn(cells)) return null;
  if (looksLikeChart(slice, cells, headerRows)) return null;
  const entries = tocColumns(rows, cells);
  if (entries) return { columns: entries };
  const beside = proseBeside(rows, cells);
  if (beside) return { columns: beside };
  // A table of contents: its entries end with a leader and a page number, or their page numbers make the last
  // column; they read as lines, not cells.
  if (slice.filter((r) => TOC_ENTRY_END.test(rowText(r))).length >= slice.length / 2 || pageNumberColumn(cells)) return null;
  const boldHeader = header.every((r) => r.segments.every((s) => s.bold)) && bodyRows.some((r) => r.segments.some((s) => !s.bold));
  const body = cells.slice(headerRows);
  let aligned: Interval[];
  if (groups.length <= 3) {
    // A small table (or the part of one on this page): every row fills every column, there are 3 columns
    // or a numeric one, and every gutter lines up in all rows, or in the body under a bold header (a bold
    // header over a single row, where nothing can line up, is evidence enough). Two rows without a bold
    // header need a numeric column: two lines of justified text line up by chance.
    const complete = groups.every((g) => cells[0].every((_, c) => g.some((k) => cells[k][c].length)));
    const numeric = cells[0].some((_, c) => isNumeric(groups.length < 3 ? cells : body, c));
    // Two columns of short cells (labels and values, an HTML table set without rules) are no prose either.
    const short = cells.every((row) => row.every((segs) => segs.map((x) => x.text).join(" ").length <= SHORT_CELL));
    // A header of one or two words per cell set an em or more apart, over short cells: a table's header row
    // even without bold (two lines of prose never both break into such cells at the same places).
    const labelHeader = short && groups[0].length === 1 && labelRow(slice[0]);
    if (!complete || (gutters.length < 2 && !numeric && !short) || (groups.length < 3 && !boldHeader && !numeric && !labelHeader)) return null;
    aligned = gutters.filter(
      (_, k) => isAligned(cells, k, size, groups.length) || (boldHeader && (groups.length === 2 || isAligned(body, k, size, 2))),
    );
    if (aligned.length < gutters.length) return null;
  } else {
    // Keep the gutters whose columns line up: in 2 body rows under a bold header, otherwise in 3 (two
    // lines of justified text can line up by chance).
    aligned = gutters.filter((_, k) => isAligned(body, k, size, boldHeader ? 2 : 3));
  }
  // Cells must not hold gaps as wide as a gutter.
  if (!aligned.length) return null;
  if (aligned.length < gutters.length) {
    gutters = aligned;
    cells = byColumns(rows, gutters, groups);
    cells = withGroupHeaders(cells, rows, headerRows, (s, k) => k >= firstRows || spansColumns(s));
  }
  if (spacedLikeProse(cells)) return null;
  // Most table rows (lines of wrapped cells grouped) fill at least two columns.
  const filled = groups.filter((g) => cells[0].filter((_, c) => g.some((k) => cells[k][c].length)).length >= 2).length;
  if (filled < 2 || filled < groups.length / 2) return null;
  const spans = withRowSpans(slice, cells, groups, size, SHORT_CELL);
  const tableRows = spans?.groups ?? groups;
  const texts = tableCells(
    tableRows,
    cells.map((row) => row.map((segs) => joinCellPieces(segs.map((s) => s.text)))),
  );
  return texts.map((row, g) =>
    row.map((text, c) => {
      const spanned = spans?.fill.get(`${g}:${c}`);
      return spanned && !text ? spanned.map((s) => s.text).join(" ") : withoutCellLeader(text);
    }),
  );
}

/** A row of labels: two cells or more of one or two words each, an em or more apart. */
function labelRow(r: Row): boolean {
  if (r.segments.length < 2 || r.segments.some((s) => s.text.split(" ").length > 2)) return false;
  return r.segments.every((s, k) => k === 0 || s.x0 - r.segments[k - 1].x1 >= r.size);
}
