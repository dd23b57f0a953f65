// The offline answer provider: no generation, only selection. Sources are split into sentences (sbd,
// markdown lines kept apart), each sentence is scored against the question and the best few are
// stitched in source order with citation markers `[n]`. When no sentence clears the relevance threshold
// it says plainly that the documents do not answer the question and cites nothing: an extractive
// answer never claims more than the text it quotes.
//
// Sentence relevance = 0.7 · coverage + 0.3 · word-vector cosine, where coverage is the weighted share of
// the question's topic terms in the sentence (stemmed; weight = IDF across the candidate sentences ×
// general rarity of the word; close GloVe synonyms get partial credit: reimbursement ~ refund) and the
// cosine comes from the offline embedding model. A term found only elsewhere in the sentence's source (its
// heading, file name, a header line) counts half: "Cafe Central" on top of a receipt is the context of its
// "Total EUR 19.80" line. When the question asks for a kind of answer (answer-cues.ts: how much → an
// amount, when → a date, who, where, how many), sentences holding one gain in proportion to their coverage
// and the others lose, and an amount question naming no item prefers the total line. A small source-rank
// prior breaks ties. The question is answered only if the best sentence clears `threshold` AND a source
// contains at least `minSourceCoverage` of the question's weighted terms; only such sources are quoted
// (measured on manual pages before the answer types: 63/75 answerable questions answered, all citing the
// right page; 0/20 off-topic answered, scripts/bench/answer-quality.ts; on receipts, invoices and contracts
// scripts/bench/answer-types.ts).
// Usage: approximate BPE tokens (lib/documents/chunk.ts estimateTokens) of question + sources read
// (prompt) and of the answer (completion).
import sbd from "sbd";
import { LocalEmbeddingProvider } from "@/lib/ai/embeddings/local-provider";
import { loadWordVectors, WORD_DIMS, type WordVectors } from "@/lib/ai/embeddings/word-vectors";
import { type AnalysedText, analyse, idf, queryTerms, rarity } from "@/lib/ai/rerank/lexical";
import { estimateTokens } from "@/lib/documents/chunk";
import { answerTypeOf, asksForTotal, holdsAnswerType, statesTotal, toBaseForms, withBaseForms } from "./answer-cues";
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
    const typedBy = answerTypeOf(req.query) ? req.query : terms.some((t) => "borrowed" in t) && lastUser ? lastUser.content : "";
    const type = typedBy ? answerTypeOf(typedBy) : null;
    const wantsTotal = asksForTotal(typedBy);

    const docs = sentences.map((s) => analyse(withBaseForms(s.text)));
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
    const credit = (k: number, doc: AnalysedText, words: string[]) => {
      const t = terms[k];
      // A missing term still counts in part when a close synonym is there (money ~ payment).
      return doc.positions.has(t.stem) ? 1 : t.exact || !softable[k] ? 0 : softMatch(wv, t.word, words);
    };
    // What each source says as a whole — headings, file name, header lines too short to quote ("Cafe
    // Central" on a receipt) — is the context of every sentence in it: the answer line names the amount,
    // the header names the cafe.
    const sourceCredit = new Map<AnswerSource, number[]>();
    for (const source of req.sources) {
      const whole = analyse(
        withBaseForms(`${source.heading} ${source.filename.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ")} ${source.content}`),
      );
      const words = whole.words;
      sourceCredit.set(
        source,
        terms.map((_, k) => credit(k, whole, words)),
      );
    }

    vectors ??= new LocalEmbeddingProvider();
    const [q, ...vs] = await vectors.embed([req.query, ...sentences.map((s) => s.text)], "query");
    const maxIndex = Math.max(...req.sources.map((s) => s.index));
    sentences.forEach((s, i) => {
      const context = sourceCredit.get(s.source) ?? [];
      const words = docs[i].words;
      let covered = 0;
      terms.forEach((_, k) => {
        covered += weights[k] * Math.max(credit(k, docs[i], words), CONTEXT_CREDIT * (context[k] ?? 0));
      });
      const cos = Math.max(0, dot(q, vs[i]));
      let relevance = 0.7 * (covered / total) + 0.3 * cos;
      // The asked-for kind of answer: an amount, a date, a name, a place, a count.
      // The bonus grows with the coverage: a date in a document about something else is no answer.
      if (type) relevance = holdsAnswerType(s.text, type) ? relevance + TYPE_BONUS * (covered / total) : relevance * UNTYPED_FACTOR;
      if (wantsTotal && statesTotal(s.text)) relevance += TOTAL_BONUS;
      s.relevance = relevance;
      // Among equally relevant sentences, prefer better-ranked sources.
      s.score = s.relevance + 0.05 * (1 - (s.source.index - 1) / Math.max(1, maxIndex));
    });

    // Answerable only if some source speaks of most of the question (weighted): a passage about "language
    // settings" does not answer "what language is spoken in Brazil?" however well one word matches.
    const speaking = new Set(
      [...sourceCredit]
        .filter(([, credits]) => credits.reduce((a, c, k) => a + c * weights[k], 0) / total >= this.minSourceCoverage)
        .map(([src]) => src),
    );
    const answerable = speaking.size > 0;
    // Quotes come only from such sources: a salary line does not answer what the cleaning contract costs.
    const ranked = sentences.filter((s) => speaking.has(s.source)).sort((a, b) => b.score - a.score);
    if (!ranked.length) return [];
    const best = ranked[0].relevance;
    if (best < this.threshold || !answerable) return [];
    const chosen: Sentence[] = [];
    const chosenTokens: Set<string>[] = [];
    const floor = Math.max(this.threshold * 0.8, best * (type ? TYPED_KEEP : 0.6));
    for (const s of ranked) {
      if (chosen.length >= this.maxSentences || s.relevance < floor) break;
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
      if (
        next &&
        speaking.has(next.source) &&
        !chosen.includes(next) &&
        next.relevance >= Math.max(this.threshold * 0.6, type ? best * TYPED_KEEP : 0)
      )
        chosen.push(next);
    }
    // Reading order: by citation number, then by position within the source.
    return chosen.sort((a, b) => a.source.index - b.source.index || a.pos - b.pos);
  }
}

