// Structure-following chunker: Markdown pages in, retrieval chunks out. Pure (no I/O, no configuration).
//
// - Every heading starts a new chunk; the heading path ("H1 > H2 > H3") is carried into each chunk of its
//   section, and the heading lines themselves open the section's first chunk (so they are searchable).
// - A chunk never spans two pages, so that `page` is exact for citations.
// - Blocks are kept whole when they fit: a table, a list, a paragraph, a code block. Otherwise a table is
//   split by rows with its header row repeated, a list by items, a paragraph by sentences (a sentence longer
//   than the target by words), a code block by lines.
// - Blocks are packed into a chunk up to `targetTokens`; consecutive chunks of the same section on the same
//   page share up to `overlapTokens` of trailing prose (whole sentences when possible). Tables and code never
//   overlap.
//
// Token counts are an approximation of BPE tokenizers (cl100k-like), cheap and dependency-free: a word costs
// one token per 8 letters started, a number one per 3 digits, a punctuation run one per 2 characters, a CJK
// character one. Whitespace is free. It errs slightly high on English prose, so chunks stay under model limits.

import { type MarkdownBlock, parseBlocks } from "./markdown-blocks";

// The block parser lives in ./markdown-blocks; re-exported for callers that import it from here.
export { parseBlocks } from "./markdown-blocks";

export interface ChunkPageInput {
  page: number;
  markdown: string;
}

export interface DocumentChunk {
  chunkIndex: number;
  page: number;
  /** Ancestor headings of the chunk, outermost first, joined by " > "; "" before the first heading. */
  headingPath: string;
  content: string;
  tokenCount: number;
}

export interface ChunkOptions {
  /** Target (and, except for pathological input, maximum) tokens per chunk. Default 350. */
  targetTokens?: number;
  /** Tokens of trailing prose repeated at the start of the next chunk of the same section. Default 50. */
  overlapTokens?: number;
}

const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\p{N}+|[\p{L}\p{M}_]+|[^\s\p{L}\p{M}\p{N}_]+/gu;
const CJK_RE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** Approximate BPE token count (see the header comment). */
export function estimateTokens(text: string): number {
  let n = 0;
  for (const [m] of text.matchAll(TOKEN_RE)) {
    if (CJK_RE.test(m)) n += 1;
    else if (/^\p{N}/u.test(m)) n += Math.ceil(m.length / 3);
    else if (/^[\p{L}\p{M}_]/u.test(m)) n += Math.ceil(m.length / 8);
    else n += Math.ceil(m.length / 2);
  }
  return n;
}

// --- Sentences and words ------------------------------------------------------------------------------

const ABBREVIATIONS = new Set(
  "e.g i.e mr mrs ms dr prof inc ltd co corp vs etc no nr fig al approx ca cf st jr sr dept z.b bzw usw vgl ggf mme mlle env p pp vol art abs".split(
    " ",
  ),
);

/** Sentences of a text (boundary punctuation kept with its sentence); abbreviations and initials do not split. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const re = /[.!?…]+["'”’»)\]]*(?=\s+\S)|[。！？]+/gu;
  let start = 0;
  for (const m of text.matchAll(re)) {
    const end = m.index + m[0].length;
    const before = text.slice(start, m.index);
    const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? "";
    const next = text.slice(end).trimStart()[0] ?? "";
    const cjk = /[。！？]/.test(m[0]);
    if (!cjk && m[0].startsWith(".") && (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word) || /^\p{Ll}/u.test(next))) continue;
    const s = text.slice(start, end).trim();
    if (s) out.push(s);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Cuts text into pieces of at most `max` tokens at word boundaries (characters for unbroken runs). */
export function splitByTokens(text: string, max: number): string[] {
  const out: string[] = [];
  let cur = "";
  let curTokens = 0;
  for (const [word] of text.matchAll(/\S+\s*/g)) {
    const t = estimateTokens(word);
    if (t > max) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
      curTokens = 0;
      const step = Math.max(1, Math.floor((word.length * max) / t));
      for (let k = 0; k < word.length; k += step) out.push(word.slice(k, k + step).trim());
      continue;
    }
    if (curTokens + t > max && cur.trim()) {
      out.push(cur.trim());
      cur = "";
      curTokens = 0;
    }
    cur += word;
    curTokens += t;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.filter(Boolean);
}

