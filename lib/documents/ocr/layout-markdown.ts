// tesseract layout → Markdown. Results keep tesseract's layout: paragraphs (lines joined with spaces,
// line-end hyphens removed), headings from line height relative to the body text, bullet and numbered
// lists, GFM tables where the page has ruled tables (table-lines.ts finds the grids in the pixels,
// table-cells.ts fills them with the words inside) or columns aligned by whitespace alone (text-tables.ts),
// blank lines between blocks.
// A paragraph of tesseract's whose line height jumps (a tall heading line directly followed by body lines)
// is split there, so the heading does not merge into the text below it; one whose every line has the same
// wide gap is two blocks side by side (addresses), read left block first. Words that are only rules read as
// text (`|`, `[`, "————") are dropped; bullets misread as letters ("eo Item", "e Item") still open list items. A bold body-size line of its own (type-style.ts measures the pixels) is a
// heading one level below the page's larger headings.
import { labelRuns } from "@/lib/documents/heading-runs";
import { TOC_ENTRY_END, withoutCellLeader } from "@/lib/documents/leaders";
import { escapeMarkdownInline, escapeMarkdownText, inLogicalColumnOrder, markdownTable } from "@/lib/documents/markdown-write";
import { BULLET_LOOSE, BULLET_MISREAD, BULLET_STRICT } from "./bullets";
import { inReadingOrder } from "./reading-order";
import { splitGluedWords } from "./split-glued-words";
import { type CellWord, isRuleReadAsText } from "./table-cells";
import { tableWithHeader } from "./table-header";
import type { TableGrid } from "./table-lines";
import type { TBlock, TBox, TLine, TParagraph, TWord } from "./tesseract-blocks";
import { textTables } from "./text-tables";
import type { TypeMeter } from "./type-style";
import type { OcrBlock, OcrBox } from "./types";

interface Line {
  text: string;
  height: number;
  confidence: number;
  bbox: TBox;
}

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
const NUMBERED = /^(\d{1,3})[.)]\s+(.+)$/u;
/** "5 Results", "5.1 Hyper Parameter Optimization" (not "5. item", a list; not "69100 Villeurbanne"). */
const SECTION_HEADING = /^(\d{1,2}(?:\.\d{1,2}){0,3})\s+\p{Lu}[^.!?:;]*$/u;
/** A number alone, one to three digits ("4", "21"): a title when set at title size. */
const NUMBER_TITLE = /^\d{1,3}$/;

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Joins the lines of one paragraph: spaces between lines, line-end hyphenation removed. */
export function joinOcrLines(lines: string[]): string {
  let out = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
      continue;
    }
    if (/\u00AD$/.test(out))
      out = out.slice(0, -1) + line; // soft hyphen
    else if (/\p{L}[-\u2010]$/u.test(out)) {
      // "Versand-" + "kosten" → "Versandkosten"; "E-" + "Mail" keeps the hyphen
      out = /^\p{Ll}/u.test(line) ? out.slice(0, -1) + line : out + line;
    } else out += ` ${line}`;
  }
  return out;
}

function unionBox(boxes: TBox[]): TBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

export function scaleBox(b: TBox, inv: number): OcrBox {
  return { x0: Math.round(b.x0 * inv), y0: Math.round(b.y0 * inv), x1: Math.round(b.x1 * inv), y1: Math.round(b.y1 * inv) };
}

/**
 * Text that can be a heading: not a formula ("a² + b² = c²" read as "a> +8=12") and not mostly figures (a
 * phone or fax number, "Fax 7079 4302"): no comparison signs or spaced arithmetic signs, and letters make up
 * at least 40% of its characters.
 */
export function wordy(text: string): boolean {
  const t = text.replace(/\s+/g, "");
  if (/[=<>]|\s[+×÷]\s/u.test(text)) return false;
  const letters = (t.match(/\p{L}/gu) ?? []).length;
  return letters >= 0.4 * t.length;
}

/**
 * tesseract sometimes reports a block after blocks below it (a centred title after the heading under it). A
 * paragraph alone across its band of the page (no other paragraph beside it) that comes after paragraphs
 * below it is moved before the first of them, when every paragraph above it already comes before that one
 * (columns read one after the other are left as they are). In place.
 */
