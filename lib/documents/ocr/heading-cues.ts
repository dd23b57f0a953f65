// Cues the OCR layout step reads headings from, line by line: where a tesseract paragraph holds a heading
// and the text under it (the line height jumps, or a first line set a size up in bold), and which lines are
// bold (stroke widths measured in the page's pixels by stroke-width.ts, against the body text's).
import type { TBox } from "./tesseract-blocks";

export interface Line {
  text: string;
  height: number;
  confidence: number;
  bbox: TBox;
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A line's height changes by this factor between a heading and the body text below it. */
const HEIGHT_JUMP = 1.3;
/** A line this much taller than the body text is set a size up (a heading's "one size up" style). */
export const SIZE_UP = 1.1;
/** The level of the smallest headings told by size alone (a single line 1.2× the body text). */
export const SMALLEST_SIZE_LEVEL = 3;
/** A bold title's strokes are this much wider, per pixel of line height, than those of the text under it. */
const BOLD_TITLE_STROKE = 1.3;

/**
 * Splits a paragraph's lines where the line height jumps (a heading directly followed by text), and after a
 * first line set a size up in bold over the lines below it (a heading set tight above its text, which tesseract
 * reads as one paragraph with it; strokes compared per pixel of height, so size alone does not count as bold).
 */
export function splitAtHeightJumps(lines: Line[], stroke?: ((box: TBox) => number) | null): Line[][] {
  const out: Line[][] = [];
  const boldOver = (a: Line, b: Line) => {
    if (!stroke || a.height < SIZE_UP * b.height) return false;
    const sb = stroke(b.bbox);
    return sb > 0 && stroke(a.bbox) / a.height >= BOLD_TITLE_STROKE * (sb / b.height);
  };
  for (const l of lines) {
    const cur = out[out.length - 1];
    const prev = cur?.[cur.length - 1];
    // (a piece of the same visual line, which tesseract sometimes reports as a line of its own, stays)
    const below = prev && l.bbox.y0 >= prev.bbox.y1 - 0.25 * Math.min(prev.height, l.height);
    const jump = prev && Math.max(prev.height, l.height) >= HEIGHT_JUMP * Math.min(prev.height, l.height);
    if (prev && below && (jump || (out.length === 1 && cur.length === 1 && boldOver(prev, l)))) out.push([l]);
    else if (cur) cur.push(l);
    else out.push([l]);
  }
  return out;
}

/** Bold lines are this much wider in stroke than the body text of about the same size. */
const BOLD_STROKE = 1.15;

/**
 * A test for bold lines (stroke-width.ts): a line's stroke width against the median of the body-size lines
 * (weighted by characters). null when the page gives no measure (no pixels, too little body text).
 */
export function boldLines(
  paragraphs: { lines: Line[] }[],
  bodyHeight: number,
  stroke?: ((box: TBox) => number) | null,
): ((l: Line, other?: Line) => boolean) | null {
  if (!stroke || bodyHeight <= 0) return null;
  const widths = new Map<Line, number>();
  const width = (l: Line) => {
    let w = widths.get(l);
    if (w === undefined) widths.set(l, (w = stroke(l.bbox)));
    return w;
  };
  const body: number[] = [];
  for (const p of paragraphs)
    for (const l of p.lines) {
      const r = l.height / bodyHeight;
      if (r < 0.85 || r > 1.15) continue;
      const w = width(l);
      if (w > 0) for (let i = 0; i < Math.ceil(l.text.length / 10); i++) body.push(w);
    }
  if (body.length < 5) return null;
  const ref = median(body);
  // (and, given another line, bolder than that one too)
  return (l, other) => width(l) >= BOLD_STROKE * ref && (!other || width(l) >= BOLD_STROKE * width(other));
}
