// Rows in reading order → blocks: paragraphs (lines joined, de-hyphenated), headings (font size rank,
// or short bold lines at body size), list items (bullets, numbers, letters; nested by indentation), and
// code (runs of lines in a fixed-pitch font, in a document whose text is not mostly fixed-pitch: line
// breaks and indentation kept, fenced).

import { BULLET_GLYPHS } from "@/lib/documents/bullet-glyphs";
import { TOC_ENTRY_END } from "@/lib/documents/leaders";
import type { Block, Line, Marker, Para } from "./block-types";
import { fontHeading, hangingUnderLabel, italicHeading, numberedHeading, SECTION_LABEL } from "./heading-cues";
import { BOLD_OPEN, escapeBlock, escapeHeading, escapeInline, mergeMarks, renderMarks, renderTable, stripMarks } from "./markdown";
import type { LayoutStats, Row } from "./model";
import { headingSizeFloor, rowBold, rowFont, rowItalic, rowMarked, rowText } from "./model";
import { splitBySize } from "./row-sizes";

export type { Block, Line, Para } from "./block-types";

const BULLET = new RegExp(`^([${BULLET_GLYPHS}·]|[-–—*])\\s+(\\S.*)$`);
const NUMBERED = /^(\d{1,3})([.)])\s+(\S.*)$/;
const LETTERED = /^([a-z]\.|[a-zA-Z]\)|\([a-zA-Z]\)|\(?[ivxlc]{1,6}[.)]|\([ivxlcIVXLC]{1,6}\)|\(\d{1,3}\))\s+(\S.*)$/;
export const SENTENCE_END = /[.!?:;]["'”’)\]]?$/;

/**
 * A form's filled-in value or a figure, however large it is set: "N/A", "None", "29,2", "$85", "12.5%".
 * Not a heading (a bare chapter number, "4", or a section number, "2.1", still is).
 */
const FIELD_VALUE = /^(?:n\/a|none|nil|null|tbd|tba|[-–—]|[-+−]?[$€£¥]?\d{1,3}(?:,\d+)+%?|[-+−]?[$€£¥]\s?\d[\d.,]*|[-+−]?\d[\d.,]*\s?%)$/i;

/**
 * A sentence: ten words or more closed by a full stop. Running text however large it is set (a form's filled-in
 * answer, a lead paragraph in a larger type); headings are not written so.
 */
const SENTENCE = (text: string) => /[^.]\.["'”’)\]]?$/.test(text) && text.split(/\s+/).length >= 10;

/** A checkbox (ballot box, checked or not) in front of text: a GFM task list item. */
const CHECKBOX = /^([\u2610\u2611\u2612])\s+(\S.*)$/;

/** A reference list's label ("[12] A. Author, …"); before a lower-case word it is a citation in running text. */
const REFERENCE = /^(\[\d{1,3}\])\s+([^\p{Ll}\s].*)$/u;

/** Only labels, two or more: a figure's sub-captions "(a) (b) (c)" or "1) 2)", not a list item. */
export const LABELS_ONLY = /^(?:\(?[a-zA-Z0-9]{1,2}\)\s*){2,}$/;

export function listMarker(text: string): Marker | null {
  if (LABELS_ONLY.test(text)) return null;
  let m = CHECKBOX.exec(text);
  if (m) return { out: "-", rest: `[${m[1] === "\u2610" ? " " : "x"}] ${m[2]}`, glyph: true };
  m = BULLET.exec(text);
  if (m) return { out: "-", rest: m[2], glyph: !/^[-–—*]$/.test(m[1]) };
  m = NUMBERED.exec(text);
  // The source's delimiter is kept: "1)" and "1." are both ordered-list markers in Markdown.
  if (m) return { out: `${Number(m[1])}${m[2]}`, rest: m[3], glyph: false };
  m = REFERENCE.exec(text) ?? LETTERED.exec(text);
  if (m) return { out: "-", rest: `${m[1]} ${m[2]}`, glyph: false };
  return null;
}

export function sizeLevel(size: number, stats: LayoutStats): number {
  const i = stats.headingSizes.findIndex((s) => Math.abs(s - size) < 0.3);
  return i < 0 ? 0 : (stats.headingLevels?.[i] ?? Math.min(i + 1, 6));
}

/** Joins two lines of one paragraph, removing end-of-line hyphenation (bold marks at the seam allowed). */
export function joinLines(a: string, b: string): string {
  const aCore = a.replace(/[\uFDD0\uFDD1]+$/, "");
  const bCore = b.replace(/^[\uFDD0\uFDD1]+/, "");
  const seam = a.slice(aCore.length) + b.slice(0, b.length - bCore.length);
  if (aCore.endsWith("\u00AD")) return aCore.slice(0, -1) + seam + bCore;
  if (/[\p{L}]-$/u.test(aCore) && /^\p{Ll}/u.test(bCore)) return aCore.slice(0, -1) + seam + bCore;
  if (/[\p{L}\d][-/]$/u.test(aCore)) return aCore + seam + bCore;
  return `${aCore} ${seam}${bCore}`;
}

/**
 * Joins the lines of a wrapped table cell: like paragraph lines, and a number or date broken inside a
 * token ("17/05/202" + "5") without a space.
 */
export function joinCellLines(a: string, b: string): string {
  if (!a) return b;
  if (/\S{6,}\d$/.test(a) && /^\d{1,3}$/.test(b)) return a + b;
  return joinLines(a, b);
}

/**
 * A line set larger than the body that starts with a bullet glyph (a slide's "■ Law conformance"), or hangs
 * under such an item at its size: a list item's text, not a heading; sizes alone would rank it as one.
 */
function bulletAtHeadingSize(l: Line, para: Para | null): boolean {
  if (l.level === 0) return false;
  const m = BULLET.exec(l.text);
  if (m && !/^[-–—*]$/.test(m[1])) return true;
  if (!para?.marker?.glyph) return false;
  const item = para.lines[para.lines.length - 1];
  return Math.abs(l.size - item.size) <= 0.6 && l.x0 > para.markerX + 0.5 * l.size && l.y - item.y <= 2 * l.size;
}

const isCodeRow = (r: Row, stats: LayoutStats) => r.segments.every((s) => s.mono) && sizeLevel(r.size, stats) === 0;

export function buildBlocks(rows: Row[], stats: LayoutStats): Block[] {
  if (stats.monoShare >= 0.5 || !rows.some((r) => isCodeRow(r, stats))) return buildTextBlocks(rows, stats);
  const out: Block[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    const code = isCodeRow(rows[i], stats);
    while (j < rows.length && isCodeRow(rows[j], stats) === code && (!code || rows[j].y - rows[j - 1].y <= 3 * rows[j].size)) j++;
    const run = rows.slice(i, j);
    out.push(...(code && !loneLink(run) ? [codeBlock(run)] : buildTextBlocks(run, stats)));
    i = j;
  }
  return out;
}

/** A web address (a footnote's, after its number) on a line of its own: set in a fixed-pitch font, but a link, not code. */
const LINK_LINE = /^(?:\d{1,3}\s+)?(?:https?:\/\/|www\.)\S+$/i;
const loneLink = (run: Row[]) => run.length === 1 && LINK_LINE.test(rowText(run[0]).trim());

/** Lines of fixed-pitch text on a character grid: indentation and alignment kept, blank lines where the pitch doubles. */
function codeBlock(rows: Row[]): Block {
  const cells = rows.flatMap((r) => r.segments.map((s) => (s.x1 - s.x0) / Math.max(s.text.length, 1))).sort((a, b) => a - b);
  const cell = cells[cells.length >> 1] || 0.6 * rows[0].size;
  const x0 = Math.min(...rows.map((r) => r.x0));
  const pitches = rows
    .slice(1)
    .map((r, k) => r.y - rows[k].y)
    .sort((a, b) => a - b);
  const pitch = pitches[pitches.length >> 1] ?? rows[0].size;
  const lines: string[] = [];
  rows.forEach((r, k) => {
    if (k > 0 && r.y - rows[k - 1].y > 1.7 * pitch) lines.push("");
    let line = "";
    for (const s of r.segments) {
      const col = Math.max(Math.round((s.x0 - x0) / cell), line.length + (line ? 1 : 0));
      line = line.padEnd(col) + s.text;
    }
    lines.push(line);
  });
  return { type: "code", lines };
}

function buildTextBlocks(rows: Row[], stats: LayoutStats): Block[] {
  if (!rows.length) return [];
  const lines: Line[] = splitBySize(rows).map((r) => {
    const marked = rowMarked(r);
    // Bold: (nearly) all characters, and no regular word (a bold sentence running into regular text).
    const bold = rowBold(r) && !/\p{L}{2}/u.test(marked.replace(/\uFDD0[^\uFDD1]*\uFDD1/g, ""));
    const tabular = r.segments.some((s, k) => k > 0 && s.x0 - r.segments[k - 1].x1 > 2 * r.size);
    const italic = rowItalic(r);
    return {
      text: rowText(r),
      marked,
      tabular,
      x0: r.x0,
      x1: r.x1,
      y: r.y,
      size: r.size,
      bold,
      italic,
      level: sizeLevel(r.size, stats),
      font: rowFont(r),
    };
  });
  const right = Math.max(...lines.map((l) => l.x1));
  const left = Math.min(...lines.map((l) => l.x0));
  const width = Math.max(right - left, 1);
  const ratio = Math.min(Math.max(stats.lineRatio, 1), 1.45);
  const paras: Para[] = [];
  let para: Para | null = null;

  const full = (l: Line) => l.x1 >= right - Math.max(0.15 * width, 3 * l.size);
  const headingFont = (l: Line) => !!l.font && !!stats.headingFonts?.has(l.font);
  const continues = (p: Para, l: Line): boolean => {
    const prev = p.lines[p.lines.length - 1];
    // A heading's lines may differ a little in size (a title's lines each fitted to the width), which ranks
    // them as two levels: the same weight, the same left edge and set at a heading's leading, they are one.
    const big = Math.max(l.size, prev.size);
    const fitted =
      l.level > 0 &&
      prev.level > 0 &&
      Math.abs(l.size - prev.size) <= Math.max(0.6, 0.12 * big) &&
      l.bold === prev.bold &&
      Math.abs(l.x0 - prev.x0) <= 1 &&
      l.y - prev.y <= 1.45 * big;
    if (!fitted && (l.level !== prev.level || Math.abs(l.size - prev.size) > 0.6)) return false;
    // A line of sub-caption labels stands alone.
    if (LABELS_ONLY.test(l.text) || LABELS_ONLY.test(prev.text)) return false;
    // A change of weight starts a new block, unless a bold run carries on into regular text (emphasis):
    // the next line starts bold, or the line before the change runs to the right edge.
    if (l.level === 0 && l.bold !== prev.bold) {
      if (l.tabular || prev.tabular || (!(prev.bold && l.marked.startsWith(BOLD_OPEN)) && !full(prev))) return false;
    }
    // A line in a font set only in headings, or the line after one, in another font: a new block.
    if (l.level === 0 && l.font !== prev.font && (headingFont(l) || (headingFont(prev) && p.lines.length === 1))) return false;
    // A short italic line over regular text: a heading set in italics at body size, not a paragraph's line.
    if (l.level === 0 && p.lines.length === 1 && prev.italic && !l.italic && !full(prev)) return false;
    const pitch = l.y - prev.y;
    // The first line of a list item is often taller (a bullet glyph from a font with a tall line): its
    // hanging continuation (indented past the marker) may sit lower than the body's leading.
    const hanging = !!p.marker && p.lines.length === 1 && l.x0 > p.markerX + 0.5 * l.size;
    const leading = l.level > 0 ? Math.max(ratio * 1.15, 1.45) : hanging ? ratio * 1.6 : ratio * 1.15;
    // A heading's leading is its own style's, not the body's (tight body text must not split headings).
    if (pitch <= 0 || pitch > l.size * leading + 1) return false;
    if (p.lines.length >= 2) {
      const est = prev.y - p.lines[p.lines.length - 2].y;
      if (pitch > est + Math.max(2, 0.15 * est)) return false;
    }
    const s = l.size;
    if (l.level > 0) return l.x0 < prev.x1 && l.x1 > prev.x0;
    if (p.marker) {
      // An item set like a paragraph (its bullet indented like a first line, the text running on at the
      // column's edge under it): the first line does not end a sentence and runs to the right edge or
      // on into a lower-case word; the next lines keep to the second line's edge.
      if (p.lines.length >= 2 && p.lines[1].x0 < p.markerX - 0.5 * s) {
        if (Math.abs(l.x0 - p.lines[1].x0) > 0.8 * s) return false;
      } else if (l.x0 < p.markerX - 0.5 * s) {
        const runIn = p.lines.length === 1 && l.x0 >= p.markerX - 3 * s && !SENTENCE_END.test(prev.text) && (full(prev) || /^\p{Ll}/u.test(l.text));
        if (!runIn) return false;
      }
    } else if (p.lines.length === 1) {
      if ((l.x0 > prev.x0 + 0.8 * s && !hangingUnderLabel(prev, l)) || l.x0 < prev.x0 - 4 * s) return false;
    } else if (Math.abs(l.x0 - p.lines[1].x0) > 0.8 * s) return false;
    if (SENTENCE_END.test(prev.text) && !full(prev)) return false;
    // A table of contents' entry ends with its leader and page number: the next entry is a line of its own.
    if (TOC_ENTRY_END.test(prev.text)) return false;
    return true;
  };

  for (const line of lines) {
    const l: Line = bulletAtHeadingSize(line, para) ? { ...line, level: 0 } : line;
    const marker = l.level === 0 ? listMarker(l.text) : null;
    const asItem: boolean =
      !!marker && (marker.glyph || !para || !!para.marker || !continues(para, l) || SENTENCE_END.test(para.lines[para.lines.length - 1].text));
    if (para && !asItem && continues(para, l)) {
      para.lines.push(l);
      continue;
    }
    para = { lines: [l], marker: asItem ? marker : null, markerX: l.x0 };
    paras.push(para);
  }
  return paras.map((p, i) => toBlock(p, stats, paras[i + 1]));
}

function toBlock(p: Para, stats: LayoutStats, next?: Para): Block {
  const first = p.lines[0];
  let text = p.marker ? p.marker.rest : first.text;
  for (const l of p.lines.slice(1)) text = joinLines(text, l.text);
  // A table of contents' entry, set like the heading it points to, is not a heading: it ends with its leader and page number.
  const tocEntry = TOC_ENTRY_END.test(text);
  if (first.level > 0 && text.length <= 250 && p.lines.length <= 4 && !tocEntry && !FIELD_VALUE.test(text) && !SENTENCE(text))
    return { type: "heading", level: first.level, text };
  if (!tocEntry && numberedHeading(p, first.text, stats, next)) return { type: "heading", level: stats.boldHeadingLevel, text: first.text };
  if (p.marker) return { type: "item", x: p.markerX, marker: p.marker.out, text, size: first.size };
  const allBold = p.lines.every((l) => l.bold);
  // A bold line ending in a colon leads into what follows ("Key benefits:"): a label, not a heading.
  const boldHeading =
    allBold && p.lines.length <= 2 && text.length <= 120 && /\p{L}/u.test(text) && !/[.,;:]$/.test(text) && !tocEntry && !FIELD_VALUE.test(text);
  let marked = first.marked;
  for (const l of p.lines.slice(1)) marked = joinLines(marked, l.marked);
  // At body size, or set a little larger without reaching a heading size of its own (a 12 pt bold subhead over
  // 11 pt prose): weight makes it the heading.
  if (boldHeading && first.size > stats.bodySize - 1 && first.size <= headingSizeFloor(stats.bodySize)) {
    const heading: Block = { type: "heading", level: stats.boldHeadingLevel, text };
    if (!SECTION_LABEL.test(text)) heading.byWeight = mergeMarks(marked);
    return heading;
  }
  if (italicHeading(p, text, stats, next)) return { type: "heading", level: stats.boldHeadingLevel, text };
  if (fontHeading(p, text, stats, next)) return { type: "heading", level: stats.boldHeadingLevel, text };
  return { type: "paragraph", text: mergeMarks(marked) };
}

/** A paragraph (text with bold marks) as Markdown; marks are dropped where the start needs escaping. */
function paragraphMarkdown(text: string): string {
  const plain = stripMarks(text);
  const escaped = escapeBlock(plain);
  if (plain === text || escaped !== escapeInline(plain)) return escaped;
  return renderMarks(escapeInline(text));
}

/** Blocks → Markdown: blank lines between blocks, consecutive list items as one (nested) list. */
export function renderBlocks(blocks: Block[]): string {
  const out: string[] = [];
  let list: string[] = [];
  let stack: { x: number; indent: number; content: number; ordered: boolean }[] = [];
  const endList = () => {
    if (list.length) out.push(list.join("\n"));
    list = [];
    stack = [];
  };
  for (const b of blocks) {
    if (b.type !== "item") endList();
    switch (b.type) {
      case "heading":
        out.push(`${"#".repeat(b.level)} ${escapeHeading(b.text)}`);
        break;
      case "paragraph":
        out.push(paragraphMarkdown(b.text));
        break;
      case "table":
        if (b.cells.length) out.push(renderTable(b.cells));
        break;
      case "code": {
        const longest = Math.max(2, ...b.lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((m) => m.length))));
        const fence = "`".repeat(longest + 1);
        out.push(`${fence}\n${b.lines.join("\n")}\n${fence}`);
        break;
      }
      case "item": {
        const tol = 0.5 * b.size;
        while (stack.length && stack[stack.length - 1].x > b.x + tol) stack.pop();
        // A top-level item of the other kind (bullets vs numbers) starts a new list.
        if (stack.length === 1 && Math.abs(stack[0].x - b.x) <= tol && stack[0].ordered !== /\d/.test(b.marker)) endList();
        const top = stack[stack.length - 1];
        let indent = 0;
        if (top && Math.abs(top.x - b.x) <= tol) {
          indent = top.indent;
          stack.pop();
        } else if (top) indent = top.content;
        stack.push({ x: b.x, indent, content: indent + b.marker.length + 1, ordered: /\d/.test(b.marker) });
        list.push(`${" ".repeat(indent)}${b.marker} ${escapeBlock(b.text)}`);
        break;
      }
    }
  }
  endList();
  return out.join("\n\n");
}
