// Printed words the page's reading skipped. tesseract's layout analysis drops small isolated pieces of text
// as noise or picture: a one-letter header cell set apart ("A", "B"), a cell of figures alone in its column
// ("1...", "2..."), a short label beside a block. Their ink is still on the page: connected pieces of ink
// that no word box covers, sized like the page's letters (not specks, not rules or pictures), set in a row
// like a word's letters. Such pieces are read again — the page's paper with only their pixels kept, read as
// sparse text (page segmentation mode 11) — and the words found on them are added to the reading (pool.ts).
// Pages whose ink was all read cost one pass over the pixels.
import type { Recognition } from "./native-tesseract";
import { type TWord, wordsOf } from "./orientation-probe";
import { type PreparedImage, paperLevel, parsePgmHeader, toPgm } from "./prepare-image";
import type { Box } from "./table-lines";
import type { TBlock } from "./tesseract-blocks";

/** Ink: this many gray levels darker than the paper (as ink-only.ts and table-reread.ts). */
const INK_CONTRAST = 80;
/** Pixels are grouped in cells of this side (an OR of their ink) before pieces are traced. */
const CELL = 2;
/** A piece of ink within this many line heights of a word's box belongs to that word (accents, dots, tails). */
const WORD_MARGIN = 0.25;
/** Letters: pieces from this share of the body's word height to this multiple of it. */
const MIN_HEIGHT = 0.5;
const MAX_HEIGHT = 2.5;
/** Pieces this many line heights apart or closer along a row are one word or one group of words. */
const JOIN_GAP = 1.2;
/** A group this many line heights or closer to a word read on its line is beside that line. */
const BESIDE = 1.5;
/** A group this many line heights or closer under a paragraph's last line (within its width) is its next line. */
const NEXT_LINE_GAP = 0.8;
/** The page's top and bottom margins: this share of its height. */
const MARGIN = 0.1;
/** More groups than this: a picture or a chart's labels, not words skipped by the reading. */
const MAX_GROUPS = 12;
/** tesseract's page segmentation mode for the pieces: sparse text, as much as can be found in no order. */
export const SPARSE_PSM = 11;
/** A word found on the pieces is kept when read with at least this confidence. */
const MIN_CONFIDENCE = 60;

export interface InkGroup extends Box {
  pieces: number;
}

/**
 * Groups of ink pieces that no word of the reading covers, sized and set like letters of a word (see the file
 * header), in the prepared image's pixels; none when the reading has fewer than 3 words (no letter size).
 */
export function unreadInk(img: PreparedImage, words: readonly { text: string; bbox: Box }[]): InkGroup[] {
  const head = parsePgmHeader(img.pgm);
  if (!head) return [];
  const read = words.filter((w) => w.text.trim() && w.bbox.y1 > w.bbox.y0);
  if (read.length < 3) return [];
  const lineHeight = lineHeightOf(read);
  const { width, height, offset } = head;
  const threshold = paperLevel(img.pgm, offset, width * height) - INK_CONTRAST;
  if (threshold <= 0) return [];
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const ink = new Uint8Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    const cy = ((y / CELL) | 0) * cw;
    for (let x = 0; x < width; x++) if (img.pgm[row + x] < threshold) ink[cy + ((x / CELL) | 0)] = 1;
  }
  // ink under (or next to) a word of the reading is read
  const m = WORD_MARGIN * lineHeight;
  for (const w of read) {
    const x0 = Math.max(0, Math.floor((w.bbox.x0 - m) / CELL));
    const x1 = Math.min(cw - 1, Math.ceil((w.bbox.x1 + m) / CELL));
    const y0 = Math.max(0, Math.floor((w.bbox.y0 - m) / CELL));
    const y1 = Math.min(ch - 1, Math.ceil((w.bbox.y1 + m) / CELL));
    for (let y = y0; y <= y1; y++) ink.fill(0, y * cw + x0, y * cw + x1 + 1);
  }
  // pieces: 8-connected ink cells
  const pieces: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start]) continue;
    ink[start] = 0;
    stack.push(start);
    let x0 = cw;
    let y0 = ch;
    let x1 = -1;
    let y1 = -1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % cw;
      const y = (i / cw) | 0;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= ch) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= cw) continue;
          const j = yy * cw + xx;
          if (ink[j]) {
            ink[j] = 0;
            stack.push(j);
          }
        }
      }
    }
    pieces.push({ x0: x0 * CELL, y0: y0 * CELL, x1: (x1 + 1) * CELL, y1: (y1 + 1) * CELL });
  }
  // letters (dots and commas of a word join it below; alone they are specks)
  const letters = pieces.filter((p) => {
    const h = p.y1 - p.y0;
    const w = p.x1 - p.x0;
    return h >= MIN_HEIGHT * lineHeight && h <= MAX_HEIGHT * lineHeight && w <= 3 * lineHeight;
  });
  const small = pieces.filter((p) => p.y1 - p.y0 < MIN_HEIGHT * lineHeight && p.x1 - p.x0 < MIN_HEIGHT * lineHeight && p.x1 - p.x0 >= 2 * CELL);
  // groups: letters in a row (overlapping vertically, close along it), with the dots beside them
  const groups: InkGroup[] = [];
  for (const p of [...letters].sort((a, b) => a.x0 - b.x0)) {
    const g = groups.find(
      (o) => Math.min(o.y1, p.y1) - Math.max(o.y0, p.y0) > 0.4 * Math.min(o.y1 - o.y0, p.y1 - p.y0) && p.x0 - o.x1 <= JOIN_GAP * lineHeight,
    );
    if (g) {
      g.x0 = Math.min(g.x0, p.x0);
      g.y0 = Math.min(g.y0, p.y0);
      g.x1 = Math.max(g.x1, p.x1);
      g.y1 = Math.max(g.y1, p.y1);
      g.pieces++;
    } else groups.push({ ...p, pieces: 1 });
  }
  for (const s of small) {
    const g = groups.find(
      (o) => s.y0 >= o.y0 - 0.2 * lineHeight && s.y1 <= o.y1 + 0.3 * lineHeight && s.x0 - o.x1 <= JOIN_GAP * lineHeight && s.x1 >= o.x0,
    );
    if (g) {
      g.x1 = Math.max(g.x1, s.x1);
      g.y1 = Math.max(g.y1, s.y1);
      g.pieces++;
    }
  }
  if (groups.length > MAX_GROUPS) return [];
  // (pieces beside a line that was read are its marks or a piece of a word of it, read with it or not: a
  // list number, "r" + "ep:"; in the page's top or bottom margin, a page number or a running header)
  const alone = groups.filter(
    (g) =>
      g.y0 >= MARGIN * height &&
      g.y1 <= (1 - MARGIN) * height &&
      !read.some(
        (w) =>
          Math.min(w.bbox.y1, g.y1) - Math.max(w.bbox.y0, g.y0) >= 0.5 * Math.min(g.y1 - g.y0, w.bbox.y1 - w.bbox.y0) &&
          Math.max(g.x0 - w.bbox.x1, w.bbox.x0 - g.x1) <= BESIDE * lineHeight,
      ),
  );
  return alone;
}