export function readingOrderOfBands<T extends { bbox: TBox }>(ps: T[]): void {
  for (const p of [...ps]) {
    if (ps.some((o) => o !== p && o.bbox.y0 < p.bbox.y1 && o.bbox.y1 > p.bbox.y0)) continue;
    const i = ps.indexOf(p);
    const firstBelow = ps.findIndex((o) => o !== p && o.bbox.y0 >= p.bbox.y1);
    if (firstBelow < 0 || firstBelow > i) continue;
    const lastAbove = ps.findLastIndex((o) => o !== p && o.bbox.y1 <= p.bbox.y0);
    if (lastAbove > firstBelow) continue;
    ps.splice(i, 1);
    ps.splice(firstBelow, 0, p);
  }
}

/**
 * A line of running text that opens in lower case and runs on for five words or more continues a sentence
 * ("smaller models trained on OTSL perform better, especially in recognizing complex"): however tall tesseract
 * measured it (noise, a bracket), it is not a heading. A short lower-case heading ("heading level 1.0") is.
 */
export const midSentence = (text: string) => /^\p{Ll}/u.test(text) && text.split(/\s+/).length >= 5;

/** Vertical rules read as words. */
const RULE_WORD = /^[|[\]{}]+$/;
/** A line's height changes by this factor between a heading and the body text below it. */
const HEIGHT_JUMP = 1.3;

function lineOf(l: TLine, skip?: (w: TWord) => boolean): Line | null {
  const kept = (l.words ?? []).filter((w) => w.text.trim() && !RULE_WORD.test(w.text.trim()) && !isRuleReadAsText(w.text) && !skip?.(w));
  const text = inReadingOrder(kept)
    .map((w) => w.text.trim())
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  // Noise from pictures, rules and page edges: no letters or digits at all, or hardly any confidence.
  if (!HAS_WORD_CHAR.test(text) || l.confidence < 20) return null;
  const partial = kept.length < (l.words ?? []).length && kept.length > 0;
  const bbox = partial ? unionBox(kept.map((w) => w.bbox)) : l.bbox;
  const rowHeight = l.rowAttributes?.rowHeight && l.rowAttributes.rowHeight > 0 ? l.rowAttributes.rowHeight : 0;
  const height = rowHeight && !partial ? rowHeight : bbox.y1 - bbox.y0;
  return { text, height, confidence: l.confidence, bbox };
}

const centerIn = (b: TBox, box: TBox, pad = 3) => {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return cx >= box.x0 - pad && cx <= box.x1 + pad && cy >= box.y0 - pad && cy <= box.y1 + pad;
};

/** Splits a paragraph after each contents entry's line: an entry is a paragraph of its own, never run on. */
function splitAfterEntries(lines: Line[]): Line[][] {
  const out: Line[][] = [[]];
  for (const l of lines) {
    out[out.length - 1].push(l);
    if (TOC_ENTRY_END.test(l.text)) out.push([]);
  }
  return out.filter((part) => part.length);
}

/** Splits a paragraph's lines where the line height jumps (a heading directly followed by text). */
function splitAtHeightJumps(lines: Line[]): Line[][] {
  const out: Line[][] = [];
  for (const l of lines) {
    const cur = out[out.length - 1];
    const prev = cur?.[cur.length - 1];
    // (a piece of the same visual line, which tesseract sometimes reports as a line of its own, stays)
    const below = prev && l.bbox.y0 >= prev.bbox.y1 - 0.25 * Math.min(prev.height, l.height);
    if (prev && below && Math.max(prev.height, l.height) >= HEIGHT_JUMP * Math.min(prev.height, l.height)) out.push([l]);
    else if (cur) cur.push(l);
    else out.push([l]);
  }
  return out;
}

/**
 * Splits a paragraph's lines where a table stands between two of them: tesseract reads a framed exhibit's
 * title and its notes as one block around the table whose words the table took; the title stays above the
 * table and the notes go below it.
 */
