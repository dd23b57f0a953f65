// Blank pages are not sent to OCR (issue 16: a 64 KB PDF of 5,000 empty pages held a job slot for 15 minutes,
// every page rendered and recognised). Two cheap checks, both conservative (a doubtful page is OCR'd):
// - no ink: a page without a text layer whose pdf.js operator list paints nothing (no text, image, shading
//   or path that is filled or stroked) has nothing to read; this costs well under a millisecond for an empty
//   page, so the PDF converter asks it before rendering;
// - blank raster: a rendered page (8-bit gray) with almost no pixel clearly darker than its paper, which
//   catches what does paint but shows nothing (a white rectangle, the blank back of a scanned sheet).
import { parsePgmHeader } from "./ocr/prepare-image";

/**
 * Operators that set state or build a path without painting it (pdf.js OPS names). Not among them: `transform`
 * and form XObjects, although they paint nothing themselves: pdf.js drops an image over its size limit
 * (maxImageSize) without a trace but the matrix placing it, and poppler still renders it, so a page that places
 * anything is left to the raster check.
 */
const NO_INK = new Set([
  "dependency",
  "setLineWidth",
  "setLineCap",
  "setLineJoin",
  "setMiterLimit",
  "setDash",
  "setRenderingIntent",
  "setFlatness",
  "setGState",
  "save",
  "restore",
  "moveTo",
  "lineTo",
  "curveTo",
  "curveTo2",
  "curveTo3",
  "closePath",
  "rectangle",
  "endPath",
  "clip",
  "eoClip",
  "beginText",
  "endText",
  "setCharSpacing",
  "setWordSpacing",
  "setHScale",
  "setLeading",
  "setFont",
  "setTextRenderingMode",
  "setTextRise",
  "moveText",
  "setLeadingMoveText",
  "setTextMatrix",
  "nextLine",
  "setCharWidth",
  "setCharWidthAndBounds",
  "setStrokeColorSpace",
  "setFillColorSpace",
  "setStrokeColor",
  "setStrokeColorN",
  "setFillColor",
  "setFillColorN",
  "setStrokeGray",
  "setFillGray",
  "setStrokeRGBColor",
  "setFillRGBColor",
  "setStrokeCMYKColor",
  "setFillCMYKColor",
  "markPoint",
  "markPointProps",
  "beginMarkedContent",
  "beginMarkedContentProps",
  "endMarkedContent",
  "beginCompat",
  "endCompat",
  "beginGroup",
  "endGroup",
  "setStrokeTransparent",
  "setFillTransparent",
]);

const noInkCodes = new WeakMap<object, Set<number>>();

/**
 * Whether a pdf.js operator list paints anything. `OPS` is pdf.js's name → code table; an operator it does
 * not list as state-only counts as ink. A path is ink unless it only clips (pdf.js folds the painting
 * operator into constructPath's first argument).
 */
export function paintsInk(ops: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> }, OPS: Record<string, number>): boolean {
  let codes = noInkCodes.get(OPS);
  if (!codes) {
    codes = new Set([...NO_INK].map((name) => OPS[name]).filter((c): c is number => typeof c === "number"));
    noInkCodes.set(OPS, codes);
  }
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (codes.has(fn)) continue;
    if (fn === OPS.constructPath) {
      const args = ops.argsArray[i];
      if (Array.isArray(args) && args[0] === OPS.endPath) continue;
    }
    return true;
  }
  return false;
}

/** Pixels this much darker (or lighter) than the paper count as ink (anti-aliased small text reaches well past it). */
const INK_CONTRAST = 64;
/** At most this share of ink pixels on a blank page: ~80 pixels of an A4 page at 200 dpi, a speck or two of dust. */
const MAX_INK_SHARE = 2e-5;

/**
 * Whether an 8-bit gray image (`pixels`, one byte each) is blank: the paper is the most common gray level,
 * and almost no pixel clearly differs from it. One pass over the bytes (a few ms for a page at 200 dpi).
 */
export function isBlankGray(pixels: Uint8Array): boolean {
  if (!pixels.length) return true;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < pixels.length; i++) histogram[pixels[i]]++;
  let paper = 255;
  for (let v = 254; v >= 0; v--) if (histogram[v] > histogram[paper]) paper = v;
  // Both ways: white text on a dark page is ink too.
  let ink = 0;
  for (let v = 0; v <= paper - INK_CONTRAST; v++) ink += histogram[v];
  for (let v = paper + INK_CONTRAST; v <= 255; v++) ink += histogram[v];
  return ink <= pixels.length * MAX_INK_SHARE;
}

/** Binary PGM (P5, maxval 255) → its pixels, or null for any other format. */
export function pgmPixels(image: Uint8Array): Uint8Array | null {
  const header = parsePgmHeader(image);
  if (!header) return null;
  const end = header.offset + header.width * header.height;
  return image.length < end ? null : image.subarray(header.offset, end);
}

/**
 * Passes rendered pages through, except blank ones (8-bit gray PGM only; other formats pass), which are
 * reported to `onBlank` instead.
 */
export async function* withoutBlankPages<T extends { page: number; image: Uint8Array }>(
  pages: AsyncIterable<T>,
  onBlank: (page: number) => void,
): AsyncGenerator<T> {
  for await (const rendered of pages) {
    const pixels = pgmPixels(rendered.image);
    if (pixels && isBlankGray(pixels)) onBlank(rendered.page);
    else yield rendered;
  }
}