/**
 * The groups' own ink on paper — the pixels inside the groups less those of the words read and their margin,
 * so nothing of the words around them — cropped to the groups with a margin of paper; `x0`, `y0` place the
 * crop in the page.
 */
export function inkOf(
  img: PreparedImage,
  groups: readonly Box[],
  words: readonly { text: string; bbox: Box }[],
): { crop: PreparedImage; x0: number; y0: number } {
  const head = parsePgmHeader(img.pgm)!;
  const { width, height, offset } = head;
  const paper = paperLevel(img.pgm, offset, width * height);
  const read = words.filter((w) => w.text.trim() && w.bbox.y1 > w.bbox.y0);
  const m = WORD_MARGIN * lineHeightOf(read);
  const pad = Math.round(lineHeightOf(read));
  const cx0 = Math.max(0, Math.min(...groups.map((g) => g.x0)) - pad);
  const cy0 = Math.max(0, Math.min(...groups.map((g) => g.y0)) - pad);
  const cx1 = Math.min(width, Math.max(...groups.map((g) => g.x1)) + pad);
  const cy1 = Math.min(height, Math.max(...groups.map((g) => g.y1)) + pad);
  const cw = cx1 - cx0;
  const out = Buffer.alloc(cw * (cy1 - cy0), paper);
  for (const g of groups) {
    const x0 = Math.max(0, g.x0);
    const x1 = Math.min(width, g.x1);
    const near = read.filter((w) => w.bbox.x0 - m < x1 && w.bbox.x1 + m > x0 && w.bbox.y0 - m < g.y1 && w.bbox.y1 + m > g.y0);
    for (let y = Math.max(0, g.y0); y < Math.min(height, g.y1); y++) {
      const row = (y - cy0) * cw - cx0;
      img.pgm.copy(out, row + x0, offset + y * width + x0, offset + y * width + x1);
      for (const w of near)
        if (y >= w.bbox.y0 - m && y <= w.bbox.y1 + m)
          out.fill(paper, row + Math.max(x0, Math.floor(w.bbox.x0 - m)), row + Math.min(x1, Math.ceil(w.bbox.x1 + m)));
    }
  }
  const crop = { ...img, pgm: toPgm(cw, cy1 - cy0, out), width: cw, height: cy1 - cy0, inputWidth: cw, inputHeight: cy1 - cy0 };
  return { crop, x0: cx0, y0: cy0 };
}

/**
 * Reads the page's unread ink (see the file header) and adds what it finds to the page's reading; `read`
 * recognises an image with the given page segmentation mode. Pages without unread ink are returned as read.
 */
