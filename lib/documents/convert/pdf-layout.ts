// PDF layout analysis (pure, no I/O): pdf.js text items of each page → Markdown per page.
//
//   prepareLayoutPage(page, fonts)  items → rows of segments (per page, as pages are read)
//   computeLayoutStats(prepared[])  body size, heading sizes, line spacing, running headers/footers
//   renderLayoutPage(prepared, st)  rows → regions (columns, tables) → blocks → Markdown
//
// layoutDocument() chains the three for tests and simple callers.
import { buildBlocks, joinLines, renderBlocks, SENTENCE_END, type Block } from "./pdf-layout-blocks";
import { toFragments, toRows } from "./pdf-layout-lines";
import type { LayoutStats, PdfFontInfo, PdfPageText, PreparedPage, Row } from "./pdf-layout-model";
import { roundHalf, rowText } from "./pdf-layout-model";
import { findRegions } from "./pdf-layout-regions";

export type { LayoutStats, PdfFontInfo, PdfPageText, PdfTextItem, PreparedPage } from "./pdf-layout-model";
export { escapeBlock, escapeInline } from "./pdf-layout-markdown";

/** Share of the page height, at the top and at the bottom, where running headers/footers live. */
const EDGE_BAND = 0.15;
/** Rows at each end of a page considered for headers/footers. */
const EDGE_ROWS = 3;
const PAGE_NUMBER = /^(?:(?:page|seite|p\.)\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—]?(?:\s*(?:of|\/|von|sur|de)\s*\d{1,4})?$/i;