function splitAtTables(lines: Line[], tables: readonly { box: TBox }[]): Line[][] {
  if (!tables.length) return [lines];
  const out: Line[][] = [];
  for (const l of lines) {
    const cur = out[out.length - 1];
    const prev = cur?.[cur.length - 1];
    const tol = prev ? 0.5 * Math.min(prev.height, l.height) : 0;
    const between =
      prev &&
      tables.some(
        (t) =>
          t.box.y0 >= prev.bbox.y1 - tol &&
          t.box.y1 <= l.bbox.y0 + tol &&
          Math.min(t.box.x1, Math.max(prev.bbox.x1, l.bbox.x1)) > Math.max(t.box.x0, Math.min(prev.bbox.x0, l.bbox.x0)),
      );
    if (!cur || between) out.push([l]);
    else cur.push(l);
  }
  return out;
}

/** A bold first line this much taller than the line under it is a heading set over its text. */
const BOLD_HEIGHT_JUMP = 1.12;

/**
 * Splits off a paragraph's first line when it is a heading that tesseract joined to the text under it: bold,
 * taller than the next line and the body by a little (a 14 pt bold heading over 11 pt text, under
 * HEIGHT_JUMP), short and not ending a sentence.
 */
function splitBoldFirstLines(
  paragraphs: { lines: Line[]; bbox: TBox; confidence: number }[],
  bodyHeight: number,
  isBold: (l: Line, other?: Line) => boolean,
) {
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i];
    const [first, next] = p.lines;
    // (read with confidence: pictures read as text come out as low-confidence strings of capitals and brackets)
    if (!next || first.text.length > 80 || /[.,;:]$/.test(first.text) || first.confidence < 80 || !wordy(first.text)) continue;
    if (first.height < BOLD_HEIGHT_JUMP * next.height || first.height < BOLD_HEIGHT_JUMP * bodyHeight) continue;
    if (!isBold(first, next)) continue;
    const rest = p.lines.slice(1);
    paragraphs.splice(
      i,
      1,
      { lines: [first], bbox: first.bbox, confidence: p.confidence },
      { lines: rest, bbox: unionBox(rest.map((l) => l.bbox)), confidence: p.confidence },
    );
    i++;
  }
}

/**
 * Two blocks side by side that tesseract read as one paragraph (a sender's and a recipient's address): every
 * line (two or more) has one gap wider than SIDE_GAP line heights, and these gaps share an x range. The left
 * block is read first, then the right one.
 */
function sideBySide(p: TParagraph, skip?: (w: TWord) => boolean): TParagraph[] {
  const lines = (p.lines ?? [])
    .map((l) => ({ l, words: (l.words ?? []).filter((w) => w.text.trim() && !RULE_WORD.test(w.text.trim()) && !skip?.(w)) }))
    .filter((x) => x.words.length);
  if (lines.length < 2) return [p];
  let shared: { x0: number; x1: number } | null = null;
  const cuts: number[] = [];
  for (const { words } of lines) {
    const ws = [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0);
    const h = median(ws.map((w) => w.bbox.y1 - w.bbox.y0));
    const wide = ws
      .slice(1)
      .map((w, i) => ({ x0: ws[i].bbox.x1, x1: w.bbox.x0, i }))
      .filter((g) => g.x1 - g.x0 >= SIDE_GAP * h);
    if (wide.length !== 1) return [p];
    const g = wide[0];
    shared = shared ? { x0: Math.max(shared.x0, g.x0), x1: Math.min(shared.x1, g.x1) } : { x0: g.x0, x1: g.x1 };
    if (shared.x1 <= shared.x0) return [p];
    cuts.push(g.i);
  }
  const mid = (shared!.x0 + shared!.x1) / 2;
  const part = (left: boolean): TParagraph => {
    const ls = lines.map(({ l, words }) => {
      const ws = words.filter((w) => (w.bbox.x0 + w.bbox.x1) / 2 < mid === left);
      return { ...l, words: ws, bbox: unionBox(ws.map((w) => w.bbox)) };
    });
    return { ...p, lines: ls, bbox: unionBox(ls.map((l) => l.bbox)) };
  };
  return [part(true), part(false)];
}

/** A gap this many line heights wide inside every line of a paragraph separates two blocks side by side. */
const SIDE_GAP = 4;

