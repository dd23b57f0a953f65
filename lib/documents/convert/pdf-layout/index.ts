// PDF layout analysis (pure, no I/O): pdf.js text items of each page → Markdown per page.
//
//   prepareLayoutPage(page, fonts)  items → rows of segments (per page, as pages are read)
//   computeLayoutStats(prepared[])  body size, heading sizes, line spacing, running headers/footers
//   renderLayoutPage(prepared, st)  rows → regions (columns, tables) → blocks → Markdown
//
// layoutDocument() chains the three for tests and simple callers.
import { BULLET_GLYPHS } from "@/lib/documents/bullet-glyphs";
import { authorHeadings } from "./authors";
import { type Block, buildBlocks, joinLines, LABELS_ONLY, renderBlocks, SENTENCE_END, TOC_ENTRY_END } from "./blocks";
import { contentRows, findFurniture } from "./furniture";
import { findGrids } from "./grid";
import { tableTitles } from "./heading-cues";
import { headingLevels, isCover, isSlideDeck } from "./levels";
import { toFragments, toFrameRules, toRows } from "./lines";
import { applyLinks, pageLinks } from "./links";
import { mergeMarks, stripMarks } from "./markdown";
import type { LayoutStats, PdfFontInfo, PdfPageText, PreparedPage, Row } from "./model";
import { headingSizeFloor, roundHalf, rowText } from "./model";
import { findRegions, type Region } from "./regions";
import type { PdfRule } from "./rules";

export { escapeBlock, escapeInline } from "./markdown";
export type { LayoutStats, PdfFontInfo, PdfLink, PdfPageText, PdfTextItem, PreparedPage } from "./model";
export { type OpCodes, type PdfRule, rulesFromOperatorList } from "./rules";

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
 * a cell's pitch (a form, a one-column table); list items side by side (lists in cells). Reading them costs an operator list, so pdf.ts asks only
 * for such pages.
 */
export function wantsRules(p: PreparedPage): boolean {
  const lone = (i: number) => !(p.rows[i - 1]?.segments.length >= 2) && !(p.rows[i + 1]?.segments.length >= 2);
  return mergedOrWrappedCells(p.rows) || p.rows.some((r, i) => spacedHeader(r) && lone(i)) || formLabels(p.rows) || p.rows.some(listsSideBySide);
}

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

/** A segment at least this long is a run of running text (a table cell rarely is). */
const PROSE_RUN = 40;

