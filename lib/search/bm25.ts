// Lexical retrieval with BM25 (Lucene's formula) over the postings kept beside each chunk's tsvector
// (migration 20261124010000_bm25_postings: chunk_terms, chunk_term_stats, chunk_corpus_stats, kept by
// triggers on chunks).
//
//   score(chunk) = Σ over query words w of  qtf(w) · idf(t) · tf · (k1 + 1) / (tf + k1 · (1 − b + b · dl / avgdl))
//   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))        N, df, avgdl: the company's own chunks
//
// Analysis is Postgres': the query is run through to_tsvector with every text-search configuration the
// company's chunks use (stemming and stop words of each language; `simple` for others), so a query word
// matches a chunk exactly when the chunk's own configuration produced the same lexeme. The variants of
// one query word (its English stem, its French stem, …) are one group: a chunk scores the best variant it
// holds, never the sum of several, so a word analysed in three languages does not count three times.
// Semantics are OR (any word contributes, rare words most); phrases and exclusions in websearch syntax
// ("…", -word) are honoured as a filter on the chunk's own language, with the positive words ranked.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";

/** websearch operators: a quoted phrase, a negated word, or the word `or`. */
const OPERATORS = /"|(^|\s)-\S|(^|\s)or(\s|$)/i;

interface TermRow {
  term: string;
  pos: number;
  df: number;
  chunks: bigint | number;
  terms: bigint | number;
}

export interface Bm25Group {
  /** Lexeme variants of one query word (one per analysing configuration, deduplicated). */
  terms: { term: string; idf: number }[];
  /** How often the word occurs in the query. */
  qtf: number;
}

export interface Bm25Query {
  groups: Bm25Group[];
  avgdl: number;
  /** websearch text every result must match (phrases, exclusions), when the query has operators. */
  filter?: string;
}

/** The positive words of a websearch query, for ranking: quotes, `or` and negated words removed. */
export function rankingText(text: string): string {
  return text
    .replace(/(^|\s)-("[^"]*"|\S+)/g, " ")
    .replace(/"/g, " ")
    .replace(/(^|\s)or(?=\s|$)/gi, " ")
    .trim();
}

export function bm25Idf(chunks: number, df: number): number {
  return Math.log(1 + (chunks - df + 0.5) / (df + 0.5));
}

/**
 * Analyses a query against a company's lexical index. Null when nothing can match: no chunks indexed,
 * or no query word occurs in any chunk.
 */
export async function analyseLexicalQuery(companyId: number, query: string): Promise<Bm25Query | null> {
  const text = query.trim();
  const hasOperators = OPERATORS.test(text);
  const ranking = hasOperators ? rankingText(text) : text;
  if (!ranking) return null;
  // One round trip: the company's statistics, the query's lexemes under each of its configurations (with
  // their positions in the query: the same tokenizer serves every configuration, so positions align
  // across languages), and each lexeme's document frequency.
  const rows = await db().$queryRaw<TermRow[]>`
    WITH st AS (SELECT chunks, terms, languages FROM chunk_corpus_stats WHERE company_id = ${companyId}::int AND chunks > 0),
    t AS (
      SELECT DISTINCT u.lexeme AS term, p AS pos
      FROM st CROSS JOIN LATERAL unnest(st.languages) AS cfg
      CROSS JOIN LATERAL unnest(to_tsvector(cfg::regconfig, ${ranking}::text)) AS u
      CROSS JOIN LATERAL unnest(coalesce(u.positions, ARRAY[1::smallint])) AS p
    )
    SELECT t.term, t.pos::int AS pos, s.df, st.chunks, st.terms
    FROM st, t JOIN chunk_term_stats s ON s.company_id = ${companyId}::int AND s.term = t.term AND s.df > 0`;
  if (!rows.length) return null;
  const n = Number(rows[0].chunks);
  const avgdl = Math.max(1, Number(rows[0].terms) / Math.max(1, n));
  // Variants per query position, then identical variant sets merged into one word with its count.
  const byPos = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const variants = byPos.get(r.pos) ?? new Map<string, number>();
    variants.set(r.term, bm25Idf(n, Number(r.df)));
    byPos.set(r.pos, variants);
  }
  const words = new Map<string, Bm25Group>();
  for (const variants of byPos.values()) {
    const key = [...variants.keys()].sort().join("\u0000");
    const word = words.get(key);
    if (word) word.qtf++;
    else words.set(key, { terms: [...variants].map(([term, idf]) => ({ term, idf })), qtf: 1 });
  }
  return { groups: [...words.values()], avgdl, ...(hasOperators ? { filter: text } : {}) };
}

/**
 * The lexical candidates as SQL: (id, score, dist = NULL), best first, at most `candidates`, within the
 * scope condition `where` over chunks `c`.
 */
export function bm25CandidatesSql(companyId: number, q: Bm25Query, where: Prisma.Sql, candidates: number): Prisma.Sql {
  const { SEARCH_BM25_K1: k1, SEARCH_BM25_B: b } = env();
  const values = q.groups.flatMap((g, i) => g.terms.map((t) => Prisma.sql`(${t.term}::text, ${i}::int, ${g.qtf * t.idf * (k1 + 1)}::float8)`));
  const norm = Prisma.sql`${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.dl / ${q.avgdl}::float8)`;
  const filter = q.filter ? Prisma.sql`AND c.tsv @@ websearch_to_tsquery(c.language::regconfig, ${q.filter}::text)` : Prisma.empty;
  return Prisma.sql`
    SELECT scored.id, scored.score, NULL::float8 AS dist FROM (
      SELECT w.chunk_id AS id, sum(w.s)::float8 AS score FROM (
        SELECT p.chunk_id, q.grp, max(q.w * p.tf / (p.tf + ${norm})) AS s
        FROM (VALUES ${Prisma.join(values)}) AS q(term, grp, w)
        JOIN chunk_terms p ON p.company_id = ${companyId}::int AND p.term = q.term
        GROUP BY p.chunk_id, q.grp
      ) w
      GROUP BY w.chunk_id
    ) scored
    JOIN chunks c ON c.id = scored.id
    WHERE ${where} ${filter}
    ORDER BY scored.score DESC, scored.id
    LIMIT ${candidates}`;
}