/** Bold lines are this much wider in stroke than the body text of about the same size. */
const BOLD_STROKE = 1.15;

/**
 * A test for bold lines (type-style.ts): a line's stroke width against the median of the body-size lines
 * (weighted by characters). Without pixels nothing is bold.
 */
function boldLines(paragraphs: { lines: Line[] }[], bodyHeight: number, stroke?: TypeMeter["stroke"]): (l: Line, other?: Line) => boolean {
  if (!stroke || bodyHeight <= 0) return () => false;
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
  if (body.length < 5) return () => false;
  const ref = median(body);
  // (and, given another line, bolder than that one too)
  return (l, other) => width(l) >= BOLD_STROKE * ref && (!other || width(l) >= BOLD_STROKE * width(other));
}

/** A line set in a colour reads at least this much lighter (type-style.ts tone) than the body text. */
const TINT = 30;

/** A line is underlined when a row near its foot is inked across this share of its width (type-style.ts). */
const UNDERLINED = 0.9;

/**
 * A test for tinted lines (type-style.ts tone): a line whose darkest ink is TINT lighter than the body text's
 * (the median tone of the page's lines, weighted by their characters), and still ink; an underlined line in
 * colour is a hyperlink, not tinted text. Without pixels nothing is.
 */
function tintedLines(lines: readonly Line[], type?: Partial<TypeMeter> | null): (l: Line) => boolean {
  const tone = type?.tone;
  if (!tone || lines.length < 3) return () => false;
  const tones = new Map<string, number>();
  const of = (l: Line) => {
    const key = `${l.bbox.x0},${l.bbox.y0},${l.bbox.x1},${l.bbox.y1}`;
    let t = tones.get(key);
    if (t === undefined) tones.set(key, (t = tone(l.bbox)));
    return t;
  };
  const weighted: number[] = [];
  for (const l of lines) for (let i = 0; i < Math.ceil(l.text.length / 10); i++) weighted.push(of(l));
  const body = median(weighted);
  return (l) => {
    const t = of(l);
    return t - body >= TINT && t <= 200 && (type.underline?.(l.bbox) ?? 0) < UNDERLINED;
  };
}

/** A line of text a heading can stand over: three words or more, not a contents entry (not labels, a legend). */
const textLine = (l: Line) => (l.text.match(/\p{L}{2,}/gu) ?? []).length >= 3 && !TOC_ENTRY_END.test(l.text);

/**
 * Splits a paragraph around each run of one or two tinted lines over a text line in the body's colour (a
 * heading in colour that tesseract ran into its text: tintedHeading).
 */
function splitAtTints(lines: Line[], tinted: (l: Line) => boolean): Line[][] {
  if (lines.length < 2) return [lines];
  const out: Line[][] = [[]];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && tinted(lines[j])) j++;
    if (j > i && j - i <= 2 && j < lines.length && textLine(lines[j])) {
      out.push(lines.slice(i, j), []);
      i = j;
    } else {
      out[out.length - 1].push(...lines.slice(i, Math.max(j, i + 1)));
      i = Math.max(j, i + 1);
    }
  }
  return out.filter((part) => part.length);
}

/** A caption's opening word: a figure's or table's title set in colour is not a heading. */
const CAPTION_START = /^(?:fig(?:ure)?|table|tab|source|note|photo|chart|exhibit)\b/i;

/**
 * One or two lines set in a colour, at least about body size, over text in the body's colour: a heading (Word's
 * default headings are blue, at sizes close to the body's: line height alone does not tell them). Not a
 * caption, not over labels (a chart's legend) or a contents entry (a contents page's column titles), and not
 * indented past the text that follows (a quotation set in gray italics, as italicHeading has it).
 */
function tintedHeading(
  lines: Line[],
  joined: string,
  ratio: number,
  next: Line[] | undefined,
  tinted: (l: Line) => boolean,
  bodyHeight: number,
): boolean {
  if (lines.length > 2 || ratio < 0.9 || !next?.length || CAPTION_START.test(joined) || /[.,;:]$/.test(joined)) return false;
  if (lines[0].bbox.x0 > next[0].bbox.x0 + bodyHeight) return false;
  return lines.every(tinted) && !tinted(next[0]) && textLine(next[0]);
}

