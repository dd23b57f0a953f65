// The orientation-probing step of a page's OCR (the rules are in orientation.ts): a page whose first reading
// is poor is read again on a crop around its words, turned by the quarter turns worth trying, and turned when
// one orientation reads clearly better. `read` recognises a prepared image with the page's engine slot.

import type { Recognition } from "./native-tesseract";
import {
  chooseTurn,
  isConfidentReading,
  isPoorReading,
  type OrientationReading,
  orientationReading,
  probeCrop,
  probeSide,
  type Turn,
  turnPrepared,
  turnsToTry,
} from "./orientation";
import type { PreparedImage } from "./prepare-image";
import type { TBlock } from "./tesseract-blocks";

export type TWord = TBlock["paragraphs"][number]["lines"][number]["words"][number];

/** The words of a reading (those with text). */
export function wordsOf(page: Pick<Recognition, "blocks">): TWord[] {
  const out: TWord[] = [];
  for (const b of page.blocks ?? [])
    for (const p of b.paragraphs ?? []) for (const l of p.lines ?? []) for (const w of l.words ?? []) if (w.text.trim()) out.push(w);
  return out;
}

/** True when the first reading of a page is poor enough to try the page in other orientations. */
export const needsOrientationProbe = (page: Recognition): boolean => isPoorReading(orientationReading(wordsOf(page)));

/** The clockwise turn that reads a poorly read page clearly better, tried on a crop around its words; 0 if none. */
export async function probeTurn(read: (img: PreparedImage) => Promise<Recognition>, img: PreparedImage, words: TWord[]): Promise<Turn> {
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  const center = { x: mid(words.map((w) => (w.bbox.x0 + w.bbox.x1) / 2)), y: mid(words.map((w) => (w.bbox.y0 + w.bbox.y1) / 2)) };
  const asRead = orientationReading(words);
  const crop = probeCrop(img, center, probeSide(img, center, words));
  const tried: (OrientationReading & { turn: Turn })[] = [];
  for (const turn of turnsToTry(asRead)) {
    const reading = orientationReading(wordsOf(await read(turnPrepared(crop, turn))));
    tried.push({ turn, ...reading });
    if (isConfidentReading(reading)) break;
  }
  return chooseTurn(asRead, tried);
}
