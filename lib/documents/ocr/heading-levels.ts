// Heading levels of a scanned page from its heading sizes, on the principle born-digital pages use
// (convert/pdf-layout/levels.ts: every distinct heading size ranked, largest first), adapted to what OCR
// measures: tesseract's row heights of one heading style scatter by about ±7% (a 150 dpi scan, skew, which
// letters the line holds), so sizes within SAME_SIZE of the largest of a class are one size, and the
// absolute scale only places the page's largest size (a title at 1.75× the body text and more is `#`, a
// section heading `##`, a line just above body size `###`). Each smaller distinct size is one level below
// the one above it, wherever the fixed thresholds would put it: on one page a title (2.3×), a section
// (1.56×) and a subsection (1.37×) are `#`, `##` and `###`, and two headings of one style measured at 1.48×
// and 1.35× share their level.

/** Heights within this factor of a class's largest heading are one heading size. */
export const SAME_SIZE = 1.12;

/** The level the absolute scale gives a heading of this height (in body heights); 0: not a heading by size. */
export function absoluteLevel(ratio: number, oneShortLine: boolean): number {
  return ratio >= 1.75 ? 1 : ratio >= 1.35 ? 2 : ratio >= 1.2 && oneShortLine ? 3 : 0;
}

/**
 * Levels for one page's headings by size, given each candidate's absolute level (0 = not a heading by size)
 * and height ratio to the body text: the same order and length; 0 stays 0.
 */
export function rankedSizeLevels(absolute: readonly number[], ratios: readonly number[]): number[] {
  const order = absolute
    .map((level, i) => ({ level, ratio: ratios[i], i }))
    .filter((h) => h.level > 0)
    .sort((a, b) => b.ratio - a.ratio);
  const out = absolute.map(() => 0);
  let classTop = 0;
  let level = 0;
  for (const h of order) {
    if (!level) level = h.level;
    else if (classTop >= SAME_SIZE * h.ratio) level = Math.min(6, level + 1);
    else {
      out[h.i] = level;
      continue;
    }
    classTop = h.ratio;
    out[h.i] = level;
  }
  return out;
}
