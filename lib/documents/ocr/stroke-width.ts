// Stroke width of the text in a box of a gray page: the mean length of the horizontal ink runs. Bold type has
// strokes about 1.3–2× as wide as regular type of the same size, so a line whose stroke width, relative to its
// height, clearly exceeds the body text's is set in bold (tesseract's LSTM engine reports no font attributes).
// Ink is darker than halfway between the paper (the page's 90th percentile gray) and the box's darkest
// pixels (its 2nd percentile), so gray and black text measure alike.
import { parsePgmHeader } from "./prepare-image";

export interface StrokeBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Mean horizontal ink run length (pixels) inside the box; 0 when the box holds no ink. */
export function strokeWidthIn(gray: Uint8Array, width: number, height: number, offset: number, paper: number, box: StrokeBox): number {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(width - 1, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(height - 1, Math.ceil(box.y1));
  if (x1 <= x0 || y1 <= y0) return 0;
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
  let dark = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= n * 0.02) {
      dark = v;
      break;
    }
  }
  if (paper - dark < 40) return 0;
  const threshold = (paper + dark) / 2;
  let ink = 0;
  let runs = 0;
  for (let y = y0; y <= y1; y++) {
    const row = offset + y * width;
    let inside = false;
    for (let x = x0; x <= x1; x++) {
      const on = gray[row + x] < threshold;
      if (on) {
        ink++;
        if (!inside) runs++;
      }
      inside = on;
    }
  }
  return runs ? ink / runs : 0;
}

/** A stroke-width reader for a prepared PGM page (null when it is not one). */
export function strokeMeter(pgm: Uint8Array): ((box: StrokeBox) => number) | null {
  const head = parsePgmHeader(pgm);
  if (!head) return null;
  const { width, height, offset } = head;
  const hist = new Uint32Array(256);
  const n = width * height;
  const step = Math.max(1, Math.floor(n / 200_000));
  let total = 0;
  for (let i = 0; i < n; i += step) {
    hist[pgm[offset + i]]++;
    total++;
  }
  let paper = 255;
  let acc = 0;
  for (let v = 255; v >= 0; v--) {
    acc += hist[v];
    if (acc >= total * 0.1) {
      paper = v;
      break;
    }
  }
  return (box) => strokeWidthIn(pgm, width, height, offset, paper, box);
}
