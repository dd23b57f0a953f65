// Pseudo-relevance feedback for the lexical retriever (RM3, Lavrenko & Croft's relevance model interpolated
// with the query): the few best BM25 chunks of the query are taken as relevant, the words they use most that
// the query lacks are added to it with small weights, and the expanded query is run as an ordinary BM25 query
// (bm25-candidates.ts: same scope, filters, pruning).
//
//   P(d | q) ∝ exp(score(d) − best score)            over the FEEDBACK_CHUNKS best chunks
//   w(t)     = Σ_d P(d | q) · tf(t, d) / |d|         terms held by fewer than half of the chunks
//   query'   = λ · query (each word qtf / |q|) + (1 − λ) · the `terms` best t, each w(t) / Σ w
// (a query word among the best t gains weight, the others join the query as new words).
//
// One statement reads the feedback chunks' postings (chunk_terms by chunk id) and the terms' document
// frequencies; tenancy is the lexical scope's, so another company's chunks never feed an expansion.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { type Bm25Group, type Bm25Query, bm25Idf, type LexicalCompanies } from "./bm25";
import { type Bm25SqlOptions, bm25CandidatesSql, type LexicalScope } from "./bm25-candidates";

export interface FeedbackOptions {
  /** Best chunks taken as relevant. */
  chunks?: number;
  /** Words added to the query. */
  terms?: number;
  /** Weight of the original query (1 − λ goes to the added words). */
  lambda?: number;
}

export const FEEDBACK_DEFAULTS: Required<FeedbackOptions> = { chunks: 5, terms: 10, lambda: 0.7 };

export interface FeedbackTerm {
  term: string;
  /** Σ_d P(d | q) · tf / |d| over the feedback chunks. */
  weight: number;
  /** Chunks holding the term (the companies' statistics). */
  df: number;
}

interface FeedbackRow {
  term: string;
  weight: number;
  df: bigint | number;
}

/** The query expanded with feedback terms (pure: `expandLexicalQuery` reads the terms). */
export function expandedQuery(q: Bm25Query, feedback: FeedbackTerm[], opts: FeedbackOptions = {}): Bm25Query {
  const { terms: m, lambda } = { ...FEEDBACK_DEFAULTS, ...opts };
  // The relevance model's best terms, the query's own words included (RM3 interpolates the two models).
  const model = feedback
    .filter((f) => f.df > 0 && f.df < q.chunks / 2 && f.weight > 0)
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1))
    .slice(0, m);
  if (!model.length) return q;
  const qlen = q.groups.reduce((sum, g) => sum + g.qtf, 0);
  const total = model.reduce((sum, f) => sum + f.weight, 0);
  const groupOf = new Map(q.groups.flatMap((g, i) => g.terms.map((t) => [t, i] as const)));
  const fromModel = q.groups.map(() => 0);
  const added: Bm25Group[] = [];
  for (const f of model) {
    const i = groupOf.get(f.term);
    if (i !== undefined) fromModel[i] = Math.max(fromModel[i], f.weight);
    else added.push({ terms: [f.term], idf: bm25Idf(q.chunks, f.df), qtf: ((1 - lambda) * f.weight) / total, postings: f.df });
  }
  const groups = q.groups.map((g, i) => ({ ...g, qtf: (lambda * g.qtf) / qlen + ((1 - lambda) * fromModel[i]) / total }));
  return { ...q, groups: [...groups, ...added] };
}

/** Candidate feedback terms of a query: the words of its best BM25 chunks, heaviest first. */
export async function feedbackTerms(
  companyId: LexicalCompanies,
  q: Bm25Query,
  scope: LexicalScope,
  opts: FeedbackOptions & Bm25SqlOptions = {},
): Promise<FeedbackTerm[]> {
  const { chunks, terms } = { ...FEEDBACK_DEFAULTS, ...opts };
  const companies = typeof companyId === "number" ? [companyId] : [...new Set(companyId)];
  const inCompanies = (column: Prisma.Sql) =>
    companies.length === 1
      ? Prisma.sql`${column} = ${companies[0]}::int`
      : Prisma.sql`${column} IN (${Prisma.join(companies.map((id) => Prisma.sql`${id}::int`))})`;
  const top = bm25CandidatesSql(companyId, q, scope, chunks, opts);
  // Near-stop words are dropped afterwards: read a few more rows than needed so that `terms` remain.
  const rows = await db().$queryRaw<FeedbackRow[]>`
    WITH fb AS (${top}),
    w AS (SELECT fb.id, exp(fb.score - max(fb.score) OVER ()) AS p FROM fb),
    t AS (
      SELECT p.term, sum(w.p * p.tf::float8 / greatest(p.dl, 1)) AS weight
      FROM w JOIN chunk_terms p ON p.chunk_id = w.id AND ${inCompanies(Prisma.sql`p.company_id`)}
      GROUP BY p.term
    ),
    best AS (SELECT term, weight FROM t ORDER BY weight DESC, term LIMIT ${terms + q.groups.length * 3 + 20})
    SELECT best.term, best.weight::float8 AS weight,
      coalesce((SELECT sum(s.df) FROM chunk_term_stats s WHERE ${inCompanies(Prisma.sql`s.company_id`)} AND s.term = best.term), 0) AS df
    FROM best`;
  return rows.map((r) => ({ term: r.term, weight: Number(r.weight), df: Number(r.df) }));
}

/** RM3 expansion of a lexical query within the caller's scope; the query itself when nothing can be added. */
export async function expandLexicalQuery(
  companyId: LexicalCompanies,
  q: Bm25Query,
  scope: LexicalScope,
  opts: FeedbackOptions & Bm25SqlOptions = {},
): Promise<Bm25Query> {
  return expandedQuery(q, await feedbackTerms(companyId, q, scope, opts), opts);
}
