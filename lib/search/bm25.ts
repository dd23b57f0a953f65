// Lexical retrieval with BM25 (Lucene's formula) over the postings kept beside each chunk's tsvector
// (migration 20261124010000_bm25_postings: chunk_terms, chunk_term_stats, chunk_corpus_stats, kept by
// triggers on chunks).
//
//   score(chunk) = Σ over query words w of  qtf(w) · idf(t) · tf · (k1 + 1) / (tf + k1 · (1 − b + b · dl / avgdl))
//   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))        N, df, avgdl: the company's own chunks
//
// Analysis is Postgres': the query is run through to_tsvector with every text-search configuration the
// company's chunks use (stemming and stop words of each language; `simple` for others), so a query word
// matches a chunk exactly when the chunk's own configuration produced the same lexeme (terms are stored
// as "<configuration>:<lexeme>"). The variants of
// one query word (its English stem, its French stem, …) are one group: a chunk scores the best variant it
// holds, never the sum of several, so a word analysed in three languages does not count three times; and
// the group's IDF comes from the word's document frequency over all its variants, so an unstemmed variant
// that only a few chunks of another language hold does not make a common word look rare.
// Semantics are OR (any word contributes, rare words most; `or` is one more word, not an operator, as
// questions say "low or very low frequency"); phrases and exclusions in websearch syntax ("…", -word) are
// honoured as a filter on the chunk's own language, with the positive words ranked. The candidates' SQL, with
// top-k pruning of common words, is in bm25-candidates.ts.
import { withoutArabicFunctionWords } from "@/lib/ai/rerank/arabic-stem";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

/** Quoted phrases and negated words: the websearch operators that narrow an OR query. */
const PHRASE = /"[^"]*"?/g;
const NEGATED = /(^|\s)-("[^"]*"?|[^\s"]+)/g;

interface LanguageRow {
  language: string;
  chunks: bigint | number;
  terms: bigint | number;
}

interface TermRow {
  cfg: string;
  pos: number;
  term: string;
  df: number;
}

export interface Bm25Group {
  /** Lexeme variants of one query word (one per analysing configuration, deduplicated). */
  terms: string[];
  /** From the word's document frequency: the sum over its variants (capped at the chunk count). */
  idf: number;
  /** How often the word occurs in the query. */
  qtf: number;
  /** Postings of its variants: how many chunk_terms rows scoring it reads. */
  postings: number;
}

export interface Bm25Query {
  groups: Bm25Group[];
  avgdl: number;
  /** The company's chunk count (N). */
  chunks: number;
  /** websearch text every result must match (the query's phrases and exclusions), when it has any. */
  filter?: string;
}

