// Dot leaders (tables of contents, indexes, price lists: "Introduction . . . . . . vii"). tesseract reads a
// row of dots as letters and takes the words beside it along: held-out scans of a standard's contents pages
// read "Foreword. «vv viii iii tanita sass saa a a aaa vi", "2 CONfOrMANCE", "7 Syntax" as "J SYNMBAX", at
// confidence 13–40. The same pixels with the dots painted out read the entries cleanly, but tesseract's
// automatic layout then takes the column of page numbers, far right of the titles, for a block of its own and
// drops most of it; read as one column of lines (page segmentation mode 4) every entry keeps its number. So a
// page whose reading shows leaders (several lines with a run of dots) is read again with its leader dots
// painted in the paper's colour, as one column of lines unless the first reading holds lines of text side by
// side (a page in two columns, which that mode would read across: then with the automatic layout), and the
// reading with the better confidence is kept; other pages cost nothing more. The
// leaders go back into the kept reading as words of dots where they stood ("Foreword ........ vi"), so the
// layout reads each entry as a line of its own, as a text layer's contents page reads.
// Leader dots: small, compact, solid blobs of ink, five or more on one baseline at an even pitch (a full
// stop, an ellipsis or a decimal point is not such a row).
import type { Recognition } from "./native-tesseract";
import { type PreparedImage, paperLevel, parsePgmHeader } from "./prepare-image";
import type { Box } from "./table-lines";
import type { TBlock } from "./tesseract-blocks";

/** A line of the reading shows a leader: four dots or more in a row, spaced or not, or two ellipses. */
const LEADER_TEXT = /\.{4,}|(?:\. ){3,}\.|…{2,}/;
/** A page is read again when this many of its lines show leaders. */
const MIN_LEADER_LINES = 3;
/** Ink: this many gray levels darker than the paper. */
const INK_CONTRAST = 80;
/** A dot is at most this many pixels wide and high (a 12 pt full stop at 300 dpi is about 6). */
const MAX_DOT = 12;
/** A row of leader dots has at least this many. */
const MIN_DOTS = 5;
/** tesseract's page segmentation modes for the page without its leaders: one column of lines of any size… */
export const LEADER_PSM = 4;
/** …or, on a page in columns, the automatic layout. */
const AUTO_PSM = 3;
/** A page is in columns when it has this many pairs of lines of text side by side. */
const MIN_SIDE_BY_SIDE = 3;
/** Pixels painted around a dot's box (its anti-aliased edge). */
const FRINGE = 1;

/** The reading shows leaders on MIN_LEADER_LINES lines or more. */
export function readsLeaders(blocks: readonly TBlock[] | null | undefined): boolean {
  let n = 0;
  for (const b of blocks ?? [])
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? []) if (LEADER_TEXT.test((l.words ?? []).map((w) => w.text).join(" ")) && ++n >= MIN_LEADER_LINES) return true;
  return false;
}

interface Blob extends Box {
  area: number;
}

/** Connected blobs of ink (8-connected runs, row by row) no larger than MAX_DOT: the candidates for dots. */
function smallBlobs(gray: Uint8Array, width: number, height: number, offset: number, threshold: number): Blob[] {
  const parent: number[] = [];
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const boxes: Blob[] = [];
  let prev: { x0: number; x1: number; id: number }[] = [];
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    const runs: { x0: number; x1: number; id: number }[] = [];
    let x = 0;
    let k = 0;
    while (x < width) {
      if (gray[row + x] >= threshold) {
        x++;
        continue;
      }
      const x0 = x;
      while (x < width && gray[row + x] < threshold) x++;
      const x1 = x - 1;
      let id = -1;
      while (k < prev.length && prev[k].x1 < x0 - 1) k++;
      for (let j = k; j < prev.length && prev[j].x0 <= x1 + 1; j++) {
        const other = find(prev[j].id);
        if (id < 0) id = other;
        else if (other !== id) {
          parent[other] = id;
          const a = boxes[id];
          const b = boxes[other];
          a.x0 = Math.min(a.x0, b.x0);
          a.x1 = Math.max(a.x1, b.x1);
          a.y0 = Math.min(a.y0, b.y0);
          a.y1 = Math.max(a.y1, b.y1);
          a.area += b.area;
        }
      }
      if (id < 0) {
        id = parent.length;
        parent.push(id);
        boxes.push({ x0, x1, y0: y, y1: y, area: 0 });
      }
      const box = boxes[id];
      box.x0 = Math.min(box.x0, x0);
      box.x1 = Math.max(box.x1, x1);
      box.y1 = y;
      box.area += x1 - x0 + 1;
      runs.push({ x0, x1, id });
    }
    prev = runs;
  }
  return boxes.filter((b, i) => find(i) === i && b.x1 - b.x0 < MAX_DOT && b.y1 - b.y0 < MAX_DOT);
}

/** A blob shaped like a dot: about as wide as high, mostly ink. */
function dotShaped(b: Blob): boolean {
  const w = b.x1 - b.x0 + 1;
  const h = b.y1 - b.y0 + 1;
  return w >= 2 && h >= 2 && w <= 2.5 * h && h <= 2.5 * w && b.area >= 0.5 * w * h;
}

/** A leader: its dots and the box around them. */
export interface Leader {
  box: Box;
  dots: Box[];
}

