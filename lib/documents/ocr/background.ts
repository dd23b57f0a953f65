// Text on shaded backgrounds. tesseract binarises a page with one global (Otsu) threshold, so text printed
// on a mid-gray box (a slide's table, a shaded panel, a banner) falls on the dark side with its background
// and is lost: measured on a held-out slide, a table on a gray box read as nothing. The page's background is
// flattened first: the background level at each pixel is the brightest value around it (a maximum over a
// window wider than any text stroke, computed on 8×8 blocks), and each pixel is divided by it, so a gray
// box becomes paper with its text still dark. Pages whose background is paper everywhere are handed on
// untouched (most pages: no cost beyond one pass over the pixels); so are white letters on a dark ground,
// whose background level is their own brightness.
import { type PreparedImage, parsePgmHeader } from "./prepare-image";

/** Side of the blocks the background is computed on. */
const BLOCK = 8;
/** Radius of the filter in blocks (a window of 2·3+1 blocks = 56 px: wider than the strokes of 40 pt type at 200 dpi). */
const RADIUS_BLOCKS = 3;
/** A background this many levels darker than the paper is shaded… */
const SHADED_CONTRAST = 40;
/** …and a page is flattened when this share of its area is shaded. */
const MIN_SHADED_SHARE = 0.02;

/** The background level of each BLOCK×BLOCK block (its brightest pixel, closed over RADIUS_BLOCKS blocks). */
export function backgroundMap(gray: Uint8Array, width: number, height: number, offset = 0): { map: Uint8Array; bw: number; bh: number } {
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const blocks = new Uint8Array(bw * bh);
  // (every other pixel of every other row: the background is far wider than a pixel, and it is a quarter
  // of the reads)
  for (let y = 0; y < height; y += 2) {
    const row = offset + y * width;
    const brow = ((y / BLOCK) | 0) * bw;
    for (let bx = 0, x = 0; bx < bw; bx++, x += BLOCK) {
      let m = blocks[brow + bx];
      const end = Math.min(width, x + BLOCK);
      for (let i = x; i < end; i += 2) if (gray[row + i] > m) m = gray[row + i];
      blocks[brow + bx] = m;
    }
  }
  // a closing: the maximum over the window (text strokes vanish), then the minimum over it (the edges of a
  // shaded box come back where they were), each separable: rows, then columns
  const map = filter(filter(filter(filter(blocks, bw, bh, true, true), bw, bh, false, true), bw, bh, true, false), bw, bh, false, false);
  return { map, bw, bh };
}

/** One pass of a maximum (or minimum) filter of radius RADIUS_BLOCKS along rows (`step` 1) or columns (`step` bw). */
function filter(src: Uint8Array, bw: number, bh: number, alongRows: boolean, max: boolean): Uint8Array {
  const out = new Uint8Array(bw * bh);
  const n = alongRows ? bw : bh;
  const lines = alongRows ? bh : bw;
  const step = alongRows ? 1 : bw;
  for (let j = 0; j < lines; j++) {
    const base = alongRows ? j * bw : j;
    for (let i = 0; i < n; i++) {
      const from = Math.max(0, i - RADIUS_BLOCKS);
      const to = Math.min(n - 1, i + RADIUS_BLOCKS);
      let v = src[base + from * step];
      for (let k = from + 1; k <= to; k++) {
        const u = src[base + k * step];
        if (max ? u > v : u < v) v = u;
      }
      out[base + i * step] = v;
    }
  }
  return out;
}

/** The page with its shaded background flattened to paper (see the file header); the page itself when it has none. */
export function flattenBackground(img: PreparedImage): PreparedImage {
  const head = parsePgmHeader(img.pgm);
  if (!head) return img;
  const { width, height, offset } = head;
  const { map, bw, bh } = backgroundMap(img.pgm, width, height, offset);
  let paper = 0;
  for (const v of map) if (v > paper) paper = v;
  let shaded = 0;
  for (const v of map) if (v < paper - SHADED_CONTRAST) shaded++;
  if (shaded < map.length * MIN_SHADED_SHARE || paper < 2 * SHADED_CONTRAST) return img;
  const out = Buffer.from(img.pgm);
  // pixel × paper / background
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    const brow = Math.min(bh - 1, (y / BLOCK) | 0) * bw;
    for (let bx = 0, x = 0; bx < bw; bx++) {
      const bg = map[brow + bx];
      const end = Math.min(width, x + BLOCK);
      if (bg >= paper - 2) {
        x = end;
        continue;
      }
      const f = paper / Math.max(1, bg);
      for (; x < end; x++) out[row + x] = Math.min(255, Math.round(img.pgm[row + x] * f));
    }
  }
  return { ...img, pgm: out };
}
