// Ruled tables read as empty, or read across their rules. On many scanned pages tesseract's layout analysis
// takes a ruled table's cells for picture or separator regions and reads nothing (or one column) in them; the
// same page with the rules painted out reads the table but may then drop isolated one-letter cells as noise.
// Where the cell text stands against the rules (figures set right, text set left: spreadsheet exports),
// tesseract reads a rule as a letter and runs the words of neighbouring cells together across it
// ("106/22/2015", "[Maxim", "2.98|散称"), and those words then hide the rule from the layout step. Measured on
// held-out pages: the table's own crop, rules painted out (erase-rules.ts), read as one uniform block of text
// (page segmentation mode 6) reads every cell. Cells of light letters on a dark ground (a header row in Word's
// and Excel's default table styles) read as garbage ("[EEE [BEEP"): in the crop they are inverted and their
// ground stretched to paper. So after the page's reading, each table grid whose cells hold ink but no word,
// whose words run across one of its column rules on many rows, or that has such dark cells, is read again that way
// (turned straight first when the page is skewed: deskew.ts), and its words replace the page reading's words
// inside the grid when they read the table better and confidently (a page in a script the language data does
// not cover reads as low-confidence garbage either way); the layout step then puts them into the grid's cells
// by position. Pages whose tables were read cost nothing more; a re-read costs a recognition of the table's
// pixels only.
import { deskewPrepared } from "./deskew";
import { eraseTableRules, findTables } from "./erase-rules";
import type { Recognition } from "./native-tesseract";
import { type TWord, wordsOf } from "./orientation-probe";
import { type PreparedImage, paperLevel, parsePgmHeader, toPgm } from "./prepare-image";
import { crossesRule } from "./rule-ends";
import type { Box, TableGrid } from "./table-lines";
import type { TBlock } from "./tesseract-blocks";

/** A cell's interior: this many pixels inside its rules. */
const CELL_INSET = 5;
/** Ink: this many gray levels darker than the paper. */
const INK_CONTRAST = 80;
/** A cell interior with at least this many ink pixels is printed. */
const MIN_CELL_INK = 15;
/** A grid is read again when this share of its printed cells (and at least one) holds no word. */
const UNREAD_SHARE = 0.2;
/** A grid is read again when words run across one of its column rules on this share of its rows… */
const STRADDLE_SHARE = 0.3;
/** …and on at least this many rows (a header cell spanning columns crosses their rules on one). */
const MIN_STRADDLED_ROWS = 2;
/** A cell's ground is dark when its median gray is below this (Word's and Excel's header rows: 100–120)… */
const DARK_GROUND = 140;
/** …and it holds light letters: this share of its pixels (up to half) this many gray levels above the ground. */
const MIN_LIGHT_SHARE = 0.02;
const LIGHT_CONTRAST = 80;
/** Pixels of the page taken around the grid's box (its outer rules, whole on a skewed page)… */
const CROP_MARGIN = 6;
/** …and paper added around them. */
const CROP_PAD = 12;
/** The crop's words replace the page's only when read with at least this mean confidence. */
const MIN_CROP_CONFIDENCE = 60;
/** A table read across its rules or with dark cells takes its crop's reading only with at least this share of its words. */
const MIN_KEPT_WORDS = 0.8;
/** tesseract's page segmentation mode for the table's crop: one uniform block of text. */
export const TABLE_PSM = 6;

const centerIn = (b: Box, box: Box) => {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
};

/** The grid's cells (one per column × row; spans are not told apart here). */
export function gridCells(grid: TableGrid): Box[] {
  const xs = [grid.box.x0, ...grid.cols.map((c) => c.x), grid.box.x1];
  const ys = [grid.box.y0, ...grid.rows, grid.box.y1];
  const cells: Box[] = [];
  for (let r = 0; r + 1 < ys.length; r++) for (let c = 0; c + 1 < xs.length; c++) cells.push({ x0: xs[c], y0: ys[r], x1: xs[c + 1], y1: ys[r + 1] });
  return cells;
}

