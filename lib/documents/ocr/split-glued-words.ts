// Words tesseract ran together across a gap. Two cells set close together ("1...  2...", a table's columns a
// line height apart) can come out as one word ("1...2..."), which no column rule can then split. Inside a word
// the gap between two glyphs is a small fraction of the line height; a gap of GLUED_GAP line heights or more
// is a space tesseract missed, and the word is split there (text, box and glyphs of each part from its own
// glyphs; the word's confidence kept); a part of punctuation alone is not split off. Applied to the block tree before the layout step (layout-markdown.ts).
import type { TBlock } from "./tesseract-blocks";

/** A gap between two glyphs of a word this many line heights wide is a missed space. */
const GLUED_GAP = 0.5;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Word {
  text: string;
  confidence: number;
  bbox: Box;
  symbols?: { text: string; bbox: Box }[] | null;
}

/** The word's parts between missed spaces (the word itself when there is none). */
export function splitGluedWord<W extends Word>(w: W, lineHeight: number): W[] {
  const syms = w.symbols ?? [];
  if (syms.length < 2 || syms.map((s) => s.text).join("") !== w.text.trim()) return [w];
  const parts: (typeof syms)[] = [[syms[0]]];
  for (let i = 1; i < syms.length; i++) {
    if (syms[i].bbox.x0 - syms[i - 1].bbox.x1 >= GLUED_GAP * lineHeight) parts.push([syms[i]]);
    else parts[parts.length - 1].push(syms[i]);
  }
  // (a part of punctuation alone stays with the part before it: "[...]" set in a wide monospace font)
  for (let i = parts.length - 1; i >= 0 && parts.length > 1; i--) {
    if (HAS_WORD_CHAR.test(parts[i].map((s) => s.text).join(""))) continue;
    const into = i > 0 ? i - 1 : 1;
    parts[into] = into < i ? [...parts[into], ...parts[i]] : [...parts[i], ...parts[into]];
    parts.splice(i, 1);
  }
  if (parts.length === 1) return [w];
  return parts.map((p) => ({
    ...w,
    text: p.map((s) => s.text).join(""),
    symbols: p,
    bbox: {
      x0: Math.min(...p.map((s) => s.bbox.x0)),
      y0: Math.min(...p.map((s) => s.bbox.y0)),
      x1: Math.max(...p.map((s) => s.bbox.x1)),
      y1: Math.max(...p.map((s) => s.bbox.y1)),
    },
  }));
}

/** The block tree with glued words split (the same objects when nothing was split). */
export function splitGluedWords(blocks: readonly TBlock[] | null | undefined): readonly TBlock[] | null | undefined {
  if (!blocks) return blocks;
  let changed = false;
  const out = blocks.map((b) => ({
    ...b,
    paragraphs: (b.paragraphs ?? []).map((p) => ({
      ...p,
      lines: (p.lines ?? []).map((l) => {
        const height = l.rowAttributes?.rowHeight && l.rowAttributes.rowHeight > 0 ? l.rowAttributes.rowHeight : l.bbox.y1 - l.bbox.y0;
        const words = (l.words ?? []).flatMap((w) => splitGluedWord(w, height));
        if (words.length !== (l.words ?? []).length) changed = true;
        return { ...l, words };
      }),
    })),
  }));
  return changed ? out : blocks;
}