/** The leaders of a page: rows of MIN_DOTS or more dot-shaped blobs on one baseline at an even pitch. */
export function findLeaders(img: PreparedImage): Leader[] {
  const head = parsePgmHeader(img.pgm);
  if (!head) return [];
  const threshold = paperLevel(img.pgm, head.offset, head.width * head.height) - INK_CONTRAST;
  const dots = smallBlobs(img.pgm, head.width, head.height, head.offset, threshold).filter(dotShaped);
  dots.sort((a, b) => a.y1 - b.y1 || a.x0 - b.x0);
  // rows: dots whose feet lie within a dot's height of each other
  const rows: Blob[][] = [];
  for (const d of dots) {
    const size = d.y1 - d.y0 + 1;
    const row = rows.find((r) => Math.abs(r[r.length - 1].y1 - d.y1) <= Math.max(2, size / 2) && r[r.length - 1].y1 >= d.y1 - size);
    if (row) row.push(d);
    else rows.push([d]);
  }
  const out: Leader[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0);
    // chains at an even pitch: each step within half a pitch of the chain's first step, at least two dots apart
    let chain: Blob[] = [];
    const flush = () => {
      if (chain.length >= MIN_DOTS) {
        const box = {
          x0: chain[0].x0,
          x1: chain[chain.length - 1].x1,
          y0: Math.min(...chain.map((d) => d.y0)),
          y1: Math.max(...chain.map((d) => d.y1)),
        };
        out.push({ box, dots: chain });
      }
      chain = [];
    };
    for (const d of row) {
      const last = chain[chain.length - 1];
      if (!last) {
        chain = [d];
        continue;
      }
      const step = d.x0 - last.x0;
      const pitch = chain.length >= 2 ? chain[1].x0 - chain[0].x0 : step;
      const wide = Math.max(d.x1 - d.x0, last.x1 - last.x0) + 1;
      if (step >= 1.5 * wide && step <= 8 * wide && Math.abs(step - pitch) <= 0.5 * pitch) chain.push(d);
      else {
        flush();
        chain = [d];
      }
    }
    flush();
  }
  return out;
}

/** The page with the dots of its leaders painted in the paper's colour. */
export function eraseLeaders(img: PreparedImage, leaders: readonly Leader[]): PreparedImage {
  const head = parsePgmHeader(img.pgm);
  const dots = leaders.flatMap((l) => l.dots);
  if (!head || !dots.length) return img;
  const pgm = Buffer.from(img.pgm);
  const paper = paperLevel(pgm, head.offset, head.width * head.height);
  for (const d of dots) {
    const x0 = Math.max(0, d.x0 - FRINGE);
    const x1 = Math.min(head.width - 1, d.x1 + FRINGE);
    for (let y = Math.max(0, d.y0 - FRINGE); y <= Math.min(head.height - 1, d.y1 + FRINGE); y++) {
      pgm.fill(paper, head.offset + y * head.width + x0, head.offset + y * head.width + x1 + 1);
    }
  }
  return { ...img, pgm };
}

/**
 * The reading with each leader put back as a word of dots into the line it stands on (the line whose box
 * holds the leader's middle height), in its place among the line's words; a leader on no line stays out.
 */
export function withLeaderWords(reading: Recognition, leaders: readonly Leader[]): Recognition {
  const blocks = (reading.blocks ?? []).map((b) => ({
    ...b,
    paragraphs: (b.paragraphs ?? []).map((p) => ({ ...p, lines: (p.lines ?? []).map((l) => ({ ...l, words: [...(l.words ?? [])] })) })),
  }));
  for (const leader of leaders) {
    const y = (leader.box.y0 + leader.box.y1) / 2;
    const line = blocks
      .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
      .find((l) => l.bbox.y0 <= y && l.bbox.y1 >= y && l.bbox.x0 <= leader.box.x1 && l.bbox.x1 >= leader.box.x0);
    if (!line) continue;
    const word = { text: ".".repeat(leader.dots.length), confidence: 95, bbox: { ...leader.box } };
    const at = line.words.findIndex((w) => w.bbox.x0 > leader.box.x0);
    line.words.splice(at < 0 ? line.words.length : at, 0, word);
  }
  return { ...reading, blocks };
}

/**
 * The reading holds MIN_SIDE_BY_SIDE pairs of lines of text side by side: at the same height (overlapping by
 * half the lower one), two line heights apart or more, each with two words and four times as wide as high
 * (running text, not a page number or a cell's figure).
 */
export function inColumns(blocks: readonly TBlock[] | null | undefined): boolean {
  const lines = (blocks ?? [])
    .flatMap((b) => (b.paragraphs ?? []).flatMap((p) => p.lines ?? []))
    .filter((l) => (l.words ?? []).filter((w) => /\p{L}{2}/u.test(w.text)).length >= 2 && l.bbox.x1 - l.bbox.x0 >= 4 * (l.bbox.y1 - l.bbox.y0));
  let pairs = 0;
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i].bbox;
      const b = lines[j].bbox;
      const high = Math.max(a.y1 - a.y0, b.y1 - b.y0);
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
      if (overlap >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0) && gap >= 2 * high && ++pairs >= MIN_SIDE_BY_SIDE) return true;
    }
  return false;
}

/**
 * A page whose reading shows leaders, read again without its leader dots (see the file header): the better
 * of the two readings by tesseract's confidence, the leaders put back as words into the second.
 */
export async function rereadWithoutLeaders(
  img: PreparedImage,
  reading: Recognition,
  recognize: (img: PreparedImage, psm: number) => Promise<Recognition>,
): Promise<Recognition> {
  if (!readsLeaders(reading.blocks)) return reading;
  const leaders = findLeaders(img);
  if (!leaders.length) return reading;
  const second = await recognize(eraseLeaders(img, leaders), inColumns(reading.blocks) ? AUTO_PSM : LEADER_PSM);
  return second.confidence > reading.confidence ? withLeaderWords(second, leaders) : reading;
}
