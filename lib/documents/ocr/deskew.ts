// Skew correction. A page scanned or photographed a little askew (0.3–3°) reads worse: tesseract's line finder
// copes with the text, but ruled tables on such pages are read as empty blocks (their cells' text is inside a
// region tesseract treats as a picture) and ruling lines no longer run along pixel rows and columns. The
// skew is estimated from the ink itself by the projection-profile method (the angle at which the rows of ink
// pixels, projected along it, give the sharpest profile: text baselines and rules both line up), on a sample
// of the ink pixels, coarse then fine, which costs a few tens of milliseconds on an A4 page; the page is then
// turned back with sharp on a canvas of the same size (paper-coloured corners), so word boxes stay in about
// the same place. A page is only turned when the best angle beats the unturned profile clearly: photos,
// blank pages and pages without lines keep their pixels.
import sharp from "sharp";
import { type PreparedImage, paperLevel, parsePgmHeader, toPgm } from "./prepare-image";

/** Largest skew searched (degrees), either way. */
export const MAX_SKEW_DEG = 4;
/** Skews smaller than this are left alone (turning resamples every pixel: a slight blur for nothing). */
export const MIN_DESKEW_DEG = 0.2;
/** The best angle's profile must be this much sharper than the unturned one. */
const MIN_GAIN = 1.05;
/** Ink: this many gray levels darker than the paper (the 90th percentile of the page's gray values). */
const INK_CONTRAST = 80;
/** At most this many ink pixels take part in the estimate (sampled evenly). */
const MAX_SAMPLES = 120_000;
/** A page with fewer ink pixels than this (blank, a few marks) is not estimated. */
const MIN_SAMPLES = 2_000;

export interface SkewEstimate {
  /** Clockwise skew of the page's lines in degrees (a line sloping down to the right is positive). */
  angle: number;
  /** Profile sharpness at that angle over the unturned one (≥ 1). */
  gain: number;
}

/** Ink pixel coordinates (sampled): xs, ys. */
function inkSample(gray: Uint8Array, width: number, height: number, offset: number): { xs: Float64Array; ys: Float64Array } {
  const threshold = paperLevel(gray, offset, width * height) - INK_CONTRAST;
  let count = 0;
  for (let y = 0; y < height; y += 2) {
    const row = offset + y * width;
    for (let x = 0; x < width; x += 2) if (gray[row + x] < threshold) count++;
  }
  const keepEvery = Math.max(1, Math.ceil(count / MAX_SAMPLES));
  const xs = new Float64Array(Math.ceil(count / keepEvery));
  const ys = new Float64Array(xs.length);
  let seen = 0;
  let n = 0;
  for (let y = 0; y < height; y += 2) {
    const row = offset + y * width;
    for (let x = 0; x < width; x += 2) {
      if (gray[row + x] >= threshold) continue;
      if (seen++ % keepEvery === 0 && n < xs.length) {
        xs[n] = x;
        ys[n] = y;
        n++;
      }
    }
  }
  return { xs: xs.subarray(0, n), ys: ys.subarray(0, n) };
}

/** Sharpness of the ink's row profile along lines of the given slope: the sum of squared bin counts. */
function profileScore(xs: Float64Array, ys: Float64Array, width: number, deg: number, bins: Float64Array): number {
  const t = Math.tan((deg * Math.PI) / 180);
  const shift = Math.abs(t) * width;
  bins.fill(0);
  for (let i = 0; i < xs.length; i++) {
    const b = Math.round((ys[i] - xs[i] * t + shift) / 2);
    if (b >= 0 && b < bins.length) bins[b]++;
  }
  let s = 0;
  for (let i = 0; i < bins.length; i++) s += bins[i] * bins[i];
  return s;
}

/** The page's skew from its ink (see the file header); null when there is too little ink to tell. */
export function estimateSkew(gray: Uint8Array, width: number, height: number, offset = 0): SkewEstimate | null {
  const { xs, ys } = inkSample(gray, width, height, offset);
  if (xs.length < MIN_SAMPLES) return null;
  const bins = new Float64Array(Math.ceil((height + Math.tan((MAX_SKEW_DEG * Math.PI) / 180) * width * 2) / 2) + 2);
  const score = (deg: number) => profileScore(xs, ys, width, deg, bins);
  const flat = score(0);
  if (flat <= 0) return null;
  let best = 0;
  let bestScore = flat;
  for (let deg = -MAX_SKEW_DEG; deg <= MAX_SKEW_DEG + 1e-9; deg += 0.25) {
    const s = score(deg);
    if (s > bestScore) {
      bestScore = s;
      best = deg;
    }
  }
  const coarse = best;
  for (let deg = coarse - 0.25; deg <= coarse + 0.25 + 1e-9; deg += 0.05) {
    const s = score(deg);
    if (s > bestScore) {
      bestScore = s;
      best = deg;
    }
  }
  return { angle: Math.round(best * 100) / 100, gain: bestScore / flat };
}

/** Whether an estimate is worth turning the page for. */
export const worthDeskewing = (e: SkewEstimate | null): e is SkewEstimate =>
  !!e && Math.abs(e.angle) >= MIN_DESKEW_DEG && Math.abs(e.angle) <= MAX_SKEW_DEG && e.gain >= MIN_GAIN;

/** The prepared page turned back by its skew (same size, paper-coloured corners); the page itself when not skewed. */
export async function deskewPrepared(img: PreparedImage): Promise<PreparedImage> {
  const head = parsePgmHeader(img.pgm);
  if (!head) return img;
  const estimate = estimateSkew(img.pgm, head.width, head.height, head.offset);
  if (!worthDeskewing(estimate)) return img;
  const paper = paperLevel(img.pgm, head.offset, head.width * head.height);
  const raw = img.pgm.subarray(head.offset, head.offset + head.width * head.height);
  // sharp turns clockwise for positive angles: a page whose lines slope down to the right is turned back.
  const turned = await sharp(raw, { raw: { width: head.width, height: head.height, channels: 1 } })
    .rotate(-estimate.angle, { background: { r: paper, g: paper, b: paper } })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round((turned.info.width - head.width) / 2));
  const top = Math.max(0, Math.round((turned.info.height - head.height) / 2));
  const { data } = await sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels } })
    .extract({ left, top, width: Math.min(head.width, turned.info.width - left), height: Math.min(head.height, turned.info.height - top) })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...img, pgm: toPgm(head.width, head.height, data), skew: estimate.angle };
}