export function computeLayoutStats(pages: PreparedPage[]): LayoutStats {
  // The body size is the size of running text: long runs of words. Tables set smaller than the prose
  // (many short cells) must not win, or every line of prose becomes a heading. Without enough such runs
  // (a form, a slide, text without spaces) every character counts.
  const sizeChars = new Map<number, number>();
  const proseChars = new Map<number, number>();
  let proseTotal = 0;
  const shortSizes = new Set<number>();
  const shortMonoSizes = new Set<number>();
  let monoChars = 0;
  let allChars = 0;
  for (const p of pages) {
    p.rows.forEach((r, i) => {
      const short = rowText(r).length <= 200;
      const block = inTextBlock(p.rows, i);
      for (const s of r.segments) {
        const k = roundHalf(s.size);
        sizeChars.set(k, (sizeChars.get(k) ?? 0) + s.chars);
        if (block && s.text.length >= PROSE_RUN && !s.mono) {
          proseChars.set(k, (proseChars.get(k) ?? 0) + s.chars);
          proseTotal += s.chars;
        }
        // Code set larger than the prose is not a heading (unless the whole document is fixed-pitch).
        if (short) (s.mono ? shortMonoSizes : shortSizes).add(k);
        allChars += s.chars;
        if (s.mono) monoChars += s.chars;
      }
    });
  }
  const mostChars = (counts: Map<number, number>) => {
    let size = 0;
    let most = -1;
    for (const [s, n] of counts) if (n > most || (n === most && s < size)) [size, most] = [s, n];
    return size;
  };
  let bodySize = mostChars(proseTotal >= 0.2 * allChars ? proseChars : sizeChars);
  // Prose runs keep small table text from winning; they must not pull the body size below the size that
  // carries twice as much text or more (narrow columns, whose lines are shorter than a run, beside wide
  // footnotes set smaller), or every line of the columns becomes a heading.
  const overall = mostChars(sizeChars);
  if (overall > bodySize && (sizeChars.get(overall) ?? 0) >= 2 * (sizeChars.get(bodySize) ?? 0)) bodySize = overall;
  if (!bodySize) bodySize = 10;
  if (monoChars >= 0.5 * allChars) for (const k of shortMonoSizes) shortSizes.add(k);
  const headingSizes = withoutKickers(
    pages,
    [...shortSizes].filter((s) => s > headingSizeFloor(bodySize)).sort((a, b) => b - a),
  );

  // Typical baseline pitch of consecutive body-size rows of running text (table rows, with their wide
  // gaps and short wrapped cells, are often set tighter or looser).
  const pitches = new Map<number, number>();
  const prose = (r: Row) =>
    Math.abs(r.size - bodySize) <= 0.6 && r.x1 - r.x0 >= 8 * r.size && !r.segments.some((s, k) => k > 0 && s.x0 - r.segments[k - 1].x1 > 2 * r.size);
  for (const p of pages) {
    for (let i = 1; i < p.rows.length; i++) {
      const a = p.rows[i - 1];
      const b = p.rows[i];
      if (!prose(a) || !prose(b)) continue;
      const d = b.y - a.y;
      if (d <= 0 || d > 3 * bodySize || b.x0 > a.x1 || a.x0 > b.x1) continue;
      const k = roundHalf(d);
      pitches.set(k, (pitches.get(k) ?? 0) + 1);
    }
  }
  let pitch = 1.2 * bodySize;
  let seen = 0;
  for (const [d, n] of pitches) if (n > seen || (n === seen && d < pitch)) [pitch, seen] = [d, n];

  const { furniture, numberedSlots } = findFurniture(pages, bodySize);
  const levels = headingLevels(headingSizes, pages, bodySize);
  // Covers of a document of running text: a slide deck, whose pages all carry little body text, has none.
  const interior = pages.slice(1, -1);
  const runningText = interior.filter((p) => !isCover(p, bodySize)).length >= interior.length / 2;
  const coverPages = isSlideDeck(pages)
    ? pages.map((p) => p.page)
    : pages.length >= 3 && runningText
      ? [pages[0], pages[pages.length - 1]].filter((p) => isCover(p, bodySize)).map((p) => p.page)
      : [];
  return {
    bodySize,
    headingSizes,
    headingLevels: levels,
    boldHeadingLevel: Math.min(Math.max(0, ...levels) + 1, 6),
    lineRatio: pitch / bodySize,
    monoShare: allChars ? monoChars / allChars : 0,
    furniture,
    numberedSlots,
    coverPages,
  };
}

/**
 * Whether row i is one line of a block of text: a row of the same size right above or below it, at a
 * line's distance and overlapping it. Running text wraps; a heading, however long, mostly stands alone,
 * so long one-line headings must not make their size the body size.
 */
function inTextBlock(rows: Row[], i: number): boolean {
  const r = rows[i];
  const near = (o: Row | undefined) =>
    !!o && Math.abs(o.size - r.size) <= 0.6 && Math.abs(o.y - r.y) <= 2 * Math.max(o.size, r.size) && o.x0 < r.x1 && r.x0 < o.x1;
  return near(rows[i - 1]) || near(rows[i + 1]);
}

/** A logo or kicker: at most this many characters. */
const KICKER_CHARS = 40;

/**
 * Heading sizes used only by the top line of a page set right above a larger heading: a logo or a
 * letterhead over the title, not a heading of its own (its section would be empty). Dropped, so that
 * the line reads as text and the headings below it keep their levels.
 */
