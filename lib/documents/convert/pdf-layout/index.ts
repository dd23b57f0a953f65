// PDF layout analysis (pure, no I/O): pdf.js text items of each page → Markdown per page.
//
//   prepareLayoutPage(page, fonts)  items → rows of segments (per page, as pages are read)
//   computeLayoutStats(prepared[])  body size, heading sizes, line spacing, running headers/footers
//   renderLayoutPage(prepared, st)  rows → regions (columns, tables) → blocks → Markdown
//
// layoutDocument() chains the three for tests and simple callers.
import { BULLET_GLYPHS } from "@/lib/documents/bullet-glyphs";
import { TOC_ENTRY_END } from "@/lib/documents/leaders";
import { authorHeadings } from "./authors";
import { type Block, buildBlocks, joinLines, LABELS_ONLY, renderBlocks, SENTENCE_END } from "./blocks";
import { contentRows } from "./furniture";
import { findGrids } from "./grid";
import { labelHeadings, tableTitles } from "./heading-cues";
import { computeLayoutStats } from "./layout-stats";
import { toFragments, toFrameRules, toRows } from "./lines";
import { applyLinks, pageLinks } from "./links";
import { mergeMarks, stripMarks } from "./markdown";
import type { LayoutStats, PdfFontInfo, PdfPageText, PreparedPage, Row } from "./model";
import { findRegions, type Region } from "./regions";
import type { PdfRule } from "./rules";

export { computeLayoutStats } from "./layout-stats";
export { escapeBlock, escapeInline } from "./markdown";
export type { LayoutStats, PdfFontInfo, PdfLink, PdfPageText, PdfTextItem, PreparedPage } from "./model";
export { type OpCodes, type PdfRule, rulesFromOperatorList } from "./rules";
export { assessTextLayer, type TextLayerQuality } from "./text-layer";

export function prepareLayoutPage(page: PdfPageText, fonts?: Record<string, PdfFontInfo>): PreparedPage {
  let chars = 0;
  for (const it of page.items) chars += it.str.replace(/\s/g, "").length;
  const frags = toFragments(page, fonts);
  const rotated = frags.length > 0 && page.items.length > 0 && isQuarterTurned(page);
  const prepared: PreparedPage = {
    page: page.page,
    width: rotated ? page.height : page.width,
    height: rotated ? page.width : page.height,
    rows: toRows(frags),
    chars,
  };
  if (page.rules?.length) prepared.rules = toFrameRules(page);
  if (page.links?.length) {
    const links = pageLinks(page);
    if (links.length) prepared.links = links;
  }
  return prepared;
}

/**
 * Whether ruling lines could change this page's tables: rows with several segments each, close together,
 * with different numbers of segments (cells that pdf.js merged), with a short one-segment row between
 * them (a wrapped cell or header) or set further apart than lines of text (padded cells of a small
 * ruled table); a header whose cells stand far apart (over empty form rows); a stack of short labels at
 * a cell's pitch (a form, a one-column table); list items side by side (lists in cells); a page of a few lines
 * (a table whose cells are mostly empty or pictures shows nothing of it in its text). Reading them costs an
 * operator list, so pdf.ts asks only for such pages.
 */
export function wantsRules(p: PreparedPage): boolean {
  const lone = (i: number) => !(p.rows[i - 1]?.segments.length >= 2) && !(p.rows[i + 1]?.segments.length >= 2);
  return (
    p.rows.length <= SPARSE_ROWS ||
    mergedOrWrappedCells(p.rows) ||
    p.rows.some((r, i) => spacedHeader(r) && lone(i)) ||
    formLabels(p.rows) ||
    p.rows.some(listsSideBySide)
  );
}

/** A page of this many lines or fewer has its rules read whatever its text looks like (cheap on so little). */
const SPARSE_ROWS = 12;

/** A bullet that opens a cell's list item (pdf.js gives "•" and its kin as text). */
const CELL_BULLET = new RegExp(`^[${BULLET_GLYPHS}]\\s*\\S`, "u");

/**
 * Two or more list items side by side in one row: lists inside the cells of a table, whose rows only the
 * ruling lines can tell apart from the items' lines.
 */
function listsSideBySide(r: Row): boolean {
  return r.segments.length >= 2 && r.segments.filter((s) => CELL_BULLET.test(s.text)).length >= 2;
}

function mergedOrWrappedCells(rows: Row[]): boolean {
  let last: Row | undefined;
  let wrapped = false;
  for (const r of rows) {
    if (r.segments.length < 2) {
      if (last && r.x1 - r.x0 < 0.5 * (last.x1 - last.x0)) wrapped = true;
      continue;
    }
    if (last) {
      const pitch = (r.y - last.y) / Math.max(r.size, last.size);
      if (pitch <= 3.5 && (wrapped || last.segments.length !== r.segments.length)) return true;
      // Rows of cells set further apart than lines of text: the padding of a ruled table's cells.
      if (pitch >= 1.5 && pitch <= 5) return true;
    }
    last = r;
    wrapped = false;
  }
  return false;
}

