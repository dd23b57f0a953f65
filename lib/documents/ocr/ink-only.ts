// A page with ink that tesseract reads as (almost) nothing. tesseract binarises with a threshold of its own
// choosing (Otsu over the page); on a sparse page (a line or two of text) under scanner noise the histogram is
// nearly all paper, the threshold falls inside the noise, and the page becomes speckle with no text line
// found: a 200-dpi noisy scan of a page holding "Some text" read as nothing, the same pixels with only the
// ink kept read "Some text". Such a page is read again from its ink alone — pixels darker than the paper by
// INK_CONTRAST black, the rest white — and the better reading is kept (pool.ts). Pages that read well never
// get here; a page without ink is not read again.
import { type PreparedImage, paperLevel, parsePgmHeader, toPgm } from "./prepare-image";

/** Ink: this many gray levels darker than the paper (as deskew.ts and table-reread.ts). */
const INK_CONTRAST = 80;
/** Fewer ink pixels than this: nothing to read (a blank page, a few specks). */
const MIN_INK_PIXELS = 200;

/** The page with its ink black and everything else white (same size and scale); null when it holds no ink. */
export function inkOnly(img: PreparedImage): PreparedImage | null {
  const head = parsePgmHeader(img.pgm);
  if (!head) return null;
  const n = head.width * head.height;
  const threshold = paperLevel(img.pgm, head.offset, n) - INK_CONTRAST;
  if (threshold <= 0) return null;
  const out = Buffer.alloc(n, 255);
  let ink = 0;
  for (let i = 0; i < n; i++) {
    if (img.pgm[head.offset + i] < threshold) {
      out[i] = 0;
      ink++;
    }
  }
  if (ink < MIN_INK_PIXELS) return null;
  return { ...img, pgm: toPgm(head.width, head.height, out) };
}