/** Italic type leans at least this much (type-style.ts slant: x pixels per pixel of height). */
const ITALIC_SLANT = 0.15;

/**
 * A line set in italics at about body size, alone, that reads like a title (capitalised, no closing
 * punctuation, some letters), over a paragraph of upright text that starts under it and is not a list: a
 * heading (manuals set their lowest level so; pdf-layout/heading-cues.ts reads the same from the fonts of a
 * text layer). Set closer to that paragraph than to the text above it, as headings are: an italic line in a
 * column of evenly spaced lines (species names in a list) is not. Indented past the text that follows, it is
 * a quotation or an aside.
 */
function italicHeading(
  line: Line,
  joined: string,
  ratio: number,
  before: Line | undefined,
  next: Line[] | undefined,
  bodyHeight: number,
  slant?: TypeMeter["slant"],
): boolean {
  const after = next?.[0];
  if (!slant || !after || next.length < 2 || joined.length > 80 || ratio < 0.85 || ratio >= 1.2) return false;
  if (!/^[\p{Lu}\d]/u.test(joined) || /[.,;:!?)]$/.test(joined) || (joined.match(/\p{L}/gu) ?? []).length < 4) return false;
  if (BULLET_STRICT.test(after.text) || BULLET_LOOSE.test(after.text) || NUMBERED.test(after.text)) return false;
  if (line.bbox.x0 > after.bbox.x0 + bodyHeight) return false;
  const above = before && before.bbox.y1 <= line.bbox.y0 && before.bbox.x0 < line.bbox.x1 && before.bbox.x1 > line.bbox.x0;
  if (above && line.bbox.y0 - before.bbox.y1 < after.bbox.y0 - line.bbox.y1 + 0.3 * bodyHeight) return false;
  return slant(line.bbox) >= ITALIC_SLANT && slant(after.bbox) < ITALIC_SLANT;
}

/**
 * Turns tesseract's block tree into blocks and Markdown. `scale` is prepared pixels per input pixel (boxes are
 * reported in input pixels). Exported for tests.
 */
/** A list item's marker this much (line heights) right of the one above starts a level below it. */
const NEST_INDENT = 0.9;

/**
 * The nesting level of each item of a list, from where its marker stands: right of the item above by
 * NEST_INDENT line heights or more, one level below it; back left, the level of the item above it that stands
 * there (Word's "o" sub-items under "•" items).
 */
function nestItems(items: NonNullable<OcrBlock["items"]>, at: ReadonlyMap<object, { x: number; height: number }>): void {
  const stack: number[] = [];
  for (const item of items) {
    const pos = at.get(item);
    if (!pos) continue;
    const tol = NEST_INDENT * pos.height;
    while (stack.length > 1 && pos.x < stack[stack.length - 1] - tol) stack.pop();
    if (!stack.length || pos.x > stack[stack.length - 1] + tol) stack.push(pos.x);
    item.level = stack.length - 1;
  }
}

/** A list's Markdown: items under the item above them indented by its marker's width. */
function listMarkdown(items: NonNullable<OcrBlock["items"]>): string {
  const widths: number[] = [];
  return items
    .map((i) => {
      const marker = i.ordered ? `${i.number}. ` : "- ";
      const level = Math.min(i.level ?? 0, widths.length);
      widths.length = level;
      const indent = " ".repeat(widths.reduce((a, w) => a + w, 0));
      widths.push(marker.length);
      return `${indent}${marker}${escapeMarkdownText(i.text)}`;
    })
    .join("\n");
}