// --- Pieces: what the packer places -----------------------------------------------------------------

interface Piece {
  text: string;
  tokens: number;
  /** Index of the block it comes from; pieces of one block join with `joiner`, blocks with a blank line. */
  block: number;
  joiner: string;
  /** Prose may be repeated as overlap; tables and code may not. */
  prose: boolean;
}

const piece = (text: string, block: number, joiner: string, prose: boolean): Piece => ({
  text,
  tokens: estimateTokens(text),
  block,
  joiner,
  prose,
});

function proseParts(text: string, block: number, first: string, max: number): Piece[] {
  const parts: Piece[] = [];
  for (const sentence of splitSentences(text)) {
    for (const cut of estimateTokens(sentence) > max ? splitByTokens(sentence, max) : [sentence]) {
      parts.push(piece(cut, block, parts.length ? " " : first, true));
    }
  }
  return parts;
}

/** Groups lines under a repeated header so that each group stays within `max` tokens. */
function groupLines(lines: string[], header: string[], footer: string[], max: number, block: number, prose: boolean): Piece[] {
  const fixed = estimateTokens([...header, ...footer].join("\n"));
  const room = Math.max(1, max - fixed);
  const groups: string[][] = [];
  let cur: string[] = [];
  let tokens = 0;
  for (const line of lines) {
    const t = estimateTokens(line);
    const cuts = t > room ? splitByTokens(line, room) : [line];
    for (const cut of cuts) {
      const ct = estimateTokens(cut);
      if (cur.length && tokens + ct > room) {
        groups.push(cur);
        cur = [];
        tokens = 0;
      }
      cur.push(cut);
      tokens += ct;
    }
  }
  if (cur.length) groups.push(cur);
  return groups.map((g) => piece([...header, ...g, ...footer].join("\n"), block, "\n\n", prose));
}

function wholeText(b: Exclude<MarkdownBlock, { kind: "heading" }>): string {
  switch (b.kind) {
    case "paragraph":
      return b.text;
    case "list":
      return b.items.join("\n");
    case "table":
      return [...b.header, ...b.rows].join("\n");
    case "code":
      return [b.open, ...b.lines, b.close].join("\n");
  }
}

function parts(b: Exclude<MarkdownBlock, { kind: "heading" }>, block: number, max: number): Piece[] {
  switch (b.kind) {
    case "paragraph":
      return proseParts(b.text, block, "\n\n", max);
    case "list":
      // Item by item; an item too long on its own is cut by sentences.
      return b.items.flatMap((item, k) =>
        estimateTokens(item) <= max ? [piece(item, block, k ? "\n" : "\n\n", true)] : proseParts(item, block, k ? "\n" : "\n\n", max),
      );
    case "table":
      return groupLines(b.rows, b.header, [], max, block, false);
    case "code":
      return groupLines(b.lines, [b.open], [b.close], max, block, false);
  }
}

// --- Packing ------------------------------------------------------------------------------------------

interface Building {
  pieces: Piece[];
  text: string;
  tokens: number;
  page: number;
  headingPath: string;
}

