// Lexical analysis shared by the offline reranker and the extractive answerer: the same tokeniser as
// embeddings and the lexical query (lib/ai/embeddings/tokenize.ts), plus Porter stemming so that
// "refunds"/"refunded"/"refund" meet, and Arabic light stemming (arabic-stem.ts) so that "الكتاب",
// "والكتاب" and "كتاب" do. Compound tokens (INV-77341, v2.3.1) count as one exact term and
// their parts are matched as well, at the same position.
import { stemmer } from "stemmer";
import { foldText, STOPWORDS, tokenize, tokenParts } from "@/lib/ai/embeddings/tokenize";
import { ARABIC_STOPWORDS, arabicStem, isArabicWord, normaliseArabic } from "./arabic-stem";

export interface QueryTerm {
  /** Stemmed form used for matching. */
  stem: string;
  /** Codes and identifiers (digits or inner joiners): matched exactly, weighted up. */
  exact: boolean;
  /** The folded word it came from (for frequency look-ups). */
  word: string;
}

export interface AnalysedText {
  /** Stem at each token position (compound tokens also contribute their parts at the same position). */
  positions: Map<string, number[]>;
  /** Whole folded tokens, for exact matches of codes. */
  tokens: Set<string>;
  /** Stem sequence (one per token) for phrase matching. */
  sequence: string[];
  /** Folded non-stop-word tokens (and compound parts), for word-vector look-ups. */
  words: string[];
  length: number;
}

const memo = new Map<string, string>();

const ASCII_WORD = /^[a-z]+$/;

/**
 * Stem of a folded token: Porter for ASCII words, light10 for Arabic words; numbers and other scripts
 * are kept as they are.
 */
export function stem(token: string): string {
  const ascii = ASCII_WORD.test(token);
  if (ascii ? token.length <= 3 : !isArabicWord(token)) return token;
  let s = memo.get(token);
  if (s === undefined) {
    s = ascii ? stemmer(token) : arabicStem(token);
    if (memo.size > 50_000) memo.clear();
    memo.set(token, s);
  }
  return s;
}

const CODE_CHAR = /[\d\-_./'’]/;
const isCode = (token: string) => CODE_CHAR.test(token) && (/\d/.test(token) || tokenParts(token).length > 1);

// Same tokens as tokenize(foldText(text)) for ASCII text, about three times faster (most passages are ASCII).
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_TOKEN = /[a-z0-9]+(?:[-_./'][a-z0-9]+)*/g;
function fastTokens(text: string): string[] {
  return ASCII.test(text) ? (text.toLowerCase().match(ASCII_TOKEN) ?? []) : tokenize(foldText(text));
}

/** Function words: the shared English/German/French list, and Arabic's (arabic-stem.ts). */
const isStopWord = (token: string) => STOPWORDS.has(token) || (isArabicWord(token) && ARABIC_STOPWORDS.has(normaliseArabic(token)));

/** Content terms of a query, deduplicated; stop words dropped unless the query has nothing else. */
export function queryTerms(query: string): QueryTerm[] {
  const tokens = tokenize(foldText(query));
  const content = tokens.filter((t) => !isStopWord(t));
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const token of content.length ? content : tokens) {
    const add = (s: string, exact: boolean, word: string) => {
      if (seen.has(s)) return;
      seen.add(s);
      out.push({ stem: s, exact, word });
    };
    if (isCode(token)) {
      add(token, true, token);
      for (const part of tokenParts(token)) if (!STOPWORDS.has(part) && part.length > 1) add(stem(part), false, part);
    } else add(stem(token), false, token);
  }
  return out;
}

/** The query's stem sequence (stop words kept out) for phrase/bigram matching. */
export function querySequence(query: string): string[] {
  return tokenize(foldText(query))
    .filter((t) => !isStopWord(t))
    .map((t) => (isCode(t) ? t : stem(t)));
}

/** First letters of the query's stems: text tokens starting otherwise cannot match and are not stemmed. */
export function stemPrefixes(terms: QueryTerm[]): Set<string> {
  return new Set(terms.map((t) => t.stem.slice(0, 3)));
}

// Arabic words are stemmed whatever their first letters (their prefixes are what stemming removes).
const mayMatch = (token: string, only?: Set<string>) => !only || only.has(token.slice(0, 3)) || only.has(token.slice(0, 2)) || isArabicWord(token);

/**
 * Positions of the text's stems. With `only` (stemPrefixes of a query), tokens that cannot match the
 * query are skipped: stemming every token of 50 passages costs more than the rest of reranking.
 */
export function analyse(text: string, only?: Set<string>): AnalysedText {
  const tokens = fastTokens(text);
  const positions = new Map<string, number[]>();
  const whole = new Set<string>();
  const sequence: string[] = [];
  const words = new Set<string>();
  const put = (s: string, i: number) => {
    const list = positions.get(s);
    if (list) {
      if (list[list.length - 1] !== i) list.push(i);
    } else positions.set(s, [i]);
  };
  tokens.forEach((token, i) => {
    if (!STOPWORDS.has(token)) words.add(token);
    if (isCode(token)) {
      whole.add(token);
      put(token, i);
      for (const part of tokenParts(token)) {
        if (mayMatch(part, only)) put(stem(part), i);
        words.add(part);
      }
      sequence.push(token);
    } else if (mayMatch(token, only)) {
      const s = stem(token);
      put(s, i);
      sequence.push(s);
    } else sequence.push(token);
  });
  return { positions, tokens: whole, sequence, words: [...words], length: tokens.length };
}

/**
 * Smallest token window that contains every one of `lists` (positions of distinct matched terms),
 * by a k-way sweep. 1 for a single term; Infinity when `lists` is empty.
 */
export function minimalWindow(lists: number[][]): number {
  if (!lists.length) return Infinity;
  if (lists.length === 1) return 1;
  const idx = lists.map(() => 0);
  let best = Infinity;
  for (;;) {
    let lo = 0;
    let hi = 0;
    let minList = 0;
    for (let k = 0; k < lists.length; k++) {
      const v = lists[k][idx[k]];
      if (k === 0 || v < lo) {
        lo = v;
        minList = k;
      }
      if (k === 0 || v > hi) hi = v;
    }
    best = Math.min(best, hi - lo + 1);
    if (++idx[minList] >= lists[minList].length) return best;
  }
}

/** Share of the query's adjacent stem pairs that occur adjacently in the text (phrase evidence). */
export function bigramOverlap(querySeq: string[], text: AnalysedText): number {
  if (querySeq.length < 2) return 0;
  let hits = 0;
  for (let i = 0; i + 1 < querySeq.length; i++) {
    const a = text.positions.get(querySeq[i]);
    const b = text.positions.get(querySeq[i + 1]);
    if (!a || !b) continue;
    const next = new Set(b);
    if (a.some((p) => next.has(p + 1))) hits++;
  }
  return hits / (querySeq.length - 1);
}

/** Inverse document frequency over a small candidate set (BM25's smoothed form, never negative). */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * How informative a word is in general English, from its corpus-frequency rank in the offline word
 * vectors (0 = most frequent): ~0.35 for everyday words (get, long, ask), 1 for rare words and for
 * words the vocabulary lacks (codes, names, other languages). Used beside the candidate-set IDF, which
 * is unreliable on a handful of passages.
 */
export function rarity(rank: number | undefined): number {
  if (rank === undefined) return 1;
  return Math.min(1, Math.max(0.2, Math.log(rank + 2) / Math.log(30_000)));
}