export async function readUnreadInk(
  img: PreparedImage,
  page: Recognition,
  read: (img: PreparedImage, psm: number) => Promise<Recognition>,
): Promise<Recognition> {
  const words = wordsOf(page);
  const groups = unreadInk(img, words);
  if (!groups.length) return page;
  const { crop, x0, y0 } = inkOf(img, groups, words);
  const found = await read(crop, SPARSE_PSM);
  const move = (b: Box): Box => ({ x0: b.x0 + x0, y0: b.y0 + y0, x1: b.x1 + x0, y1: b.y1 + y0 });
  const moved: Recognition = {
    ...found,
    blocks: (found.blocks ?? []).map((b) => ({
      ...b,
      paragraphs: (b.paragraphs ?? []).map((p) => ({
        ...p,
        bbox: move(p.bbox),
        lines: (p.lines ?? []).map((l) => ({
          ...l,
          bbox: move(l.bbox),
          words: (l.words ?? []).map((w) => ({
            ...w,
            bbox: move(w.bbox),
            symbols: w.symbols?.map((s) => ({ ...s, bbox: move(s.bbox) })) ?? w.symbols,
          })),
        })),
      })),
    })),
  };
  return withUnreadWords(page, groups, moved);
}

function lineHeightOf(words: readonly { bbox: Box }[]): number {
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  return heights[heights.length >> 1] ?? 0;
}

const centerIn = (b: Box, box: Box) => {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
};

/**
 * The page's reading with the words read on the unread groups added (confident words with a letter or a
 * digit whose centre lies in a group): into the line they stand in (beside its words, within two line
 * heights), else as the next line of a paragraph of two lines or more they stand directly under (within its
 * width), else as a block of their own placed before the first block below them.
 */
export function withUnreadWords(page: Recognition, groups: readonly Box[], extra: Recognition): Recognition {
  const found = wordsOf(extra).filter((w) => w.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text));
  const blocks: TBlock[] = (page.blocks ?? []).map((b) => ({
    ...b,
    paragraphs: (b.paragraphs ?? []).map((p) => ({ ...p, lines: (p.lines ?? []).map((l) => ({ ...l, words: [...(l.words ?? [])] })) })),
  }));
  let added = 0;
  for (const g of groups) {
    const words = found.filter((w) => centerIn(w.bbox, g)).sort((a, b) => a.bbox.x0 - b.bbox.x0) as TWord[];
    if (!words.length) continue;
    added += words.length;
    const bbox = {
      x0: Math.min(...words.map((w) => w.bbox.x0)),
      y0: Math.min(...words.map((w) => w.bbox.y0)),
      x1: Math.max(...words.map((w) => w.bbox.x1)),
      y1: Math.max(...words.map((w) => w.bbox.y1)),
    };
    const h = bbox.y1 - bbox.y0;
    const line = blocks
      .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
      .find((l) => {
        const lh = l.bbox.y1 - l.bbox.y0;
        const overlap = Math.min(l.bbox.y1, bbox.y1) - Math.max(l.bbox.y0, bbox.y0);
        const gap = Math.max(bbox.x0 - l.bbox.x1, l.bbox.x0 - bbox.x1);
        return overlap >= 0.5 * Math.min(h, lh) && gap <= 2 * Math.max(h, lh);
      });
    if (line) {
      line.words = [...line.words, ...words].sort((a, b) => a.bbox.x0 - b.bbox.x0);
      line.bbox = {
        x0: Math.min(line.bbox.x0, bbox.x0),
        y0: Math.min(line.bbox.y0, bbox.y0),
        x1: Math.max(line.bbox.x1, bbox.x1),
        y1: Math.max(line.bbox.y1, bbox.y1),
      };
      continue;
    }
    const confidence = words.reduce((a, w) => a + w.confidence, 0) / words.length;
    // a line directly under a paragraph's last line, within its width, is that paragraph's next line (the
    // last line of a paragraph the reading skipped), not a block of its own (which would read as a heading)
    const paragraph = blocks
      .flatMap((b) => b.paragraphs)
      .find((p) => {
        const last = p.lines.at(-1);
        if (!last || p.lines.length < 2) return false;
        const lh = last.bbox.y1 - last.bbox.y0;
        const gap = bbox.y0 - last.bbox.y1;
        return gap >= -0.2 * lh && gap <= NEXT_LINE_GAP * lh && bbox.x0 >= p.bbox.x0 - lh && bbox.x1 <= p.bbox.x1 + lh && h <= 1.5 * lh;
      });
    if (paragraph) {
      paragraph.lines.push({ words, confidence, bbox });
      paragraph.bbox = { ...paragraph.bbox, y1: Math.max(paragraph.bbox.y1, bbox.y1) };
      continue;
    }
    const block: TBlock = { paragraphs: [{ confidence, bbox, lines: [{ words, confidence, bbox }] }] };
    const top = (b: TBlock) => Math.min(...(b.paragraphs ?? []).map((p) => p.bbox.y0));
    const at = blocks.findIndex((b) => top(b) >= bbox.y1 - 0.5 * h);
    blocks.splice(at < 0 ? blocks.length : at, 0, block);
  }
  return added ? { ...page, blocks } : page;
}
