// The offline answer provider: no generation, only selection. Sources are split into sentences (sbd,
// markdown lines kept apart), each sentence is scored against the question and the best few are
// stitched in source order with citation markers `[n]`. When no sentence clears the relevance threshold
// it says plainly that the documents do not answer the question and cites nothing: an extractive
// answer never claims more than the text it quotes.
//
// Sentence relevance = 0.7 · coverage + 0.3 · word-vector cosine, where coverage is the weighted share of
// the question's topic terms in the sentence (stemmed; weight = IDF across the candidate sentences ×
// general rarity of the word; close GloVe synonyms get partial credit: reimbursement ~ refund) and the
// cosine comes from the offline embedding model. A small source-rank prior breaks ties. The question is
// answered only if the best sentence clears `threshold` AND one source contains at least
// `minSourceCoverage` of the question's weighted terms (measured on manual pages: 63/75 answerable
// questions answered, all citing the right page; 0/20 off-topic questions answered; see
// scripts/bench/answer-quality.ts).
// Usage: approximate BPE tokens (lib/documents/chunk.ts estimateTokens) of question + sources read
// (prompt) and of the answer (completion).
import sbd from "sbd";
import { LocalEmbeddingProvider } from "@/lib/ai/embeddings/local-provider";
import { loadWordVectors, WORD_DIMS, type WordVectors } from "@/lib/ai/embeddings/word-vectors";
import { analyse, idf, queryTerms, rarity } from "@/lib/ai/rerank/lexical";
import { estimateTokens } from "@/lib/documents/chunk";
import type { AnswerEvent, AnswerProvider, AnswerRequest, AnswerSource } from "./types";

export const NO_ANSWER = "The provided documents do not contain an answer to this question.";

export interface ExtractiveOptions {
  /** Most sentences in an answer. */
  maxSentences?: number;
  /** Least score of the best sentence for any answer at all. */
  threshold?: number;
  /** Least weighted share of the question's terms that one source must contain (0..1). */
  minSourceCoverage?: number;
}

interface Sentence {
  source: AnswerSource;
  /** Position in the source, to keep reading order. */
  pos: number;
  text: string;
  /** Coverage + similarity, thresholded. */
  relevance: number;
  /** relevance + a small source-rank prior, for ordering. */
  score: number;
}

let vectors: LocalEmbeddingProvider | undefined;

export class ExtractiveAnswerProvider implements AnswerProvider {
  readonly model = "extractive";
  private readonly maxSentences: number;
  private readonly threshold: number;
  private readonly minSourceCoverage: number;

  constructor(opts: ExtractiveOptions = {}) {
    this.minSourceCoverage = opts.minSourceCoverage ?? 0.5;
    this.maxSentences = opts.maxSentences ?? 3;
    this.threshold = opts.threshold ?? 0.28;
  }