export function chunkDocument(pages: ChunkPageInput[], opts: ChunkOptions = {}): DocumentChunk[] {
  const target = Math.max(20, Math.floor(opts.targetTokens ?? 350));
  const overlapMax = Math.max(0, Math.min(Math.floor(opts.overlapTokens ?? 50), Math.floor(target / 2)));
  const chunks: DocumentChunk[] = [];
  const stack: { level: number; text: string }[] = [];
  let pending: { raw: string; level: number; page: number; path: string }[] = [];
  let cur: Building | undefined;
  const path = () => stack.map((h) => h.text).join(" > ");

  const emit = (page: number, headingPath: string, content: string) => {
    const text = content.trim();
    if (text) chunks.push({ chunkIndex: chunks.length, page, headingPath, content: text, tokenCount: estimateTokens(text) });
  };
  const flush = () => {
    if (cur) emit(cur.page, cur.headingPath, cur.text);
    cur = undefined;
  };
  const flushPending = () => {
    if (pending.length) emit(pending[0].page, pending[pending.length - 1].path, pending.map((h) => h.raw).join("\n\n"));
    pending = [];
  };
  const pendingTokens = () => estimateTokens(pending.map((h) => h.raw).join("\n"));

  const start = (p: Piece, page: number, overlap?: { text: string; tokens: number; last: Piece }) => {
    let text = p.text;
    let tokens = p.tokens;
    if (pending.length) {
      text = `${pending.map((h) => h.raw).join("\n\n")}\n\n${text}`;
      tokens += pendingTokens();
      pending = [];
    } else if (overlap) {
      text = `${overlap.text}${overlap.last.block === p.block ? p.joiner : "\n\n"}${text}`;
      tokens += overlap.tokens;
    }
    cur = { pieces: [p], text, tokens, page, headingPath: path() };
  };
  const append = (p: Piece) => {
    const last = cur!.pieces[cur!.pieces.length - 1];
    cur!.text += (last.block === p.block ? p.joiner : "\n\n") + p.text;
    cur!.tokens += p.tokens;
    cur!.pieces.push(p);
  };
  /** A full chunk gives way to the next one of the same section, which opens with the trailing prose. */
  const rollOver = (p: Piece, page: number) => {
    const prev = cur!;
    flush();
    const overlap = p.prose ? tailOf(prev.pieces, Math.min(overlapMax, target - p.tokens)) : undefined;
    start(p, page, overlap);
  };

  let blockIndex = 0;
  for (const { page, markdown } of pages) {
    // Headings still waiting for content belong to the page they are printed on.
    flushPending();
    flush();
    for (const b of parseBlocks(markdown, page)) {
      const index = blockIndex++;
      if (b.kind === "heading") {
        flush();
        if (pending.some((h) => h.level >= b.level)) flushPending();
        while (stack.length && stack[stack.length - 1].level >= b.level) stack.pop();
        stack.push({ level: b.level, text: b.text });
        pending.push({ raw: b.raw, level: b.level, page, path: path() });
        continue;
      }
      const whole = piece(wholeText(b), index, "\n\n", b.kind === "paragraph" || b.kind === "list");
      if (cur && cur.tokens + whole.tokens <= target) {
        append(whole);
        continue;
      }
      if (whole.tokens + (cur ? 0 : pendingTokens()) <= target) {
        if (cur) rollOver(whole, page);
        else start(whole, page);
        continue;
      }
      for (const p of parts(b, index, target)) {
        if (!cur) start(p, page);
        else if (cur.tokens + p.tokens <= target) append(p);
        else rollOver(p, page);
      }
    }
  }
  flush();
  flushPending();
  return chunks;
}

/** Trailing prose of a chunk within `max` tokens: whole sentences when possible, else trailing words. */
function tailOf(pieces: Piece[], max: number): { text: string; tokens: number; last: Piece } | undefined {
  const last = pieces[pieces.length - 1];
  if (max <= 0 || !last?.prose) return undefined;
  const sentences: string[] = [];
  let tokens = 0;
  outer: for (let k = pieces.length - 1; k >= 0 && pieces[k].prose && pieces[k].block === last.block; k--) {
    const ss = splitSentences(pieces[k].text);
    for (let s = ss.length - 1; s >= 0; s--) {
      const t = estimateTokens(ss[s]);
      if (tokens + t > max) break outer;
      sentences.unshift(ss[s]);
      tokens += t;
    }
  }
  if (sentences.length) return { text: sentences.join(" "), tokens, last };
  const words = last.text.split(/\s+/).filter(Boolean);
  const picked: string[] = [];
  for (let k = words.length - 1; k >= 0; k--) {
    const t = estimateTokens(words[k]);
    if (tokens + t > max) break;
    picked.unshift(words[k]);
    tokens += t;
  }
  return picked.length ? { text: picked.join(" "), tokens, last } : undefined;
}
