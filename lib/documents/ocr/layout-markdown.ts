// tesseract layout → Markdown. Results keep tesseract's layout: paragraphs (lines joined with spaces,
// line-end hyphens removed), headings from line height relative to the body text, bullet and numbered
// lists, blank lines between blocks.
import { escapeMarkdownText } from "@/lib/documents/html-to-markdown";
import type { OcrBlock, OcrBox } from "./types";

interface TBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TWord {
  text: string;
  confidence: number;
  bbox: TBox;
}
interface TLine {
  words: TWord[];
  confidence: number;
  bbox: TBox;
  rowAttributes?: { rowHeight?: number };
}
interface TParagraph {
  lines: TLine[];
  bbox: TBox;
  confidence: number;
}
export interface TBlock {
  paragraphs: TParagraph[];
}

interface Line {
  text: string;
  height: number;
  confidence: number;
  bbox: TBox;
}

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
/** Glyphs that only ever mark list items. */
const BULLET_STRICT = /^[•●○◦▪▫■□‣⁃∙➢➤►▶✓✔❖◆◇]\s*(.*)$/u;
/** Glyphs tesseract also reads bullets as, or dashes; accepted at the start of a paragraph or inside a list. */
const BULLET_LOOSE = /^[»«*+·\-–—]\s+(.+)$/u;
const NUMBERED = /^(\d{1,3})[.)]\s+(.+)$/u;

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

function lineOf(l: TLine): Line | null {
  const words = (l.words ?? []).map((w) => w.text.trim()).filter(Boolean);
  const text = words.join(" ").replace(/\s+/g, " ").trim();
  if (!text) return null;
  // Noise from pictures, rules and page edges: no letters or digits at all, or hardly any confidence.
  if (!HAS_WORD_CHAR.test(text) || l.confidence < 20) return null;
  const height = l.rowAttributes?.rowHeight && l.rowAttributes.rowHeight > 0 ? l.rowAttributes.rowHeight : l.bbox.y1 - l.bbox.y0;
  return { text, height, confidence: l.confidence, bbox: l.bbox };
}

/**
 * Turns tesseract's block tree into blocks and Markdown. `scale` is prepared pixels per input pixel (boxes are
 * reported in input pixels). Exported for tests.
 */
export function ocrLayoutToMarkdown(
  tblocks: readonly TBlock[] | null | undefined,
  scale = 1,
): { markdown: string; text: string; blocks: OcrBlock[] } {
  const inv = 1 / scale;
  const paragraphs: { lines: Line[]; bbox: TBox; confidence: number }[] = [];
  for (const b of tblocks ?? []) {
    for (const p of b.paragraphs ?? []) {
      const lines = (p.lines ?? []).map(lineOf).filter((l): l is Line => l !== null);
      if (lines.length) paragraphs.push({ lines, bbox: unionBox(lines.map((l) => l.bbox)), confidence: p.confidence });
    }
  }
  // Body text height: median line height weighted by characters.
  const weighted: number[] = [];
  for (const p of paragraphs) for (const l of p.lines) for (let i = 0; i < Math.ceil(l.text.length / 10); i++) weighted.push(l.height);
  const bodyHeight = median(weighted);
  const totalLines = paragraphs.reduce((n, p) => n + p.lines.length, 0);

  const blocks: OcrBlock[] = [];
  const pushList = (item: { ordered: boolean; number?: number; text: string }, bbox: TBox, confidence: number) => {
    const last = blocks[blocks.length - 1];
    if (last?.kind === "list") {
      last.items!.push(item);
      last.bbox = unionBox([last.bbox, bbox]);
    } else blocks.push({ kind: "list", text: "", items: [item], bbox, confidence });
  };

  for (const p of paragraphs) {
    const pHeight = median(p.lines.map((l) => l.height));
    const ratio = bodyHeight > 0 ? pHeight / bodyHeight : 1;
    const joined = joinOcrLines(p.lines.map((l) => l.text));
    const box = scaleBox(p.bbox, inv);
    // Headings: clearly taller than the body text, short, not a sentence.
    if (totalLines >= 3 && p.lines.length <= 3 && joined.length <= 150 && !/[.,;]$/.test(joined) && /\p{L}/u.test(joined)) {
      const level = ratio >= 1.75 ? 1 : ratio >= 1.35 ? 2 : ratio >= 1.2 && p.lines.length === 1 && joined.length <= 80 ? 3 : 0;
      if (level) {
        blocks.push({ kind: "heading", level, text: joined, bbox: box, confidence: p.confidence });
        continue;
      }
    }
    // Lists: a line opening with a bullet or number starts an item; other lines continue it.
    const prev = blocks[blocks.length - 1];
    let inList = prev?.kind === "list";
    const items: { ordered: boolean; number?: number; lines: string[] }[] = [];
    const lead: string[] = [];
    for (let i = 0; i < p.lines.length; i++) {
      const t = p.lines[i].text;
      const open = i === 0 || inList;
      const strict = BULLET_STRICT.exec(t);
      const loose = open ? BULLET_LOOSE.exec(t) : null;
      const num = open ? NUMBERED.exec(t) : null;
      if (strict || loose) {
        items.push({ ordered: false, lines: [(strict ?? loose)![1]] });
        inList = true;
      } else if (num) {
        items.push({ ordered: true, number: Number(num[1]), lines: [num[2]] });
        inList = true;
      } else if (items.length) items[items.length - 1].lines.push(t);
      else lead.push(t);
    }
    if (lead.length) {
      blocks.push({ kind: "paragraph", text: joinOcrLines(lead), bbox: box, confidence: p.confidence });
    }
    for (const it of items) pushList({ ordered: it.ordered, number: it.number, text: joinOcrLines(it.lines) }, box, p.confidence);
  }

  const md: string[] = [];
  const plain: string[] = [];
  for (const b of blocks) {
    if (b.kind === "list") {
      b.text = b.items!.map((i) => (i.ordered ? `${i.number}. ${i.text}` : i.text)).join("\n");
      md.push(b.items!.map((i) => `${i.ordered ? `${i.number}.` : "-"} ${escapeMarkdownText(i.text)}`).join("\n"));
    } else if (b.kind === "heading") md.push(`${"#".repeat(b.level!)} ${escapeMarkdownText(b.text)}`);
    else md.push(escapeMarkdownText(b.text));
    plain.push(b.text);
  }
  return { markdown: md.join("\n\n"), text: plain.join("\n\n"), blocks };
}