  async *stream(req: AnswerRequest): AsyncIterable<AnswerEvent> {
    const selected = await this.select(req);
    const pieces = selected.length ? stitch(selected) : [NO_ANSWER];
    for (let i = 0; i < pieces.length; i++) {
      req.signal?.throwIfAborted();
      yield { type: "delta", text: (i ? " " : "") + pieces[i] };
    }
    const prompt = estimateTokens(req.query) + req.sources.reduce((s, src) => s + estimateTokens(src.content), 0);
    const completion = estimateTokens(pieces.join(" "));
    yield { type: "done", model: this.model, usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } };
  }

  /** The chosen sentences, in answer order (empty: nothing relevant). Exposed for tests and tuning. */
  async select(req: AnswerRequest): Promise<Sentence[]> {
    const sentences = req.sources.flatMap((source) =>
      splitSentences(source.content).map((text, pos) => ({ source, pos, text, relevance: 0, score: 0 })),
    );
    if (!sentences.length) return [];
    // Follow-up questions ("and for the premium plan?") borrow the terms of the previous question.
    const lastUser = [...req.history].reverse().find((m) => m.role === "user");
    let terms = topicTerms(req.query);
    if (terms.length < 3 && lastUser) {
      const own = new Set(terms.map((t) => t.stem));
      terms = [
        ...terms,
        ...topicTerms(lastUser.content)
          .filter((t) => !own.has(t.stem))
          .map((t) => ({ ...t, borrowed: true })),
      ];
    }
    if (!terms.length) return [];

    const docs = sentences.map((s) => analyse(s.text));
    const n = docs.length;
    const wv = await loadWordVectors();
    // IDF against the sentences themselves plus a pseudo-count (a term present in every sentence of a
    // tiny source set is still what the user asked about), times the word's general rarity.
    const weights = terms.map((t) => {
      const df = docs.reduce((c, d) => c + (d.positions.has(t.stem) ? 1 : 0), 0);
      const base = idf(df, n + 10) * rarity(wv.rank.get(t.word)) * (t.exact ? 2 : 1);
      return "borrowed" in t ? base * 0.5 : base;
    });
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    // Everyday words (get, back, long) would find a "synonym" in almost any sentence: exact matches only.
    const softable = terms.map((t) => rarity(wv.rank.get(t.word)) >= 0.55);

    vectors ??= new LocalEmbeddingProvider();
    const [q, ...vs] = await vectors.embed([req.query, ...sentences.map((s) => s.text)], "query");
    const maxIndex = Math.max(...req.sources.map((s) => s.index));
    // Per source, the best credit each term got in any of its sentences (for the answerability gate).
    const sourceCredit = new Map<AnswerSource, number[]>();
    sentences.forEach((s, i) => {
      let covered = 0;
      const words = docs[i].words;
      const credits = sourceCredit.get(s.source) ?? terms.map(() => 0);
      sourceCredit.set(s.source, credits);
      terms.forEach((t, k) => {
        // A missing term still counts in part when a close synonym is there (money ~ payment).
        const credit = docs[i].positions.has(t.stem) ? 1 : t.exact || !softable[k] ? 0 : softMatch(wv, t.word, words);
        covered += weights[k] * credit;
        credits[k] = Math.max(credits[k], credit);
      });
      const coverage = covered / total;
      const cos = Math.max(0, dot(q, vs[i]));
      s.relevance = 0.7 * coverage + 0.3 * cos;
      // Among equally relevant sentences, prefer better-ranked sources.
      s.score = s.relevance + 0.05 * (1 - (s.source.index - 1) / Math.max(1, maxIndex));
    });

    // Answerable only if some source speaks of most of the question (weighted): a passage about "language
    // settings" does not answer "what language is spoken in Brazil?" however well one word matches.
    const answerable = [...sourceCredit.values()].some(
      (credits) => credits.reduce((a, c, k) => a + c * weights[k], 0) / total >= this.minSourceCoverage,
    );
    const ranked = [...sentences].sort((a, b) => b.score - a.score);
    const best = ranked[0].relevance;
    if (best < this.threshold || !answerable) return [];
    const chosen: Sentence[] = [];
    const chosenTokens: Set<string>[] = [];
    for (const s of ranked) {
      if (chosen.length >= this.maxSentences || s.relevance < Math.max(this.threshold * 0.8, best * 0.6)) break;
      // Overlapping chunks repeat sentences: skip near-duplicates of what is already chosen.
      const toks = new Set(analyse(s.text).sequence);
      if (chosenTokens.some((c) => jaccard(c, toks) > 0.7)) continue;
      chosen.push(s);
      chosenTokens.push(toks);
    }
    // Coherence: a chosen sentence's next sentence often finishes the thought ("… issued on 3 March.
    // The total amount is 1,250 EUR."): added when it is itself somewhat relevant.
    for (const s of [...chosen]) {
      if (chosen.length >= this.maxSentences) break;
      const next = sentences.find((x) => x.source === s.source && x.pos === s.pos + 1);
      if (next && !chosen.includes(next) && next.relevance >= this.threshold * 0.6) chosen.push(next);
    }
    // Reading order: by citation number, then by position within the source.
    return chosen.sort((a, b) => a.source.index - b.source.index || a.pos - b.pos);
  }
}

// Words that frame a question rather than name its topic ("how LONG do I have to ASK for a refund").
const QUESTION_FRAME = new Set(
  "long many much often far soon ask asked asking tell know need needs want get got find explain describe mean means please".split(" "),
);

/** The query's terms without question-frame words (unless nothing else is left). */
function topicTerms(text: string) {
  const terms = queryTerms(text);
  const topical = terms.filter((t) => !QUESTION_FRAME.has(t.word));
  return topical.length ? topical : terms;
}

/** Sentences of a markdown chunk, without markup; headings, table rules and fragments are dropped. */
export function splitSentences(markdown: string): string[] {
  const out: string[] = [];
  for (const raw of sbd.sentences(markdown, { newline_boundaries: true, preserve_whitespace: false })) {
    if (/^\s*#/.test(raw) || /^\s*\|?\s*:?-{3,}/.test(raw)) continue;
    const text = raw
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
      .replace(/\*\*|__|`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\s*\|\s*/g, " | ")
      .replace(/^\s*\|\s*|\s*\|\s*$/g, "")
      .replace(/\s+/g, " ")
      .trim();
    const words = text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    if (words < 4 || text.length < 15) continue;
    out.push(text.length > 600 ? `${text.slice(0, 597).replace(/\s+\S*$/, "")}…` : text);
  }
  return out;
}

/** Consecutive sentences of one source become one piece cited once: "A. B. [2]". */
function stitch(sentences: Sentence[]): string[] {
  const pieces: string[] = [];
  let current: string[] = [];
  sentences.forEach((s, i) => {
    current.push(/[.!?…:;]$/.test(s.text) ? s.text : `${s.text}.`);
    if (i === sentences.length - 1 || sentences[i + 1].source.index !== s.source.index) {
      pieces.push(`${current.join(" ")} [${s.source.index}]`);
      current = [];
    }
  });
  return pieces;
}

const SOFT_MIN = 0.6;

/** Credit for a query word absent from the sentence: its best GloVe cosine with a sentence word, if close. */
function softMatch(wv: WordVectors, word: string, words: string[]): number {
  const a = wv.rank.get(word);
  if (a === undefined) return 0;
  let best = 0;
  for (const w of words) {
    const b = wv.rank.get(w);
    if (b === undefined || b === a) continue;
    let c = 0;
    for (let d = 0; d < WORD_DIMS; d++) c += wv.q[a * WORD_DIMS + d] * wv.q[b * WORD_DIMS + d];
    best = Math.max(best, c * wv.scale[a] * wv.scale[b]);
  }
  return best >= SOFT_MIN ? 0.3 + (0.6 * (best - SOFT_MIN)) / (1 - SOFT_MIN) : 0;
}

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
}
