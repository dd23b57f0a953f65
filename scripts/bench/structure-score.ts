// Pure scoring functions for the parse quality benchmark: how close is predicted Markdown to ground-truth
// Markdown, in text and in structure. No I/O, deterministic.
//
// Metrics (all in 0..1, higher is better):
// - textF1: token-level F1 over normalised words (NFKC, lowercase, every run of characters that are not
//   letters or digits is a separator), as multisets.
// - charSimilarity: 1 − Levenshtein(pred, truth) / max(|pred|, |truth|) on the plain text (Markdown syntax
//   removed, whitespace collapsed; case and punctuation kept). Myers/Hyyrö bit-parallel algorithm: linear
//   memory, O(n·m/32) time, fine for 50 KB texts.
// - headings: precision/recall/F1 of (level, normalised text) pairs; headingTextF1 ignores the level.
// - tables: each ground-truth table is paired one-to-one with the predicted table that maximises its cell
//   F1 (greedy, best pairs first). Cells are (row, column, normalised text) triples, header row = row 0,
//   empty cells ignored. tableCellF1 is micro-averaged: matched cells / all non-empty cells of all predicted
//   tables (precision) and / all ground-truth cells (recall), so spurious tables cost precision.
//   tableShapeAccuracy = share of ground-truth tables whose paired table has the same rows × columns.
//   tableContentF1 (diagnostic only) is the bag-of-cells F1 ignoring positions.
// - lists: F1 over the list items' own text (nested items are items too), normalised.
// - readingOrder: the first 6 normalised words of every ground-truth paragraph of ≥ 6 words (keys that occur
//   more than once in the ground-truth text are dropped as ambiguous) are looked up as word sequences in the
//   prediction; the score is the share of concordant pairs among the keys found (Kendall-tau-like: 1 = same
//   order, 0 = reversed).
//   readingOrderCoverage = keys found / keys. Fewer than 2 keys found out of ≥ 2: 0.
//
// Heading texts and list items are matched exactly after normalisation, then greedily by similarity ≥ 0.9
// (char similarity of the normalised texts), so a single OCR slip does not lose a whole heading.
//
// "Not applicable": when neither the ground truth nor the prediction has any headings (tables, lists,
// paragraph keys), that metric is null. When the ground truth has none but the prediction invents some,
// the metric is 0 (spurious structure is an error).
//
// overall = mean of the applicable ones among textF1, headingF1, tableCellF1, listF1 and readingOrder.

// ---------------------------------------------------------------------------------------------------------
// Normalisation

/** Normalised words: NFKC, lowercase, punctuation and symbols are separators. */
export function normalizeWords(text: string): string[] {
  const s = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return s ? s.split(" ") : [];
}