export function prepareLayoutPage(page: PdfPageText, fonts?: Record<string, PdfFontInfo>): PreparedPage {
  let chars = 0;
  for (const it of page.items) chars += it.str.replace(/\s/g, "").length;
  const frags = toFragments(page, fonts);
  const rotated = frags.length > 0 && page.items.length > 0 && isQuarterTurned(page);
  return {
    page: page.page,
    width: rotated ? page.height : page.width,
    height: rotated ? page.width : page.height,
    rows: toRows(frags),
    chars,
  };
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

function edgeRows(p: PreparedPage): { row: Row; band: "top" | "bottom"; index: number }[] {
  const out: { row: Row; band: "top" | "bottom"; index: number }[] = [];
  const n = p.rows.length;
  p.rows.forEach((row, index) => {
    if (index < EDGE_ROWS && row.y <= p.height * EDGE_BAND) out.push({ row, band: "top", index });
    else if (index >= n - EDGE_ROWS && row.y >= p.height * (1 - EDGE_BAND)) out.push({ row, band: "bottom", index });
  });
  return out;
}

function furnitureKey(band: string, row: Row): string {
  return `${band}|${rowText(row).toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ")}`;
}

export function computeLayoutStats(pages: PreparedPage[]): LayoutStats {
  const sizeChars = new Map<number, number>();
  const shortSizes = new Set<number>();
  for (const p of pages) {
    for (const r of p.rows) {
      const short = rowText(r).length <= 200;
      for (const s of r.segments) {
        const k = roundHalf(s.size);
        sizeChars.set(k, (sizeChars.get(k) ?? 0) + s.chars);
        if (short) shortSizes.add(k);
      }
    }
  }
  let bodySize = 0;
  let most = -1;
  for (const [s, n] of sizeChars) if (n > most || (n === most && s < bodySize)) [bodySize, most] = [s, n];
  if (!bodySize) bodySize = 10;
  const headingSizes = [...shortSizes].filter((s) => s > bodySize * 1.12 + 0.05).sort((a, b) => b - a);

  // Typical baseline pitch of consecutive body-size rows.
  const pitches = new Map<number, number>();
  for (const p of pages) {
    for (let i = 1; i < p.rows.length; i++) {
      const a = p.rows[i - 1];
      const b = p.rows[i];
      if (Math.abs(a.size - bodySize) > 0.6 || Math.abs(b.size - bodySize) > 0.6) continue;
      const d = b.y - a.y;
      if (d <= 0 || d > 3 * bodySize || b.x0 > a.x1 || a.x0 > b.x1) continue;
      const k = roundHalf(d);
      pitches.set(k, (pitches.get(k) ?? 0) + 1);
    }
  }
  let pitch = 1.2 * bodySize;
  let seen = 0;
  for (const [d, n] of pitches) if (n > seen || (n === seen && d < pitch)) [pitch, seen] = [d, n];

  // Running headers/footers: same text (digits aside) at the same height on most pages.
  const furniture = new Map<string, number>();
  const numberedSlots: LayoutStats["numberedSlots"] = [];
  if (pages.length >= 2) {
    const seenAt = new Map<string, { page: number; y: number }[]>();
    for (const p of pages) {
      for (const { row, band } of edgeRows(p)) {
        const key = furnitureKey(band, row);
        const list = seenAt.get(key) ?? [];
        list.push({ page: p.page, y: row.y });
        seenAt.set(key, list);
      }
    }
    const needed = Math.max(2, Math.ceil(pages.length * 0.5));
    numberedSlots.push(...findNumberedSlots(pages, needed));
    for (const [key, list] of seenAt) {
      if (list.length < needed) continue;
      const ys = list.map((e) => e.y).sort((a, b) => a - b);
      const median = ys[ys.length >> 1];
      const pagesNear = new Set(list.filter((e) => Math.abs(e.y - median) <= 4).map((e) => e.page));
      if (pagesNear.size >= needed) furniture.set(key, median);
    }
  }
  return {
    bodySize,
    headingSizes,
    boldHeadingLevel: Math.min(headingSizes.length + 1, 6),
    lineRatio: pitch / bodySize,
    furniture,
    numberedSlots,
  };
}

const numbersIn = (text: string) => (text.length <= 120 ? (text.match(/\d{1,4}/g) ?? []).map(Number) : []);

/** Edge rows at one height on most pages whose numbers include the page number plus a fixed offset. */
function findNumberedSlots(pages: PreparedPage[], needed: number): LayoutStats["numberedSlots"] {
  const slots = new Map<string, { band: "top" | "bottom"; y: number; offsets: Map<number, Set<number>> }>();
  for (const p of pages) {
    for (const { row, band } of edgeRows(p)) {
      const key = `${band}|${Math.round(row.y / 2)}`;
      const slot = slots.get(key) ?? { band, y: row.y, offsets: new Map<number, Set<number>>() };
      for (const n of numbersIn(rowText(row))) {
        const set = slot.offsets.get(n - p.page) ?? new Set<number>();
        set.add(p.page);
        slot.offsets.set(n - p.page, set);
      }
      slots.set(key, slot);
    }
  }
  const out: LayoutStats["numberedSlots"] = [];
  for (const { band, y, offsets } of slots.values()) {
    for (const [offset, onPages] of offsets) if (onPages.size >= needed) out.push({ band, y, offset });
  }
  return out;
}

/** Rows minus running headers/footers and page numbers. */
function contentRows(p: PreparedPage, stats: LayoutStats): Row[] {
  const drop = new Set<number>();
  const n = p.rows.length;
  for (const { row, band, index } of edgeRows(p)) {
    const y = stats.furniture.get(furnitureKey(band, row));
    if (y !== undefined && Math.abs(y - row.y) <= 4) drop.add(index);
    else if (stats.numberedSlots.some((s) => s.band === band && Math.abs(s.y - row.y) <= 2.5 && numbersIn(rowText(row)).includes(p.page + s.offset))) {
      drop.add(index);
    }
    else if ((index < 2 || index >= n - 2) && row.segments.length === 1 && PAGE_NUMBER.test(rowText(row))) drop.add(index);
  }
  return drop.size ? p.rows.filter((_, i) => !drop.has(i)) : p.rows;
}

export function renderLayoutPage(p: PreparedPage, stats: LayoutStats): string {
  const blocks: Block[] = [];
  for (const region of findRegions(contentRows(p, stats), true)) {
    if (region.kind === "rows") blocks.push(...buildBlocks(region.rows, stats));
    else if (region.kind === "table") blocks.push({ type: "table", cells: region.cells });
    else {
      for (const column of region.columns) {
        const first = blocks.length;
        for (const sub of findRegions(column, false)) {
          if (sub.kind === "table") blocks.push({ type: "table", cells: sub.cells });
          else if (sub.kind === "rows") blocks.push(...buildBlocks(sub.rows, stats));
        }
        // A paragraph running on from the foot of the previous column.
        const prev = blocks[first - 1];
        const head = blocks[first];
        if (first > 0 && prev?.type === "paragraph" && head?.type === "paragraph" && !SENTENCE_END.test(prev.text)) {
          prev.text = joinLines(prev.text, head.text);
          blocks.splice(first, 1);
        }
      }
    }
  }
  return renderBlocks(blocks);
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
}

/**
 * Whether a page's text layer can be trusted: enough characters, and mostly real letters and digits
 * (not U+FFFD, private-use glyph codes or controls, which fonts without a Unicode map produce).
 */
export function assessTextLayer(page: PdfPageText, minChars = 20): TextLayerQuality {
  let chars = 0;
  let bad = 0;
  let alnum = 0;
  for (const it of page.items) {
    for (const ch of it.str) {
      if (/\s/.test(ch)) continue;
      chars++;
      const cp = ch.codePointAt(0) ?? 0;
      if (cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) bad++;
      else if (/[\p{L}\p{N}]/u.test(ch)) alnum++;
    }
  }
  const garbage = chars ? bad / chars : 0;
  const usable = chars >= minChars && garbage < 0.1 && alnum >= chars * 0.5;
  return { usable, chars, garbage };
}