/** A row of three or more cells far apart: alone (no row of cells next to it), a table's header over empty form rows. */
function spacedHeader(r: Row): boolean {
  if (r.segments.length < 3 || r.segments.some((s) => s.mono)) return false;
  return r.segments.every((s, k) => k === 0 || s.x0 - r.segments[k - 1].x1 >= 1.5 * r.size);
}

/**
 * Three or more short lines, one under the other at one left edge and an even pitch wider than a line
 * of text: the labels of a form's boxes or the cells of a one-column table.
 */
function formLabels(rows: Row[]): boolean {
  let run = 1;
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    const pitch = b.y - a.y;
    const prev = i > 1 ? a.y - rows[i - 2].y : pitch;
    const stacked = a.segments.length === 1 && b.segments.length === 1 && Math.abs(a.x0 - b.x0) <= 2 && pitch >= 1.5 * b.size && pitch <= 4 * b.size;
    run = stacked && (run === 1 || Math.abs(pitch - prev) <= 1.5) ? run + 1 : stacked ? 2 : 1;
    if (run >= 3) return true;
  }
  return false;
}

/** A prepared page with the ruling lines of its operator list (rules.ts). */
export function withRules(prepared: PreparedPage, page: PdfPageText, rules: PdfRule[]): PreparedPage {
  return rules.length ? { ...prepared, rules: toFrameRules({ ...page, rules }) } : prepared;
}

function isQuarterTurned(page: PdfPageText): boolean {
  let turned = 0;
  let upright = 0;
  for (const it of page.items) {
    const [a, b] = it.transform;
    if (Math.abs(b) > Math.abs(a)) turned += it.str.length;
    else upright += it.str.length;
  }
  return turned > upright;
}

export function renderLayoutPage(p: PreparedPage, stats: LayoutStats): string {
  const grids = p.rules ? findGrids(p.rules) : [];
  const blocks: Block[] = [];
  let barrier = 0;
  // left: the left edge of the rows being read; list items of a column are placed as if their column
  // started there, so that a list going on in the next column is not nested under the previous one's.
  const emit = (regions: Region[], left: number) => {
    for (const region of regions) {
      if (region.kind === "rows") blocks.push(...buildBlocks(region.rows, stats));
      else if (region.kind === "table") blocks.push({ type: "table", cells: region.cells });
      else {
        for (const column of region.columns) {
          if (region.aside && column !== region.columns[0]) barrier = blocks.length;
          const first = blocks.length;
          const columnLeft = Math.min(...column.map((r) => r.x0));
          emit(findRegions(column, { columns: true, grids }), columnLeft);
          for (const b of blocks.slice(first)) if (b.type === "item") b.x -= columnLeft - left;
          // A paragraph running on from the foot of the previous column (never from a block of author names).
          const prev = blocks[first - 1];
          const head = blocks[first];
          const ended = (text: string) => SENTENCE_END.test(text) || TOC_ENTRY_END.test(text);
          if (
            first > barrier &&
            prev?.type === "paragraph" &&
            head?.type === "paragraph" &&
            !ended(stripMarks(prev.text)) &&
            !LABELS_ONLY.test(stripMarks(head.text))
          ) {
            prev.text = mergeMarks(joinLines(prev.text, head.text));
            blocks.splice(first, 1);
          } else if (
            first > barrier &&
            prev?.type === "item" &&
            head?.type === "paragraph" &&
            !ended(prev.text) &&
            /^\p{Ll}/u.test(stripMarks(head.text))
          ) {
            // A list item running on, in lower case, at the top of the next column.
            prev.text = joinLines(prev.text, stripMarks(head.text));
            blocks.splice(first, 1);
          }
        }
        if (region.band) barrier = blocks.length;
      }
    }
  };
  const rows = contentRows(p, stats);
  emit(findRegions(rows, { columns: true, grids }), Math.min(...rows.map((r) => r.x0)));
  const headed = stats.coverPages?.includes(p.page) ? coverHeadings(blocks) : blocks;
  const markdown = renderBlocks(authorHeadings(labelHeadings(tableTitles(headed))));
  return p.links ? applyLinks(markdown, p.links) : markdown;
}

/**
 * A cover's headings: its title (the top level on the page) only. The rest of its display type (a series
 * name, taglines, "Front cover", a web address) reads as text, not as sections of the document.
 */
function coverHeadings(blocks: Block[]): Block[] {
  const top = Math.min(...blocks.map((b) => (b.type === "heading" ? b.level : 7)));
  return blocks.map((b) => (b.type === "heading" && b.level > top ? { type: "paragraph", text: b.text } : b));
}

/** All pages at once: statistics over the whole set, one Markdown string per page. */
export function layoutDocument(pages: PdfPageText[], fonts?: Record<string, PdfFontInfo>): string[] {
  const prepared = pages.map((p) => prepareLayoutPage(p, fonts));
  const stats = computeLayoutStats(prepared);
  return prepared.map((p) => renderLayoutPage(p, stats));
}
