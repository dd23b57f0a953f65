// Scores in the style of external document-parsing benchmarks (opendataloader-bench and the TEDS paper), so
// that the held-out figures can be read beside theirs. Pure, deterministic, no I/O.
//
// - nid: normalised indel similarity of the plain texts, 1 − indel(a, b) / (|a| + |b|) = 2·LCS / (|a| + |b|)
//   (what rapidfuzz's `ratio` computes), on the whitespace-collapsed plain text (Markdown syntax removed).
//   Bit-parallel LCS (Allison–Dix / Hyyrö): linear memory, O(n·m/32) time.
// - teds: tree-edit-distance similarity of tables as trees table → rows → cells. The distance is the tree
//   alignment cost (rows aligned to rows, cells to cells; inserting or deleting a node costs 1, a cell's
//   content costs its normalised edit distance), TEDS = 1 − cost / max(nodes). Tables are paired one to one,
//   best pairs first; a document's TEDS weighs each pair by its size and counts unpaired tables as 0, so
//   both missed and spurious tables cost.
// - headingTree: the headings as a sequence of (depth, text) aligned to the ground truth's: inserting or
//   deleting a heading costs 1, a pair costs its text's normalised edit distance plus 0.5 for a different
//   level (levels compared relative to each document's top level). 1 − cost / max(count).
//
// odlOverall = mean of the applicable ones among nid, teds (either side has tables), headingTree (either side
// has headings).
import { editSimilarity, type MarkdownStructure, normalizeText } from "./structure-score";

// ---------------------------------------------------------------------------------------------------------
// NID

/** Length of the longest common subsequence (bit-parallel, 32-bit words with carries). */
export function lcsLength(x: string, y: string): number {
  const [text, pattern] = x.length >= y.length ? [x, y] : [y, x];
  const m = pattern.length;
  if (m === 0) return 0;
  const words = Math.ceil(m / 32);
  const peq = new Map<number, Uint32Array>();
  for (let i = 0; i < m; i++) {
    const c = pattern.charCodeAt(i);
    let v = peq.get(c);
    if (!v) {
      v = new Uint32Array(words);
      peq.set(c, v);
    }
    v[i >>> 5] |= 1 << (i & 31);
  }
  const none = new Uint32Array(words);
  const V = new Uint32Array(words).fill(0xffffffff);
  for (let j = 0; j < text.length; j++) {
    const eq = peq.get(text.charCodeAt(j)) ?? none;
    let carry = 0;
    for (let k = 0; k < words; k++) {
      const v = V[k];
      const u = (v & eq[k]) >>> 0;
      // V = (V + U) | (V − U), with the addition's carry running across words.
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      V[k] = ((sum >>> 0) | (v & ~u)) >>> 0;
    }
  }
  let zeros = 0;
  for (let i = 0; i < m; i++) if (!(V[i >>> 5] & (1 << (i & 31)))) zeros++;
  return zeros;
}

/** Normalised indel similarity: 2·LCS / (|a| + |b|); 1 for two empty strings. */
export function nidSimilarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}

// ---------------------------------------------------------------------------------------------------------
// TEDS

/** Edit cost of aligning two sequences: insert/delete by the item's own cost, substitution by sub(). */
function alignCost<T>(a: T[], b: T[], indel: (t: T) => number, sub: (p: T, q: T) => number): number {
  let prev = new Float64Array(b.length + 1);
  for (let j = 1; j <= b.length; j++) prev[j] = prev[j - 1] + indel(b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Float64Array(b.length + 1);
    cur[0] = prev[0] + indel(a[i - 1]);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + indel(a[i - 1]), cur[j - 1] + indel(b[j - 1]), prev[j - 1] + sub(a[i - 1], b[j - 1]));
    }
    prev = cur;
  }
  return prev[b.length];
}

const tableNodes = (t: string[][]) => 1 + t.length + t.reduce((n, r) => n + r.length, 0);

/** TEDS-like similarity of two tables (cells as normalised text). */
export function tedsSimilarity(a: string[][], b: string[][]): number {
  const na = a.map((r) => r.map(normalizeText));
  const nb = b.map((r) => r.map(normalizeText));
  const cellCost = (p: string, q: string) => (p === q ? 0 : 1 - editSimilarity(p, q));
  const rowCost = (p: string[], q: string[]) => alignCost(p, q, () => 1, cellCost);
  const cost = alignCost(na, nb, (r) => 1 + r.length, rowCost);
  return Math.max(0, 1 - cost / Math.max(tableNodes(a), tableNodes(b)));
}

/** A document's TEDS: tables paired best first, each pair weighted by its size, unpaired tables count 0. */
export function documentTeds(predicted: string[][][], expected: string[][][]): number | null {
  if (!predicted.length && !expected.length) return null;
  const pairs: { i: number; j: number; s: number }[] = [];
  expected.forEach((e, i) => predicted.forEach((p, j) => pairs.push({ i, j, s: tedsSimilarity(p, e) })));
  pairs.sort((p, q) => q.s - p.s || p.i - q.i || p.j - q.j);
  const usedE = new Set<number>();
  const usedP = new Set<number>();
  let score = 0;
  let weight = 0;
  for (const { i, j, s } of pairs) {
    if (usedE.has(i) || usedP.has(j) || s <= 0) continue;
    usedE.add(i);
    usedP.add(j);
    const w = Math.max(tableNodes(expected[i]), tableNodes(predicted[j]));
    score += s * w;
    weight += w;
  }
  expected.forEach((e, i) => {
    if (!usedE.has(i)) weight += tableNodes(e);
  });
  predicted.forEach((p, j) => {
    if (!usedP.has(j)) weight += tableNodes(p);
  });
  return weight ? score / weight : 1;
}

// ---------------------------------------------------------------------------------------------------------
// Headings

/** Similarity of two heading outlines (levels relative to each side's top level). */
export function headingTreeSimilarity(predicted: { level: number; text: string }[], expected: { level: number; text: string }[]): number | null {
  if (!predicted.length && !expected.length) return null;
  const rel = (hs: { level: number; text: string }[]) => {
    const top = Math.min(...hs.map((h) => h.level));
    return hs.map((h) => ({ level: h.level - top, text: normalizeText(h.text) }));
  };
  const p = predicted.length ? rel(predicted) : [];
  const e = expected.length ? rel(expected) : [];
  const cost = alignCost(
    p,
    e,
    () => 1,
    (a, b) => Math.min(1, (a.text === b.text ? 0 : 1 - editSimilarity(a.text, b.text)) + (a.level === b.level ? 0 : 0.5)),
  );
  return Math.max(0, 1 - cost / Math.max(p.length, e.length));
}

// ---------------------------------------------------------------------------------------------------------

export interface TreeScores {
  nid: number;
  teds: number | null;
  headingTree: number | null;
  odlOverall: number;
}

export function scoreTree(pred: MarkdownStructure, truth: MarkdownStructure): TreeScores {
  const nid = nidSimilarity(pred.plainText, truth.plainText);
  const teds = documentTeds(pred.tables, truth.tables);
  const headingTree = headingTreeSimilarity(pred.headings, truth.headings);
  const parts = [nid, teds, headingTree].filter((x): x is number => x !== null);
  return { nid, teds, headingTree, odlOverall: parts.reduce((a, b) => a + b, 0) / parts.length };
}
