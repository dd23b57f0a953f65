// Page orientation. The bundled language data has no OSD model (tesseract's orientation detection), so the
// orientation is found by reading. Measured on the held-out scans turned by quarter turns: pages upside down
// or turned 90° counter-clockwise read as garbage of low confidence (mean word confidence 33–39 against 85–96
// on upright pages); pages turned 90° clockwise are read by tesseract's layout analysis as vertical text
// lines, with good confidence but word boxes taller than wide, the page's layout (tables, headings) lost and
// several times the time. So only a page whose first reading is poor or vertical is tried in the other
// orientations, on a crop around its words (a fraction of the page's pixels, ~0.2–0.5 s each), and it is
// turned only when one orientation reads clearly better with upright words; upright pages cost nothing extra.
// The first reading also says which turns are worth trying (turnsToTry): a page whose lines were read across
// (word boxes wider than tall) is upright or upside down, so only 180° is tried; a page read as vertical lines
// is turned by a quarter, so only 90° and 270°. And the crop is only as large as it must be to hold enough of
// the words read (probeSide). Measured on the held-out dev pages (a Korean page read with English data, pages
// turned 90/180/270°): the same turns chosen, with one probe instead of three on poorly read upright pages.
import { type PreparedImage, parsePgmHeader, toPgm } from "./prepare-image";

/** Clockwise quarter turns tried, in order (upside down is the most common mistake of a scanner feed). */
export const TURNS = [180, 90, 270] as const;
export type Turn = 0 | (typeof TURNS)[number];

/** A first reading whose mean word confidence is below this is tried in the other orientations. */
export const POOR_READING_CONFIDENCE = 60;
/** An orientation is taken when its crop reads at least this well… */
const TURNED_MIN_CONFIDENCE = 70;
/** …and at least this many points better than the page as it was read. */
const TURNED_MIN_GAIN = 20;
/** Largest side of the square crop used to compare orientations (prepared pixels, ~200 dpi: a dozen lines of text). */
const PROBE_SIDE = 1000;
/** Smallest side of the crop, and the step by which it grows until it holds PROBE_WORDS of the words read. */
const PROBE_MIN_SIDE = 500;
const PROBE_SIDE_STEP = 100;
/** Words of the first reading a crop should hold for a stable mean confidence (fewer on sparse pages: PROBE_SIDE). */
const PROBE_WORDS = 60;
/** A first reading with at least this share of its words wider than tall was read across: 180° only is tried… */
const ACROSS_SHARE = 0.9;
/** …and one with at most this share was read as vertical lines: 90° and 270° only. In between: every turn. */
const VERTICAL_SHARE = 0.1;