/** Share of a term's credit a sentence inherits when only its source (heading, header, file name) has it. */
const CONTEXT_CREDIT = 0.5;
/** Added to a sentence holding the asked-for kind of answer; the others are scaled down. */
const TYPE_BONUS = 0.25;
const UNTYPED_FACTOR = 0.7;
/** An amount question without an item named is asked of the total line. */
const TOTAL_BONUS = 0.2;
/** For a typed question, other sentences are quoted only when nearly as relevant as the best. */
const TYPED_KEEP = 0.8;

// Words that frame a question rather than name its topic ("how LONG do I have to ASK for a refund").
const QUESTION_FRAME = new Set(
  "long many much often far soon ask asked asking tell know need needs want get got find explain describe mean means please".split(" "),
);

/** The query's terms without question-frame words (unless nothing else is left). */
function topicTerms(text: string) {
  const terms = queryTerms(toBaseForms(text));
  const topical = terms.filter((t) => !QUESTION_FRAME.has(t.word));
  return topical.length ? topical : terms;
}

/** Sentences of a markdown chunk, without markup; headings, table rules and fragments are dropped. */
export function splitSentences(markdown: string): string[] {
  const out: string[] = [];
  for (const raw of joinAbbreviations(sbd.sentences(markdown, { newline_boundaries: true, preserve_whitespace: false }))) {
    if (/^\s*#/.test(raw) || /^\s*\|?\s*:?-{3,}/.test(raw)) continue;
    const text = raw
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
      .replace(/\*\*|__|`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\|(?:\s*\|)+/g, "|")
      .replace(/\s*\|\s*/g, " | ")
      .replace(/^\s*\|\s*|\s*\|\s*$/g, "")
      .replace(/\s+/g, " ")
      .trim();
    const words = text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    // Short lines are fragments, unless they carry a figure: "Total EUR 19.80" is a receipt's answer.
    const figure = words >= 2 && text.length >= 6 && /\d/.test(text);
    // … and three words that make a sentence of their own ("Served by Martina.").
    const statement = words === 3 && text.length >= 12 && /[.!]$/.test(text);
    if ((words < 4 || text.length < 15) && !figure && !statement) continue;
    out.push(text.length > 600 ? `${text.slice(0, 597).replace(/\s+\S*$/, "")}…` : text);
  }
  return out;
}

// Abbreviations the sentence splitter ends a sentence at: "Price: EUR 62.90 (incl. 10% VAT)" is one line.
const ABBREVIATION_END = /\b(?:incl|excl|approx|ca|no|nr|tel|str|vs|zzgl|inkl|bzw)\.$/i;

function joinAbbreviations(pieces: string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    const prev = out[out.length - 1];
    if (prev !== undefined && ABBREVIATION_END.test(prev) && !prev.includes("\n")) out[out.length - 1] = `${prev} ${piece}`;
    else out.push(piece);
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