/** Printed cells of the grid and those of them without a word of the reading. */
export function unreadCells(img: PreparedImage, grid: TableGrid, words: readonly { text: string; bbox: Box }[]): { printed: number; unread: number } {
  const head = parsePgmHeader(img.pgm);
  if (!head) return { printed: 0, unread: 0 };
  const threshold = paperLevel(img.pgm, head.offset, head.width * head.height) - INK_CONTRAST;
  let printed = 0;
  let unread = 0;
  for (const cell of gridCells(grid)) {
    const x0 = Math.max(0, Math.ceil(cell.x0 + CELL_INSET));
    const x1 = Math.min(head.width, Math.floor(cell.x1 - CELL_INSET));
    const y0 = Math.max(0, Math.ceil(cell.y0 + CELL_INSET));
    const y1 = Math.min(head.height, Math.floor(cell.y1 - CELL_INSET));
    let ink = 0;
    for (let y = y0; y < y1 && ink < MIN_CELL_INK; y++) {
      const row = head.offset + y * head.width;
      for (let x = x0; x < x1; x++) if (img.pgm[row + x] < threshold && ++ink >= MIN_CELL_INK) break;
    }
    if (ink < MIN_CELL_INK) continue;
    printed++;
    if (!words.some((w) => w.text.trim() && centerIn(w.bbox, cell))) unread++;
  }
  return { printed, unread };
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The most words of the reading (with a letter or digit) that run across one of the grid's column rules, and
 * the grid's number of rows.
 */
export function straddledRows(grid: TableGrid, words: readonly { text: string; bbox: Box }[]): { rows: number; straddled: number } {
  const inside = words.filter((w) => LETTER_OR_DIGIT.test(w.text) && centerIn(w.bbox, grid.box));
  let straddled = 0;
  for (const c of grid.cols) for (const r of c.rules) straddled = Math.max(straddled, inside.filter((w) => crossesRule(c.x, r, w)).length);
  return { rows: grid.rows.length + 1, straddled };
}

/** Whether the reading runs across the grid's column rules on enough rows to read the table again. */
export function readAcrossRules(r: { rows: number; straddled: number }): boolean {
  return r.straddled >= MIN_STRADDLED_ROWS && r.straddled >= r.rows * STRADDLE_SHARE;
}

/** A cell's interior and the gray of its ground. */
export interface DarkCell extends Box {
  ground: number;
}

/**
 * The grid's cells set as light letters on a dark ground (a table's header row in Word's and Excel's default
 * styles): tesseract reads the ground as ink and the letters as holes ("[EEE [BEEP HB CIEE]" for "En-tête 1 |
 * En-tête 2 | En-tête 3"). A cell of mid-gray shading with dark text has no light letters and is not one.
 */
export function darkCells(img: PreparedImage, grid: TableGrid): DarkCell[] {
  const head = parsePgmHeader(img.pgm);
  if (!head) return [];
  const out: DarkCell[] = [];
  const hist = new Uint32Array(256);
  for (const cell of gridCells(grid)) {
    const x0 = Math.max(0, Math.ceil(cell.x0 + CELL_INSET));
    const x1 = Math.min(head.width, Math.floor(cell.x1 - CELL_INSET));
    const y0 = Math.max(0, Math.ceil(cell.y0 + CELL_INSET));
    const y1 = Math.min(head.height, Math.floor(cell.y1 - CELL_INSET));
    if (x1 - x0 < 4 || y1 - y0 < 4) continue;
    hist.fill(0);
    for (let y = y0; y < y1; y++) {
      const row = head.offset + y * head.width;
      for (let x = x0; x < x1; x++) hist[img.pgm[row + x]]++;
    }
    const n = (x1 - x0) * (y1 - y0);
    let median = 0;
    for (let seen = 0; median < 256 && (seen += hist[median]) < n / 2; median++);
    if (median >= DARK_GROUND) continue;
    let light = 0;
    for (let v = median + LIGHT_CONTRAST; v < 256; v++) light += hist[v];
    if (light >= n * MIN_LIGHT_SHARE && light <= n / 2) out.push({ x0, y0, x1, y1, ground: median });
  }
  return out;
}

/** Whether the reading left enough of the grid's printed cells empty to read the table again. */
export function needsTableReread(r: { printed: number; unread: number }): boolean {
  return r.unread >= 1 && r.unread >= r.printed * UNREAD_SHARE;
}

/**
 * The table's pixels on a margin of paper, the cells `invert` lists inverted (darkCells), turned straight when
 * the page is skewed (deskew.ts: its rules then run along pixel rows and columns), with the rules of the grid
 * found there painted out (erase-rules.ts).
 * `toPage` maps a point of the crop back to the page (undoing the turn about the crop's centre).
 */
export async function tableCrop(
  img: PreparedImage,
  grid: TableGrid,
  invert: readonly DarkCell[] = [],
): Promise<{ crop: PreparedImage; toPage: (x: number, y: number) => { x: number; y: number } }> {
  const head = parsePgmHeader(img.pgm)!;
  const x0 = Math.max(0, Math.floor(grid.box.x0) - CROP_MARGIN);
  const y0 = Math.max(0, Math.floor(grid.box.y0) - CROP_MARGIN);
  const x1 = Math.min(head.width, Math.ceil(grid.box.x1) + 1 + CROP_MARGIN);
  const y1 = Math.min(head.height, Math.ceil(grid.box.y1) + 1 + CROP_MARGIN);
  const width = x1 - x0 + 2 * CROP_PAD;
  const height = y1 - y0 + 2 * CROP_PAD;
  const paper = paperLevel(img.pgm, head.offset, head.width * head.height);
  const out = Buffer.alloc(width * height, paper);
  for (let y = y0; y < y1; y++) {
    const from = head.offset + y * head.width;
    img.pgm.copy(out, (y - y0 + CROP_PAD) * width + CROP_PAD, from + x0, from + x1);
  }
  // (cells of light letters on a dark ground: dark letters on paper, as tesseract reads: darkCells; the
  // inverted ground, a mid gray, is stretched to white, or tesseract takes the band for a picture)
  for (const b of invert) {
    const gain = 255 / Math.max(1, 255 - b.ground);
    for (let y = Math.max(y0, b.y0); y < Math.min(y1, b.y1); y++) {
      const row = (y - y0 + CROP_PAD) * width + CROP_PAD - x0;
      for (let x = Math.max(x0, b.x0); x < Math.min(x1, b.x1); x++) out[row + x] = Math.min(255, Math.round((255 - out[row + x]) * gain));
    }
  }
  const raw: PreparedImage = {
    pgm: toPgm(width, height, out),
    width,
    height,
    scale: img.scale,
    dpi: img.dpi,
    inputWidth: width,
    inputHeight: height,
  };
  const straight = await deskewPrepared(raw);
  const { rules, grids } = findTables(straight);
  const crop = eraseTableRules(straight, rules, grids);
  const ox = x0 - CROP_PAD;
  const oy = y0 - CROP_PAD;
  const rad = ((straight.skew ?? 0) * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = width / 2;
  const cy = height / 2;
  const toPage = (x: number, y: number) => ({ x: ox + cx + (x - cx) * cos - (y - cy) * sin, y: oy + cy + (x - cx) * sin + (y - cy) * cos });
  return { crop, toPage };
}

/** A box of the crop in the page: moved with its centre (its size kept; a skew of a few degrees barely turns it). */
const moveBox = (b: Box, toPage: (x: number, y: number) => { x: number; y: number }): Box => {
  const c = toPage((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
  const hw = (b.x1 - b.x0) / 2;
  const hh = (b.y1 - b.y0) / 2;
  return { x0: Math.round(c.x - hw), y0: Math.round(c.y - hh), x1: Math.round(c.x + hw), y1: Math.round(c.y + hh) };
};

/** A rule the crop's painting left (a double rule's second line) read as text: bars, a lone "I" or "l". */
const RULE_READ = /^(?:[|[\]{}]+|[Il])$/;

/**
 * How many words a reading holds (inside `box`), their mean confidence and their median one (a few hard words,
 * a misread name, pull the mean of a good reading down; garbage reads low throughout), rules read as text left out.
 */
function readingOf(blocks: TBlock[] | null, box?: Box): { count: number; confidence: number; median: number } {
  const words = wordsOf({ blocks }).filter((w) => (!box || centerIn(w.bbox, box)) && !RULE_READ.test(w.text.trim()));
  const sorted = words.map((w) => w.confidence).sort((a, b) => a - b);
  return {
    count: words.length,
    confidence: words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0,
    median: sorted.length ? sorted[sorted.length >> 1] : 0,
  };
}

/**
 * The page's reading with the words inside `box` replaced by the crop's reading (moved to page coordinates),
 * when the crop read the table better (more words there; or, as `why` says the grid was read again, fewer
 * words across its rules or more confidently); the page's reading otherwise.
 */
export function withTableReading(
  page: Recognition,
  box: Box,
  crop: Recognition,
  toPage: (x: number, y: number) => { x: number; y: number },
  why: { across?: TableGrid; dark?: boolean } = {},
): Recognition {
  const moved: TBlock[] = (crop.blocks ?? []).map((b) => ({
    ...b,
    paragraphs: (b.paragraphs ?? []).map((p) => ({
      ...p,
      bbox: moveBox(p.bbox, toPage),
      lines: (p.lines ?? []).map((l) => ({
        ...l,
        bbox: moveBox(l.bbox, toPage),
        words: (l.words ?? [])
          .filter((w) => w.text.trim() && centerIn(moveBox(w.bbox, toPage), box))
          .map(
            (w): TWord => ({
              ...w,
              bbox: moveBox(w.bbox, toPage),
              symbols: w.symbols?.map((s) => ({ ...s, bbox: moveBox(s.bbox, toPage) })) ?? w.symbols,
            }),
          ),
      })),
    })),
  }));
  const before = readingOf(page.blocks, box);
  const after = readingOf(moved);
  // read confidently and about as well as the page's words there (a page of a script the language data does
  // not cover reads as garbage either way), and: more words; for a grid read across its rules (`why.across`),
  // fewer words across them and not fewer words in all; for a grid with dark cells (`why.dark`), more
  // confidently and not fewer words in all
  const { across, dark } = why;
  const kept = after.count >= before.count * MIN_KEPT_WORDS;
  const better =
    (across ? straddledRows(across, wordsOf({ blocks: moved })).straddled < straddledRows(across, wordsOf(page)).straddled && kept : false) ||
    (dark ? after.confidence > before.confidence && kept : false) ||
    (!across && !dark && after.count > before.count);
  if (!better || after.confidence < MIN_CROP_CONFIDENCE || (before.count && after.median < before.median - 5)) return page;
  const rest: TBlock[] = (page.blocks ?? []).map((b) => ({
    ...b,
    paragraphs: (b.paragraphs ?? [])
      .map((p) => ({
        ...p,
        lines: (p.lines ?? []).map((l) => ({ ...l, words: (l.words ?? []).filter((w) => !centerIn(w.bbox, box)) })).filter((l) => l.words.length),
      }))
      .filter((p) => p.lines.length),
  }));
  return { ...page, blocks: [...rest.filter((b) => b.paragraphs.length), ...moved] };
}

/**
 * Reads again, as one block of text, each grid whose cells the page's reading left empty, whose words run
 * across its column rules, or that has cells of light letters on a dark ground (inverted in the crop; see the
 * file header); `read` recognises an image with the given page segmentation mode.
 */
export async function rereadTables(
  img: PreparedImage,
  grids: readonly TableGrid[],
  page: Recognition,
  read: (img: PreparedImage, psm: number) => Promise<Recognition>,
): Promise<Recognition> {
  let out = page;
  for (const grid of grids) {
    const words = wordsOf(out);
    const empty = needsTableReread(unreadCells(img, grid, words));
    const across = !empty && readAcrossRules(straddledRows(grid, words));
    const dark = darkCells(img, grid);
    if (!empty && !across && !dark.length) continue;
    const { crop, toPage } = await tableCrop(img, grid, dark);
    out = withTableReading(out, grid.box, await read(crop, TABLE_PSM), toPage, {
      across: across ? grid : undefined,
      dark: !empty && dark.length > 0,
    });
  }
  return out;
}