export function normalizeText(text: string): string {
  return normalizeWords(text).join(" ");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Inline Markdown (and inline HTML) to plain text. */
export function inlineToPlain(s: string): string {
  return s
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/?[a-zA-Z][^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e])
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, "\u0000$1") // protect escaped characters
    .replace(/\*+/g, "")
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, "$1")
    .replace(/~~/g, "")
    .replace(/`+/g, "")
    .replace(/\u0000/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------------------
// Markdown structure

export type MdBlock =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "listItem"; text: string; depth: number; ordered: boolean }
  | { kind: "table"; rows: string[][] };

export interface MarkdownStructure {
  blocks: MdBlock[];
  headings: { level: number; text: string }[];
  paragraphs: string[];
  listItems: string[];
  tables: string[][][];
  /** Whitespace-normalised plain text of all blocks in order. */
  plainText: string;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Split a GFM table row into cells (escaped pipes stay in the cell). */
export function splitTableRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "\\" && s[i + 1] === "|") {
      cur += "|";
      i++;
    } else if (ch === "|") {
      cells.push(cur);
      cur = "";
    } else {
      cur += ch;
    }
  }
  cells.push(cur);
  return cells.map((c) => inlineToPlain(c));
}

function htmlTableRows(html: string): string[][] {
  const rows: string[][] = [];
  for (const tr of html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...tr[1].matchAll(/<t([hd])\b[^>]*>([\s\S]*?)<\/t\1>/gi)].map((m) => inlineToPlain(m[2]));
    if (cells.length) rows.push(cells);
  }
  return rows;
}

/** A small block parser for the Markdown that converters produce (CommonMark + GFM tables, HTML tables). */
export function parseMarkdown(markdown: string): MarkdownStructure {
  const lines = markdown
    .replace(/\r\n?/g, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .split("\n");
  const blocks: MdBlock[] = [];
  let para: string[] = [];
  let item: { text: string[]; depth: number; ordered: boolean } | null = null;
  const flushPara = () => {
    if (para.length) {
      const text = inlineToPlain(para.join(" "));
      if (text) blocks.push({ kind: "paragraph", text });
    }
    para = [];
  };
  const flushItem = () => {
    if (item) blocks.push({ kind: "listItem", text: inlineToPlain(item.text.join(" ")), depth: item.depth, ordered: item.ordered });
    item = null;
  };
  const flush = () => {
    flushPara();
    flushItem();
  };
  const isTableStart = (i: number) =>
    lines[i].includes("|") &&
    i + 1 < lines.length &&
    DELIMITER_ROW.test(lines[i + 1]) &&
    lines[i + 1].includes("-") &&
    (lines[i + 1].includes("|") || lines[i].trim().startsWith("|"));

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      flush();
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence[1]); i++) body.push(lines[i]);
      const text = body.join(" ").replace(/\s+/g, " ").trim();
      if (text) blocks.push({ kind: "paragraph", text });
      continue;
    }
    if (/^\s*<table\b/i.test(line)) {
      flush();
      const buf: string[] = [line];
      while (!/<\/table>/i.test(buf[buf.length - 1]) && i + 1 < lines.length) buf.push(lines[++i]);
      blocks.push({ kind: "table", rows: htmlTableRows(buf.join("\n")) });
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      flush();
      blocks.push({ kind: "heading", level: atx[1].length, text: inlineToPlain(atx[2] ?? "") });
      continue;
    }
    // Setext heading underline (only right after paragraph text).
    if (para.length && !item && /^ {0,3}(=+|-+)[ \t]*$/.test(line)) {
      const text = inlineToPlain(para.join(" "));
      para = [];
      blocks.push({ kind: "heading", level: line.trim().startsWith("=") ? 1 : 2, text });
      continue;
    }
    if (THEMATIC.test(line)) {
      flush();
      continue;
    }
    if (isTableStart(i)) {
      flush();
      const rows = [splitTableRow(line)];
      i++; // delimiter row
      while (i + 1 < lines.length && lines[i + 1].includes("|") && !/^\s*$/.test(lines[i + 1])) rows.push(splitTableRow(lines[++i]));
      blocks.push({ kind: "table", rows });
      continue;
    }
    const li = LIST_ITEM.exec(line);
    if (li) {
      flush();
      const indent = li[1].replace(/\t/g, "    ").length;
      item = { text: [li[3]], depth: Math.floor(indent / 2), ordered: /\d/.test(li[2]) };
      continue;
    }
    const stripped = line.replace(/^ {0,3}>[ \t]?/, "");
    if (item) {
      item.text.push(stripped.trim()); // continuation of the item (indented or lazy)
    } else {
      para.push(stripped.trim());
    }
  }
  flush();
  const tables = blocks.filter((b): b is Extract<MdBlock, { kind: "table" }> => b.kind === "table").map((b) => b.rows);
  const plainText = blocks
    .map((b) => (b.kind === "table" ? b.rows.map((r) => r.join(" ")).join(" ") : b.text))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return {
    blocks,
    headings: blocks.flatMap((b) => (b.kind === "heading" ? [{ level: b.level, text: b.text }] : [])),
    paragraphs: blocks.flatMap((b) => (b.kind === "paragraph" ? [b.text] : [])),
    listItems: blocks.flatMap((b) => (b.kind === "listItem" ? [b.text] : [])),
    tables,
    plainText,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Edit distance (Myers 1999 / Hyyrö 2003 bit-parallel, multi-word blocks): linear memory.

export function levenshtein(x: string, y: string): number {
  if (x === y) return 0;
  // The pattern (bit vectors) is the shorter string.
  const [text, pattern] = x.length >= y.length ? [x, y] : [y, x];
  const m = pattern.length;
  const n = text.length;
  if (m === 0) return n;
  const blocks = Math.ceil(m / 32);
  const peq = new Map<number, Int32Array>();
  for (let i = 0; i < m; i++) {
    const c = pattern.charCodeAt(i);
    let v = peq.get(c);
    if (!v) {
      v = new Int32Array(blocks);
      peq.set(c, v);
    }
    v[i >>> 5] |= 1 << (i & 31);
  }
  const none = new Int32Array(blocks);
  const P = new Int32Array(blocks).fill(-1);
  const M = new Int32Array(blocks);
  const lastBits = m - (blocks - 1) * 32;
  const highLast = 1 << (lastBits - 1);
  const highFull = 1 << 31;
  let score = m;
  for (let j = 0; j < n; j++) {
    const eq = peq.get(text.charCodeAt(j)) ?? none;
    let hin = 1; // first row of the DP matrix: D[0][j] = j, so each column adds +1 at the top
    for (let k = 0; k < blocks; k++) {
      const high = k === blocks - 1 ? highLast : highFull;
      let Eq = eq[k];
      const Pv = P[k];
      const Mv = M[k];
      const Xv = Eq | Mv;
      if (hin < 0) Eq |= 1;
      const Xh = ((((Eq & Pv) + Pv) | 0) ^ Pv) | Eq;
      let Ph = Mv | ~(Xh | Pv);
      let Mh = Pv & Xh;
      const hout = Ph & high ? 1 : Mh & high ? -1 : 0;
      Ph <<= 1;
      Mh <<= 1;
      if (hin < 0) Mh |= 1;
      else if (hin > 0) Ph |= 1;
      P[k] = Mh | ~(Xv | Ph);
      M[k] = Ph & Xv;
      hin = hout;
    }
    score += hin;
  }
  return score;
}

/** 1 − edit distance / longer length (1 for two empty strings). */
export function editSimilarity(a: string, b: string): number {
  const len = Math.max(a.length, b.length);
  return len === 0 ? 1 : 1 - levenshtein(a, b) / len;
}

// ---------------------------------------------------------------------------------------------------------
// Set matching helpers

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(matched: number, predicted: number, expected: number): PRF {
  const precision = predicted === 0 ? (expected === 0 ? 1 : 0) : matched / predicted;
  const recall = expected === 0 ? (predicted === 0 ? 1 : 0) : matched / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Multiset F1 of two token lists. */
export function tokenF1(predicted: string[], expected: string[]): PRF {
  const counts = new Map<string, number>();
  for (const t of expected) counts.set(t, (counts.get(t) ?? 0) + 1);
  let matched = 0;
  for (const t of predicted) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      matched++;
      counts.set(t, c - 1);
    }
  }
  return prf(matched, predicted.length, expected.length);
}

/**
 * One-to-one matching of expected vs predicted items: exact (normalised) matches first, then greedily by
 * similarity ≥ threshold among compatible pairs. Returns the number of matched pairs.
 */
export function matchItems<T>(
  expected: T[],
  predicted: T[],
  text: (t: T) => string,
  compatible: (e: T, p: T) => boolean = () => true,
  threshold = 0.9,
): number {
  const usedE = new Array<boolean>(expected.length).fill(false);
  const usedP = new Array<boolean>(predicted.length).fill(false);
  const eText = expected.map(text);
  const pText = predicted.map(text);
  let matched = 0;
  const byText = new Map<string, number[]>();
  pText.forEach((t, j) => byText.set(t, [...(byText.get(t) ?? []), j]));
  eText.forEach((t, i) => {
    const js = byText.get(t) ?? [];
    const j = js.find((jj) => !usedP[jj] && compatible(expected[i], predicted[jj]));
    if (j !== undefined) {
      usedE[i] = usedP[j] = true;
      matched++;
    }
  });
  if (threshold < 1) {
    const pairs: { i: number; j: number; s: number }[] = [];
    for (let i = 0; i < expected.length; i++) {
      if (usedE[i]) continue;
      for (let j = 0; j < predicted.length; j++) {
        if (usedP[j] || !compatible(expected[i], predicted[j])) continue;
        const a = eText[i];
        const b = pText[j];
        // Quick length bound before the edit distance.
        if (Math.min(a.length, b.length) < threshold * Math.max(a.length, b.length)) continue;
        const s = editSimilarity(a, b);
        if (s >= threshold) pairs.push({ i, j, s });
      }
    }
    pairs.sort((p, q) => q.s - p.s || p.i - q.i || p.j - q.j);
    for (const { i, j } of pairs) {
      if (usedE[i] || usedP[j]) continue;
      usedE[i] = usedP[j] = true;
      matched++;
    }
  }
  return matched;
}

// ---------------------------------------------------------------------------------------------------------
// Tables

function tableCells(rows: string[][]): Map<string, string> {
  const cells = new Map<string, string>();
  rows.forEach((r, ri) =>
    r.forEach((c, ci) => {
      const t = normalizeText(c);
      if (t) cells.set(`${ri}:${ci}`, t);
    }),
  );
  return cells;
}

function tableShape(rows: string[][]): [number, number] {
  return [rows.length, rows.reduce((n, r) => Math.max(n, r.length), 0)];
}

export interface TableScores {
  expected: number;
  predicted: number;
  cell: PRF | null;
  /** Share of ground-truth tables whose paired prediction has the same rows × columns. */
  shapeAccuracy: number | null;
  /** Bag-of-cells F1 (positions ignored), diagnostic. */
  contentF1: number | null;
  /** Per ground-truth table: index of the paired predicted table (or -1), its cell F1, shape ok. */
  pairs: { predicted: number; cellF1: number; shapeOk: boolean }[];
}

export function scoreTables(predicted: string[][][], expected: string[][][]): TableScores {
  const pCells = predicted.map(tableCells);
  const eCells = expected.map(tableCells);
  const pTotal = pCells.reduce((n, c) => n + c.size, 0);
  const eTotal = eCells.reduce((n, c) => n + c.size, 0);
  const candidates: { i: number; j: number; matched: number; f1: number }[] = [];
  eCells.forEach((e, i) =>
    pCells.forEach((p, j) => {
      let matched = 0;
      for (const [k, v] of e) if (p.get(k) === v) matched++;
      const f1 = prf(matched, p.size, e.size).f1;
      if (matched > 0) candidates.push({ i, j, matched, f1 });
    }),
  );
  candidates.sort((a, b) => b.f1 - a.f1 || b.matched - a.matched || a.i - b.i || a.j - b.j);
  const pairs = expected.map(() => ({ predicted: -1, cellF1: 0, shapeOk: false }));
  const usedP = new Set<number>();
  let matched = 0;
  for (const c of candidates) {
    if (pairs[c.i].predicted >= 0 || usedP.has(c.j)) continue;
    usedP.add(c.j);
    const [er, ec] = tableShape(expected[c.i]);
    const [pr, pc] = tableShape(predicted[c.j]);
    pairs[c.i] = { predicted: c.j, cellF1: c.f1, shapeOk: er === pr && ec === pc };
    matched += c.matched;
  }
  const none = expected.length === 0 && predicted.length === 0;
  const bag = (tables: string[][][]) => tables.flatMap((t) => t.flatMap((r) => r.map(normalizeText).filter(Boolean)));
  return {
    expected: expected.length,
    predicted: predicted.length,
    cell: none ? null : prf(matched, pTotal, eTotal),
    shapeAccuracy: expected.length === 0 ? null : pairs.filter((p) => p.shapeOk).length / expected.length,
    contentF1: none ? null : tokenF1(bag(predicted), bag(expected)).f1,
    pairs,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reading order

export interface OrderScore {
  score: number | null;
  keys: number;
  found: number;
}

function wordIndex(words: string[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  words.forEach((w, i) => {
    const list = index.get(w);
    if (list) list.push(i);
    else index.set(w, [i]);
  });
  return index;
}

function occurrences(words: string[], index: Map<string, number[]>, key: string[]): number[] {
  return (index.get(key[0]) ?? []).filter((s) => key.every((w, k) => words[s + k] === w));
}

/**
 * Kendall-tau-like agreement of the order of ground-truth paragraphs (by their first 6 words). Keys that
 * occur more than once in the ground-truth text (expectedText, e.g. the same words inside another
 * paragraph) are ambiguous and dropped.
 */
export function scoreReadingOrder(predictedText: string, expectedParagraphs: string[], expectedText?: string, keyWords = 6): OrderScore {
  const truthWords = normalizeWords(expectedText ?? expectedParagraphs.join(" "));
  const truthIndex = wordIndex(truthWords);
  const keys = expectedParagraphs
    .map(normalizeWords)
    .filter((w) => w.length >= keyWords)
    .map((w) => w.slice(0, keyWords))
    .filter((k) => occurrences(truthWords, truthIndex, k).length === 1);
  if (keys.length < 2) return { score: null, keys: keys.length, found: 0 };
  const words = normalizeWords(predictedText);
  const index = wordIndex(words);
  const positions: number[] = [];
  for (const key of keys) {
    const at = occurrences(words, index, key)[0];
    if (at !== undefined) positions.push(at);
  }
  if (positions.length < 2) return { score: 0, keys: keys.length, found: positions.length };
  let concordant = 0;
  let total = 0;
  for (let i = 0; i < positions.length; i++) {
    for (let j = i + 1; j < positions.length; j++) {
      total++;
      if (positions[i] < positions[j]) concordant++;
    }
  }
  return { score: concordant / total, keys: keys.length, found: positions.length };
}

// ---------------------------------------------------------------------------------------------------------
// Everything together

export interface StructureScores {
  textF1: number;
  charSimilarity: number;
  headings: { expected: number; predicted: number; precision: number; recall: number } | null;
  headingF1: number | null;
  headingTextF1: number | null;
  tables: TableScores;
  tableCellF1: number | null;
  tableShapeAccuracy: number | null;
  lists: { expected: number; predicted: number; precision: number; recall: number } | null;
  listF1: number | null;
  readingOrder: number | null;
  readingOrderCoverage: number | null;
  /** Mean of the applicable ones among textF1, headingF1, tableCellF1, listF1, readingOrder. */
  overall: number;
}

export function scoreStructure(predictedMarkdown: string, expectedMarkdown: string): StructureScores {
  const pred = parseMarkdown(predictedMarkdown);
  const truth = parseMarkdown(expectedMarkdown);

  const textF1 = tokenF1(normalizeWords(pred.plainText), normalizeWords(truth.plainText)).f1;
  const charSimilarity = editSimilarity(pred.plainText, truth.plainText);

  type H = { level: number; text: string };
  const normH = (hs: H[]) => hs.map((h) => ({ level: h.level, text: normalizeText(h.text) })).filter((h) => h.text);
  const eH = normH(truth.headings);
  const pH = normH(pred.headings);
  let headings: StructureScores["headings"] = null;
  let headingF1: number | null = null;
  let headingTextF1: number | null = null;
  if (eH.length || pH.length) {
    const withLevel = prf(
      matchItems(
        eH,
        pH,
        (h) => h.text,
        (a, b) => a.level === b.level,
      ),
      pH.length,
      eH.length,
    );
    headings = { expected: eH.length, predicted: pH.length, precision: withLevel.precision, recall: withLevel.recall };
    headingF1 = withLevel.f1;
    headingTextF1 = prf(
      matchItems(eH, pH, (h) => h.text),
      pH.length,
      eH.length,
    ).f1;
  }

  const tables = scoreTables(pred.tables, truth.tables);

  const eL = truth.listItems.map(normalizeText).filter(Boolean);
  const pL = pred.listItems.map(normalizeText).filter(Boolean);
  let lists: StructureScores["lists"] = null;
  let listF1: number | null = null;
  if (eL.length || pL.length) {
    const r = prf(
      matchItems(eL, pL, (t) => t),
      pL.length,
      eL.length,
    );
    lists = { expected: eL.length, predicted: pL.length, precision: r.precision, recall: r.recall };
    listF1 = r.f1;
  }

  const order = scoreReadingOrder(pred.plainText, truth.paragraphs, truth.plainText);
  const parts = [textF1, headingF1, tables.cell?.f1 ?? null, listF1, order.score].filter((x): x is number => x !== null);
  return {
    textF1,
    charSimilarity,
    headings,
    headingF1,
    headingTextF1,
    tables,
    tableCellF1: tables.cell?.f1 ?? null,
    tableShapeAccuracy: tables.shapeAccuracy,
    lists,
    listF1,
    readingOrder: order.score,
    readingOrderCoverage: order.keys >= 2 ? order.found / order.keys : null,
    overall: parts.reduce((a, b) => a + b, 0) / parts.length,
  };
}
