// The type of the text in a box of a gray page, read from the pixels (tesseract's LSTM engine reports no font
// attributes): its weight, its slant and its tone.
// - Stroke width: the mean length of the horizontal ink runs. Bold type has strokes about 1.3–2× as wide as
//   regular type of the same size, so a line whose stroke width, relative to its height, clearly exceeds the
//   body text's is set in bold.
// - Slant: italic letters lean right by about 0.2 px per pixel of height (10–15°). Sheared back by that much,
//   their stems stand upright and the ink piles up in fewer columns, so the shear that makes the columns
//   sharpest (the largest sum of squared column counts) is the type's slant; upright type is sharpest unsheared.
// - Tone: the box's darkest gray (its 2nd percentile). Black text reads near 0; text set in a colour reads
//   lighter in the gray page (Word's blue headings about 40–80), so a line much lighter than the body text
//   is set in another colour.
// - Underline: the share of the box's width inked along its most inked row near its foot; a rule under the
//   text (a hyperlink's) covers nearly all of it, letters about half.
// Ink is darker than halfway between the paper (the page's 90th percentile gray) and the box's darkest
// pixels (its 2nd percentile), so gray and black text measure alike.
import { paperLevel, parsePgmHeader } from "./prepare-image";

export interface StrokeBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** What the pixels of a page tell of the type in a box (typeMeter). */
export interface TypeMeter {
  /** Stroke width in pixels (strokeWidthIn); 0 when the box holds no ink. */
  stroke: (box: StrokeBox) => number;
  /** Slant as a shear (slantIn); 0 for upright type and empty boxes. */
  slant: (box: StrokeBox) => number;
  /** Tone (toneIn): the darkest gray of the box, 0–255. */
  tone: (box: StrokeBox) => number;
  /** Underline (underlineIn): 0–1. */
  underline: (box: StrokeBox) => number;
}

/** The box clipped to the page; null when nothing of it is on the page. */
function clip(width: number, height: number, box: StrokeBox) {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(width - 1, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(height - 1, Math.ceil(box.y1));
  return x1 <= x0 || y1 <= y0 ? null : { x0, x1, y0, y1 };
}

/** The darkest gray of the box: its 2nd percentile (255 for a box off the page). */
export function toneIn(gray: Uint8Array, width: number, height: number, offset: number, box: StrokeBox): number {
  const b = clip(width, height, box);
  if (!b) return 255;
  const { x0, x1, y0, y1 } = b;
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    const row = offset + y * width;
    for (let x = x0; x <= x1; x++) {
      hist[gray[row + x]]++;
      n++;
    }
  }
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= n * 0.02) return v;
  }
  return 255;
}

/** The box clipped to the page and the gray level below which a pixel is ink; null when the box holds none. */
function inkIn(gray: Uint8Array, width: number, height: number, offset: number, paper: number, box: StrokeBox) {
  const b = clip(width, height, box);
  const dark = toneIn(gray, width, height, offset, box);
  if (!b || paper - dark < 40) return null;
  return { ...b, threshold: (paper + dark) / 2 };
}

/** Mean horizontal ink run length (pixels) inside the box; 0 when the box holds no ink. */
export function strokeWidthIn(gray: Uint8Array, width: number, height: number, offset: number, paper: number, box: StrokeBox): number {
  const ink = inkIn(gray, width, height, offset, paper, box);
  if (!ink) return 0;
  let on = 0;
  let runs = 0;
  for (let y = ink.y0; y <= ink.y1; y++) {
    const row = offset + y * width;
    let inside = false;
    for (let x = ink.x0; x <= ink.x1; x++) {
      const dark = gray[row + x] < ink.threshold;
      if (dark) {
        on++;
        if (!inside) runs++;
      }
      inside = dark;
    }
  }
  return runs ? on / runs : 0;
}

/** Shears tried, in pixels of x per pixel of height (a right lean is positive; italic type leans 0.15–0.3). */
const SHEARS = [-0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4];
/** The best shear must make the columns this much sharper than upright (noise and mixed lines gain ≤ 1.1). */
const SLANT_GAIN = 1.15;

/**
 * Slant of the type in the box: the shear (x shift per pixel of height, right lean positive) that makes its
 * ink columns sharpest, when that beats the upright reading by SLANT_GAIN; else 0.
 */
export function slantIn(gray: Uint8Array, width: number, height: number, offset: number, paper: number, box: StrokeBox): number {
  const ink = inkIn(gray, width, height, offset, paper, box);
  if (!ink) return 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = ink.y0; y <= ink.y1; y++) {
    const row = offset + y * width;
    for (let x = ink.x0; x <= ink.x1; x++) {
      if (gray[row + x] < ink.threshold) {
        xs.push(x - ink.x0);
        ys.push(ink.y1 - y);
      }
    }
  }
  if (!xs.length) return 0;
  // (a right lean is undone by moving each pixel left by the shear times its height above the box's foot)
  const rise = ink.y1 - ink.y0 + 1;
  const pad = Math.ceil(Math.max(...SHEARS) * rise) + 1;
  const cols = new Float64Array(ink.x1 - ink.x0 + 1 + pad + Math.ceil(-Math.min(...SHEARS) * rise) + 2);
  let upright = 0;
  let best = 0;
  let bestShear = 0;
  for (const shear of SHEARS) {
    cols.fill(0);
    for (let i = 0; i < xs.length; i++) cols[pad + Math.round(xs[i] - shear * ys[i])]++;
    let sharpness = 0;
    for (const c of cols) sharpness += c * c;
    if (shear === 0) upright = sharpness;
    if (sharpness > best) {
      best = sharpness;
      bestShear = shear;
    }
  }
  return best >= SLANT_GAIN * upright ? bestShear : 0;
}

/**
 * The share of the box's width inked along its most inked row between two thirds of its height and a little
 * below its foot (tesseract's box may end above an underline); 0 when the box holds no ink.
 */
export function underlineIn(gray: Uint8Array, width: number, height: number, offset: number, paper: number, box: StrokeBox): number {
  const ink = inkIn(gray, width, height, offset, paper, box);
  if (!ink) return 0;
  const rise = ink.y1 - ink.y0 + 1;
  const y1 = Math.min(height - 1, ink.y1 + Math.max(6, Math.round(0.25 * rise)));
  let best = 0;
  for (let y = Math.round(ink.y1 - 0.35 * rise); y <= y1; y++) {
    const row = offset + y * width;
    let on = 0;
    for (let x = ink.x0; x <= ink.x1; x++) if (gray[row + x] < ink.threshold) on++;
    best = Math.max(best, on / (ink.x1 - ink.x0 + 1));
  }
  return best;
}

/** A type reader for a prepared PGM page (null when it is not one). */
export function typeMeter(pgm: Uint8Array): TypeMeter | null {
  const head = parsePgmHeader(pgm);
  if (!head) return null;
  const { width, height, offset } = head;
  const paper = paperLevel(pgm, offset, width * height);
  return {
    stroke: (box) => strokeWidthIn(pgm, width, height, offset, paper, box),
    slant: (box) => slantIn(pgm, width, height, offset, paper, box),
    tone: (box) => toneIn(pgm, width, height, offset, box),
    underline: (box) => underlineIn(pgm, width, height, offset, paper, box),
  };
}