function withoutKickers(pages: PreparedPage[], sizes: number[]): number[] {
  const kicker = new Set<number>();
  const other = new Set<number>();
  for (const p of pages) {
    p.rows.forEach((r, i) => {
      const k = roundHalf(r.size);
      if (!sizes.includes(k)) return;
      const next = p.rows[i + 1];
      const above = i === 0 && rowText(r).length <= KICKER_CHARS && next && roundHalf(next.size) > k + 0.5 && sizes.includes(roundHalf(next.size));
      (above ? kicker : other).add(k);
    });
  }
  return sizes.filter((s) => !kicker.has(s) || other.has(s));
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
  const markdown = renderBlocks(authorHeadings(tableTitles(headed)));
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

export interface TextLayerQuality {
  usable: boolean;
  /** Non-whitespace characters. */
  chars: number;
  /** Share of characters that are replacement, private-use or control characters. */
  garbage: number;
  /** Words (runs of two or more letters): a text layer with many of them is read, never replaced by OCR. */
  words: number;
}

/** Leaders and rules typed as text: runs of one punctuation character (table-of-contents dots, underscores). */
const LEADER = /([.·•…_\-–—=*~])(?:\s*\1){2,}/g;
const WORD = /\p{L}{2,}/gu;

/** Replacement, private-use or control character: what fonts without a Unicode map produce. */
const isGarbage = (cp: number) => cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
/** Readable words that make a page's text layer readable even beside items of unmapped glyphs. */
const READABLE_WORDS = 50;

/**
 * Whether a page's text layer can be trusted: enough characters (or a word), and mostly real letters and digits
 * (not U+FFFD, private-use glyph codes or controls, which fonts without a Unicode map produce). Leaders
 * (a table of contents' dot leaders, form underscores) are neither: they do not count. Items made only
 * of such codes (a drawing or logo set in a symbol font) beside plenty of readable text do not make the
 * page unreadable: the page keeps its text layer and never goes to OCR for them.
 */
export function assessTextLayer(page: PdfPageText, minChars = 20): TextLayerQuality {
  let chars = 0;
  let bad = 0;
  let alnum = 0;
  /** Garbage in items that are mostly garbage (glyph drawings), and the characters of those items. */
  let glyphItemBad = 0;
  let glyphItemChars = 0;
  for (const it of page.items) {
    let n = 0;
    let b = 0;
    for (const ch of it.str) {
      if (/\s/.test(ch)) continue;
      n++;
      if (isGarbage(ch.codePointAt(0) ?? 0)) b++;
    }
    if (b > 0 && b >= 0.5 * n) {
      glyphItemBad += b;
      glyphItemChars += n;
    }
  }
  // Items joined with spaces: a leader is often drawn as one item per dot.
  const text = page.items
    .map((it) => it.str)
    .join(" ")
    .replace(LEADER, " ");
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    chars++;
    const cp = ch.codePointAt(0) ?? 0;
    if (isGarbage(cp)) bad++;
    else if (/[\p{L}\p{N}]/u.test(ch)) alnum++;
  }
  const words = text.match(WORD)?.length ?? 0;
  const garbage = chars ? bad / chars : 0;
  // A short layer is enough when it holds a word: a page of "Some text" or "Home" is read, not OCR'd (pdf.ts
  // still sends a short layer over a page-sized image, a scan with a stamp, to OCR).
  let usable = (chars >= minChars || words > 0) && garbage < 0.1 && alnum >= chars * 0.5;
  if (!usable && words >= READABLE_WORDS) {
    // The rest once the glyph items are set aside: readable on its own, and the larger part of the page.
    const restChars = chars - glyphItemChars;
    const restBad = bad - glyphItemBad;
    usable = restChars >= Math.max(minChars, glyphItemChars) && restBad < 0.1 * restChars && alnum >= restChars * 0.5;
  }
  return { usable, chars, garbage, words };
}
