// Columns of a ruled region without column rules (table-cells.ts): the gaps between text that (almost) no
// text line crosses.
import type { Box } from "./table-lines";

interface Word {
  text: string;
  bbox: Box;
}

/** Column boundaries from the x ranges that at most 10% of the text lines cover (gaps ≥ 1.2 line heights). */
export function gapColumns(box: Box, words: readonly Word[], height: number): number[] {
  const x0 = Math.floor(box.x0);
  const width = Math.ceil(box.x1) - x0 + 1;
  if (width <= 0) return [];
  // text lines by y
  const lines: Word[][] = [];
  for (const w of [...words].sort((a, b) => a.bbox.y0 - b.bbox.y0)) {
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    const line = lines.find((l) => Math.abs((l[0].bbox.y0 + l[0].bbox.y1) / 2 - cy) <= height * 0.5);
    if (line) line.push(w);
    else lines.push([w]);
  }
  const cover = new Uint16Array(width);
  for (const line of lines) {
    const mark = new Uint8Array(width);
    for (const w of line) for (let x = Math.max(0, Math.floor(w.bbox.x0) - x0); x <= Math.min(width - 1, Math.ceil(w.bbox.x1) - x0); x++) mark[x] = 1;
    for (let x = 0; x < width; x++) cover[x] += mark[x];
  }
  const limit = Math.floor(lines.length * 0.1);
  const out: number[] = [];
  const textStart = Math.min(...words.map((w) => w.bbox.x0)) - x0;
  const textEnd = Math.max(...words.map((w) => w.bbox.x1)) - x0;
  let start = -1;
  for (let x = Math.max(0, Math.floor(textStart)); x <= Math.min(width - 1, Math.ceil(textEnd)); x++) {
    if (cover[x] <= limit) {
      if (start < 0) start = x;
    } else if (start >= 0) {
      if (x - start >= 1.2 * height) out.push(x0 + (start + x) / 2);
      start = -1;
    }
  }
  return out;
}