/** The positive words of a query, for ranking: negated words and quotes removed. */
export function rankingText(text: string): string {
  return text.replace(NEGATED, " ").replace(/"/g, " ").replace(/\s+/g, " ").trim();
}

/** The narrowing part of a query in websearch syntax (its phrases and exclusions), or undefined. */
export function filterText(text: string): string | undefined {
  const negated = [...text.matchAll(NEGATED)].map((m) => `-${m[2]}`);
  const phrases = text.replace(NEGATED, " ").match(PHRASE) ?? [];
  const parts = [...phrases.filter((p) => p.replace(/"/g, "").trim()), ...negated];
  return parts.length ? parts.join(" ") : undefined;
}

/**
 * `AND <chunk c satisfies the query's phrases and exclusions>`, analysed in the chunk's own language. A filter
 * that analyses to nothing there ("--", an excluded stop word) narrows nothing instead of matching nothing.
 */
export function narrowingSql(filter: string | undefined): Prisma.Sql {
  if (!filter) return Prisma.empty;
  const query = Prisma.sql`websearch_to_tsquery(c.language::regconfig, ${filter}::text)`;
  return Prisma.sql`AND (numnode(${query}) = 0 OR c.tsv @@ ${query})`;
}

export function bm25Idf(chunks: number, df: number): number {
  return Math.log(1 + (chunks - df + 0.5) / (df + 0.5));
}

/** The companies whose lexical index a query reads: one, or several when public datasets join the scope. */
export type LexicalCompanies = number | readonly number[];

/** `<column> = id` for one company (the plans stay those of one company), `<column> IN (…)` for several. */
function companyMatch(column: Prisma.Sql, companies: LexicalCompanies): Prisma.Sql {
  const ids = typeof companies === "number" ? [companies] : [...new Set(companies)];
  if (ids.length === 1) return Prisma.sql`${column} = ${ids[0]}::int`;
  return Prisma.sql`${column} IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::int`))})`;
}

/**
 * Analyses a query against the lexical index of a company (or the union of several companies' indexes,
 * statistics summed). Null when nothing can match: no chunks indexed, or no query word occurs in any chunk.
 */
export async function analyseLexicalQuery(companyId: LexicalCompanies, query: string): Promise<Bm25Query | null> {
  const text = query.trim();
  // Function words of a language whose configuration keeps them (Arabic) do not rank.
  const ranking = withoutArabicFunctionWords(rankingText(text));
  const filter = filterText(text);
  if (!ranking) return null;
  const languages = await db().$queryRaw<LanguageRow[]>`
    SELECT language, sum(chunks)::bigint AS chunks, sum(terms)::bigint AS terms FROM chunk_corpus_stats
    WHERE ${companyMatch(Prisma.sql`company_id`, companyId)} AND chunks > 0 GROUP BY language ORDER BY language`;
  if (!languages.length) return null;
  const chunksIn = new Map(languages.map((l) => [l.language, Number(l.chunks)]));
  const n = languages.reduce((sum, l) => sum + Number(l.chunks), 0);
  const avgdl = Math.max(1, languages.reduce((sum, l) => sum + Number(l.terms), 0) / n);
  // The query's lexemes under each configuration, with their positions in the query (one tokenizer serves
  // every configuration, so positions align across languages) and document frequencies.
  const rows = await db().$queryRaw<TermRow[]>`
    WITH t AS (
      SELECT DISTINCT cfg, cfg || ':' || u.lexeme AS term, p AS pos
      FROM unnest(${languages.map((l) => l.language)}::text[]) AS cfg
      CROSS JOIN LATERAL unnest(to_tsvector(cfg::regconfig, ${ranking}::text)) AS u
      CROSS JOIN LATERAL unnest(coalesce(u.positions, ARRAY[1::smallint])) AS p
    )
    SELECT t.cfg, t.pos::int AS pos, t.term,
      coalesce((SELECT sum(s.df) FROM chunk_term_stats s WHERE ${companyMatch(Prisma.sql`s.company_id`, companyId)} AND s.term = t.term), 0) AS df
    FROM t`;
  // Per query position: the variants found in some chunk, and the word's document frequency over all
  // languages. Where a language analysed the word away (a stop word there: "the" in English), the word
  // counts as present in every chunk of that language, so it cannot look rare because only a few chunks
  // of another language index it.
  const byPos = new Map<number, Map<string, TermRow>>();
  for (const r of rows) {
    const variants = byPos.get(r.pos) ?? new Map<string, TermRow>();
    variants.set(r.cfg, r);
    byPos.set(r.pos, variants);
  }
  const words = new Map<string, Bm25Group>();
  for (const variants of byPos.values()) {
    const terms = [...variants.values()]
      .filter((v) => Number(v.df) > 0)
      .map((v) => v.term)
      .sort();
    if (!terms.length) continue;
    const key = terms.join("\u0000");
    const word = words.get(key);
    if (word) {
      word.qtf++;
      continue;
    }
    let df = 0;
    for (const [language, count] of chunksIn) {
      const v = variants.get(language);
      df += v ? Number(v.df) : count;
    }
    const postings = [...variants.values()].reduce((sum, v) => sum + Number(v.df), 0);
    words.set(key, { terms, idf: bm25Idf(n, Math.min(n, df)), qtf: 1, postings });
  }
  if (!words.size) return null;
  return { groups: [...words.values()], avgdl, chunks: n, ...(filter ? { filter } : {}) };
}