export function ocrLayoutToMarkdown(
  tblocks: readonly TBlock[] | null | undefined,
  scale = 1,
  grids: readonly TableGrid[] = [],
  type?: Partial<TypeMeter> | null,
): { markdown: string; text: string; blocks: OcrBlock[]; figureText: string } {
  // (words run together across a gap, two cells set close: split-glued-words.ts)
  tblocks = splitGluedWords(tblocks);
  const inv = 1 / scale;
  // Ruled tables: the words inside each grid; grids that make a table take their words out of the text.
  const tables: { box: TBox; rows: string[][]; confidence: number }[] = [];
  const pageWords: (CellWord & { confidence: number })[] = [];
  for (const b of tblocks ?? [])
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? [])
        for (const w of l.words ?? [])
          if (w.text.trim()) pageWords.push({ text: w.text, bbox: w.bbox, symbols: w.symbols ?? undefined, confidence: w.confidence });
  const wordsIn = (box: TBox) => pageWords.filter((w) => centerIn(w.bbox, box));
  // Charts' gridlines (table-cells.ts chartFrame): their labels stay text, and are told apart as the page's figure text.
  const charts: TBox[] = [];
  for (const grid of grids) {
    // (with the header row above the top rule when the table is ruled only below it: table-header.ts)
    const table = tableWithHeader(grid, wordsIn);
    if (table?.chart) charts.push(table.grid.box);
    if (!table || table.chart) continue;
    const conf = wordsIn(table.grid.box).map((w) => w.confidence);
    tables.push({ box: table.grid.box, rows: table.rows, confidence: conf.reduce((a, c) => a + c, 0) / Math.max(1, conf.length) });
  }
  // Unruled tables: columns aligned by whitespace among the words no ruled table took (text-tables.ts).
  const loose: TWord[] = [];
  for (const b of tblocks ?? [])
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? [])
        for (const w of l.words ?? [])
          if (w.text.trim() && !RULE_WORD.test(w.text.trim()) && !tables.some((t) => centerIn(w.bbox, t.box))) loose.push(w);
  const taken = new Set<TWord>();
  for (const t of textTables(loose)) {
    for (const w of t.words) taken.add(w);
    const confidence = t.words.reduce((a, w) => a + w.confidence, 0) / Math.max(1, t.words.length);
    tables.push({ box: t.box, rows: t.rows, confidence });
  }
  const inTable = tables.length ? (w: TWord) => taken.has(w) || tables.some((t) => centerIn(w.bbox, t.box)) : undefined;
  // Every line of the page, table words included: the tinted lines' reference and (with tables) the body height's.
  const pageLines = (tblocks ?? []).flatMap((b) =>
    (b.paragraphs ?? []).flatMap((p) => (p.lines ?? []).map((l) => lineOf(l)).filter((l): l is Line => l !== null)),
  );
  const tinted = tintedLines(pageLines, type);
  const paragraphs: { lines: Line[]; bbox: TBox; confidence: number }[] = [];
  for (const b of tblocks ?? []) {
    for (const whole of b.paragraphs ?? []) {
      for (const p of sideBySide(whole, inTable)) {
        const lines = (p.lines ?? []).map((l) => lineOf(l, inTable)).filter((l): l is Line => l !== null);
        for (const part of splitAtTables(lines, tables)
          .flatMap(splitAtHeightJumps)
          .flatMap(splitAfterEntries)
          .flatMap((ls) => splitAtTints(ls, tinted))) {
          paragraphs.push({ lines: part, bbox: unionBox(part.map((l) => l.bbox)), confidence: p.confidence });
        }
      }
    }
  }
  readingOrderOfBands(paragraphs);
  // Body text height: median line height weighted by characters, table text included (on a form or an
  // invoice the tables hold most of the body text; without it a small footer would pass for the body).
  const weighted: number[] = [];
  const allLines = inTable ? pageLines : paragraphs.flatMap((p) => p.lines);
  for (const l of allLines) for (let i = 0; i < Math.ceil(l.text.length / 10); i++) weighted.push(l.height);
  const bodyHeight = median(weighted);
  // (lines of the tables included: a heading over a page of tables is still a heading)
  const totalLines = Math.max(
    allLines.length,
    paragraphs.reduce((n, p) => n + p.lines.length, 0),
  );
  const isBold = boldLines(paragraphs, bodyHeight, type?.stroke);
  splitBoldFirstLines(paragraphs, bodyHeight, isBold);

  const blocks: OcrBlock[] = [];
  // (where each item's marker stands on the page: the nesting levels are read from them at the end)
  const itemAt = new Map<object, { x: number; height: number }>();
  const markerAt = (l: Line) => ({ x: l.bbox.x0, height: l.height });
  const pushList = (item: { ordered: boolean; number?: number; text: string }, bbox: TBox, confidence: number) => {
    const last = blocks[blocks.length - 1];
    if (last?.kind === "list") {
      last.items!.push(item);
      last.bbox = unionBox([last.bbox, bbox]);
    } else blocks.push({ kind: "list", text: "", items: [item], bbox, confidence });
  };

  const pending = [...tables].sort((a, b) => a.box.y0 - b.box.y0);
  const flushTables = (beforeY: number) => {
    while (pending.length && pending[0].box.y0 <= beforeY) {
      const t = pending.shift()!;
      blocks.push({ kind: "table", text: "", rows: t.rows, bbox: scaleBox(t.box, inv), confidence: Math.round(t.confidence) });
    }
  };
  // Headings: clearly taller than the body text, short, not a sentence.
  const headingLike = (p: (typeof paragraphs)[number], joined: string) =>
    totalLines >= 3 &&
    p.lines.length <= 3 &&
    joined.length <= 150 &&
    !/[.,;]$/.test(joined) &&
    !TOC_ENTRY_END.test(joined) &&
    /\p{L}/u.test(joined) &&
    wordy(joined) &&
    !midSentence(joined);
  const sizeLevels = paragraphs.map((p) => {
    const joined = joinOcrLines(p.lines.map((l) => l.text));
    const ratio = bodyHeight > 0 ? median(p.lines.map((l) => l.height)) / bodyHeight : 1;
    // (a chapter or section number set as a title of its own, "# 4": no letters, but title-sized)
    if (totalLines >= 3 && p.lines.length === 1 && NUMBER_TITLE.test(joined) && ratio >= 1.75) return 1;
    if (!headingLike(p, joined)) return 0;
    return ratio >= 1.75 ? 1 : ratio >= 1.35 ? 2 : ratio >= 1.2 && p.lines.length === 1 && joined.length <= 80 ? 3 : 0;
  });
  const boldLevel = Math.max(0, ...sizeLevels) + 1;
  for (const [pi, p] of paragraphs.entries()) {
    flushTables(p.bbox.y0);
    const pHeight = median(p.lines.map((l) => l.height));
    const ratio = bodyHeight > 0 ? pHeight / bodyHeight : 1;
    const joined = joinOcrLines(p.lines.map((l) => l.text));
    const box = scaleBox(p.bbox, inv);
    if (sizeLevels[pi] || headingLike(p, joined)) {
      let level = sizeLevels[pi];
      // Numbered section headings ("5.1 Results") are often set in body-size bold: a line of its own that
      // opens with a section number and a capitalised title; the level is the number's depth.
      const section = SECTION_HEADING.exec(joined);
      if (!level && section && p.lines.length === 1 && joined.length <= 80 && ratio >= 0.9) level = Math.min(3, section[1].split(".").length);
      // A bold body-size line of its own, on a page whose headings are set larger, is the level below them
      // when it stands out from the text around it (the paragraphs before and after; a larger heading
      // before it is fine): one line of a bold block (an address) is not a heading.
      const next = paragraphs[pi + 1]?.lines[0];
      const before = sizeLevels[pi - 1] ? undefined : paragraphs[pi - 1]?.lines.at(-1);
      // On a page without larger headings, a bold line of its own at least as tall as the body, capitalised,
      // over a paragraph of two lines or more, is a heading (headings set in bold a point or two above the
      // body, under the size rule's reach).
      const boldOnly =
        boldLevel === 1 && ratio >= 1 && /^[\p{Lu}\d]/u.test(joined) && !/[.:]$/.test(joined) && (paragraphs[pi + 1]?.lines.length ?? 0) >= 2;
      if (
        !level &&
        (boldLevel > 1 || boldOnly) &&
        boldLevel <= 6 &&
        p.lines.length === 1 &&
        joined.length <= 80 &&
        ratio >= 0.85 &&
        !/:$/.test(joined) &&
        (next || before) &&
        // (a bold label inside a ruled frame, a one-column table's header, is not a section heading)
        !grids.some((g) => centerIn(p.bbox, g.box)) &&
        isBold(p.lines[0], next) &&
        (!before || isBold(p.lines[0], before))
      )
        level = boldLevel;
      if (
        !level &&
        boldLevel <= 6 &&
        !grids.some((g) => centerIn(p.bbox, g.box)) &&
        p.lines.length === 1 &&
        italicHeading(p.lines[0], joined, ratio, paragraphs[pi - 1]?.lines.at(-1), paragraphs[pi + 1]?.lines, bodyHeight, type?.slant)
      )
        level = boldLevel;
      if (
        !level &&
        boldLevel <= 6 &&
        !grids.some((g) => centerIn(p.bbox, g.box)) &&
        tintedHeading(p.lines, joined, ratio, paragraphs[pi + 1]?.lines, tinted, bodyHeight)
      )
        level = boldLevel;
      if (level) {
        blocks.push({ kind: "heading", level, text: joined, bbox: box, confidence: p.confidence });
        continue;
      }
    }
    // Lists: a line opening with a bullet or number starts an item; other lines continue it.
    const prev = blocks[blocks.length - 1];
    let inList = prev?.kind === "list";
    const items: { ordered: boolean; number?: number; lines: string[]; at: { x: number; height: number } }[] = [];
    const lead: string[] = [];
    for (let i = 0; i < p.lines.length; i++) {
      const t = p.lines[i].text;
      // (a list may follow its introduction in the same tesseract paragraph: "… don't forget:" then items)
      const open = i === 0 || inList || p.lines[i - 1].text.endsWith(":");
      const strict = BULLET_STRICT.exec(t);
      const loose = open ? (BULLET_LOOSE.exec(t) ?? BULLET_MISREAD.exec(t)) : null;
      const num = open ? NUMBERED.exec(t) : null;
      if (strict || loose) {
        items.push({ ordered: false, lines: [(strict ?? loose)![1]], at: markerAt(p.lines[i]) });
        inList = true;
      } else if (num) {
        items.push({ ordered: true, number: Number(num[1]), lines: [num[2]], at: markerAt(p.lines[i]) });
        inList = true;
      } else if (items.length) items[items.length - 1].lines.push(t);
      else lead.push(t);
    }
    if (lead.length) {
      blocks.push({ kind: "paragraph", text: joinOcrLines(lead), bbox: box, confidence: p.confidence });
    }
    for (const it of items) {
      const item = { ordered: it.ordered, number: it.number, text: joinOcrLines(it.lines) };
      itemAt.set(item, it.at);
      pushList(item, box, p.confidence);
    }
  }

  flushTables(Number.POSITIVE_INFINITY);
  // Four or more headings of one level in a row are labels set large (heading-runs.ts): text.
  const labels = labelRuns(blocks.map((b) => (b.kind === "heading" ? b.level : null)));
  for (const i of labels) blocks[i] = { ...blocks[i], kind: "paragraph", level: undefined };

  for (const b of blocks) if (b.kind === "list") nestItems(b.items!, itemAt);

  const md: string[] = [];
  const plain: string[] = [];
  for (const b of blocks) {
    if (b.kind === "table") {
      b.rows = inLogicalColumnOrder(b.rows!.map((r) => r.map(withoutCellLeader)));
      b.text = b.rows!.map((r) => r.filter(Boolean).join(" ")).join("\n");
      md.push(markdownTable(b.rows!.map((r) => r.map(escapeMarkdownInline))));
    } else if (b.kind === "list") {
      b.text = b.items!.map((i) => (i.ordered ? `${i.number}. ${i.text}` : i.text)).join("\n");
      md.push(listMarkdown(b.items!));
    } else if (b.kind === "heading") md.push(`${"#".repeat(b.level!)} ${escapeMarkdownText(b.text)}`);
    else md.push(escapeMarkdownText(b.text));
    plain.push(b.text);
  }
  const figureText = pageWords
    .filter((w) => charts.some((c) => centerIn(w.bbox, c)))
    .map((w) => w.text.trim())
    .join(" ");
  return { markdown: md.join("\n\n"), text: plain.join("\n\n"), blocks, figureText };
}