export interface WordReading {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** A reading is upright when this share of its words (of three characters or more) is wider than tall. */
const UPRIGHT_SHARE = 0.7;

/** Share of the words of three characters or more whose box is wider than tall (1 without such words). */
export function uprightShare(words: readonly WordReading[]): number {
  const ws = words.filter((w) => w.text.trim().length >= 3);
  if (!ws.length) return 1;
  return ws.filter((w) => w.bbox.x1 - w.bbox.x0 > w.bbox.y1 - w.bbox.y0).length / ws.length;
}

/** Mean confidence of the words (of at least two characters; 0 without any). */
export function meanWordConfidence(words: readonly WordReading[]): { mean: number; count: number } {
  const ws = words.filter((w) => w.text.trim().length >= 2);
  if (!ws.length) return { mean: 0, count: 0 };
  return { mean: ws.reduce((a, w) => a + w.confidence, 0) / ws.length, count: ws.length };
}

export interface OrientationReading {
  mean: number;
  count: number;
  upright: number;
}

/** Confidence, word count and upright share of a reading. */
export function orientationReading(words: readonly WordReading[]): OrientationReading {
  return { ...meanWordConfidence(words), upright: uprightShare(words) };
}

/** A reading worth trying other orientations for: some words, read with low confidence or as vertical lines. */
export function isPoorReading(r: OrientationReading): boolean {
  return r.count >= 3 && (r.mean < POOR_READING_CONFIDENCE || r.upright < UPRIGHT_SHARE);
}

/**
 * Picks the orientation to use from the crop readings; 0 (as it is) unless one is clearly better and upright
 * (a page read as vertical lines counts as read with no confidence).
 */
export function chooseTurn(asRead: OrientationReading, tried: readonly (OrientationReading & { turn: Turn })[]): Turn {
  const base = asRead.upright < UPRIGHT_SHARE ? 0 : asRead.mean;
  let best: { turn: Turn; mean: number } = { turn: 0, mean: base };
  for (const t of tried)
    if (t.count >= 3 && t.upright >= UPRIGHT_SHARE && t.mean >= TURNED_MIN_CONFIDENCE && t.mean >= base + TURNED_MIN_GAIN && t.mean > best.mean)
      best = t;
  return best.turn;
}

/**
 * The turns worth trying for a poor first reading: a page read across is upright or upside down (a page
 * turned by a quarter is read as vertical lines, word boxes taller than wide), so only 180°; a page read as
 * vertical lines only the quarter turns; a mixed reading every turn.
 */
export function turnsToTry(asRead: OrientationReading): readonly Turn[] {
  if (asRead.upright >= ACROSS_SHARE) return [180];
  if (asRead.upright <= VERTICAL_SHARE) return [90, 270];
  return TURNS;
}

/** Whether a reading of a crop is good enough to stop trying further orientations. */
export const isConfidentReading = (r: OrientationReading) => r.count >= 3 && r.upright >= UPRIGHT_SHARE && r.mean >= 85;

/** The page's pixels turned clockwise by `turn` degrees (sizes swapped for quarter turns). */
export function turnPrepared(img: PreparedImage, turn: Turn): PreparedImage {
  if (turn === 0) return img;
  const head = parsePgmHeader(img.pgm);
  if (!head) return img;
  const { width: w, height: h, offset } = head;
  const src = img.pgm.subarray(offset, offset + w * h);
  const dst = new Uint8Array(w * h);
  if (turn === 180) {
    for (let i = 0, n = w * h; i < n; i++) dst[n - 1 - i] = src[i];
    return { ...img, pgm: toPgm(w, h, dst) };
  }
  // 90° clockwise: source (x, y) → (h − 1 − y, x) in a h × w image; 270°: → (y, w − 1 − x).
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (turn === 90) for (let x = 0; x < w; x++) dst[x * h + (h - 1 - y)] = src[row + x];
    else for (let x = 0; x < w; x++) dst[(w - 1 - x) * h + y] = src[row + x];
  }
  return { ...img, pgm: toPgm(h, w, dst), width: img.height, height: img.width, inputWidth: img.inputHeight, inputHeight: img.inputWidth };
}

/** The square of side `side` (at most the page) centred on `center`, kept inside a w × h page. */
function cropRect(w: number, h: number, center: { x: number; y: number }, side: number) {
  const cw = Math.min(w, side);
  const ch = Math.min(h, side);
  const x0 = Math.max(0, Math.min(w - cw, Math.round(center.x - cw / 2)));
  const y0 = Math.max(0, Math.min(h - ch, Math.round(center.y - ch / 2)));
  return { x0, y0, cw, ch };
}

/**
 * Side of the probe crop around `center`: the smallest (from PROBE_MIN_SIDE, in steps) whose square holds
 * PROBE_WORDS of the words read (by their centres), PROBE_SIDE when none does. A probe costs about the text it
 * holds, and a few dozen words give the orientations' confidences apart (25–40 against 80–95).
 */
export function probeSide(img: Pick<PreparedImage, "width" | "height">, center: { x: number; y: number }, words: readonly WordReading[]): number {
  const centres = words.filter((wd) => wd.text.trim()).map((wd) => ({ x: (wd.bbox.x0 + wd.bbox.x1) / 2, y: (wd.bbox.y0 + wd.bbox.y1) / 2 }));
  for (let side = PROBE_MIN_SIDE; side < PROBE_SIDE; side += PROBE_SIDE_STEP) {
    const { x0, y0, cw, ch } = cropRect(img.width, img.height, center, side);
    let inside = 0;
    for (const c of centres) if (c.x >= x0 && c.x < x0 + cw && c.y >= y0 && c.y < y0 + ch) inside++;
    if (inside >= PROBE_WORDS) return side;
  }
  return PROBE_SIDE;
}

/**
 * A square crop (`side`, default PROBE_SIDE, or the page when smaller) centred on `center` (prepared pixels,
 * e.g. the middle of the words read), kept inside the page.
 */
export function probeCrop(img: PreparedImage, center: { x: number; y: number }, side = PROBE_SIDE): PreparedImage {
  const head = parsePgmHeader(img.pgm);
  if (!head) return img;
  const { width: w, height: h, offset } = head;
  const { x0, y0, cw, ch } = cropRect(w, h, center, side);
  const dst = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) dst.set(img.pgm.subarray(offset + (y0 + y) * w + x0, offset + (y0 + y) * w + x0 + cw), y * cw);
  return { ...img, pgm: toPgm(cw, ch, dst), width: cw, height: ch, inputWidth: cw, inputHeight: ch, scale: 1 };
}
