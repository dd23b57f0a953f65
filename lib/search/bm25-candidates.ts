// The BM25 candidates of a query as one SQL statement (scoring: see bm25.ts), with exact top-k pruning of
// common words (MaxScore with a threshold found in the same statement).
//
// Postings carry their chunk's company and workspace (migration 20261126150000_bm25_postings_scope), so the
// caller's scope is checked on each posting read; `chunks` is only joined when a file filter or a phrase filter
// needs the chunk row.
//
// Pruning. A word's contribution to a chunk is below its weight qtf · idf · (k1 + 1) (tf / (tf + norm) < 1),
// so a chunk holding only words whose weights sum to B scores less than B. The statement:
//   1. reads the postings of the rarest words (the "seed" words: every word but the prunable common ones),
//   2. takes the 3k chunks with the best seed scores and scores them fully (a primary-key lookup per chunk and
//      common word): the k-th best of those full scores, θ, is a lower bound of the k-th best score overall
//      (a wider seed than k costs a few lookups and raises θ, so more lists are skipped);
//   3. skips the longest lists: the common words, lightest first, while their summed weights stay below θ.
//      No chunk holding only skipped words can reach θ, so every chunk of the top k holds a word that is read;
//   4. reads the other common words' postings, keeps the chunks whose score so far plus the skipped words'
//      bound reaches θ, and completes their scores with lookups of the skipped words.
// The result equals the exhaustive evaluation (same chunks, scores and order): scores are summed in one fixed
// order on every path (heaviest word first, so a partial score is an exact prefix of the full sum), and when
// fewer than k chunks hold a seed word θ is 0 and every list is read.
import { Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { type Bm25Group, type Bm25Query, type LexicalCompanies, narrowingSql } from "./bm25";

/** A word whose postings are fewer than this is always read in full (reading it costs little). */
const PRUNE_MIN_POSTINGS = 2000;
/** Chunks fully scored to find θ, per candidate asked for. */
const SEED_WIDTH = 3;

/** Where the candidates may come from: the readable workspaces, and a chunk condition when postings cannot decide. */
export interface LexicalScope {
  workspaceIds: readonly number[];
  /** Condition over chunks `c` (file filters): joined only when present, or when the query has a phrase filter. */
  where?: Prisma.Sql;
}

export interface Bm25SqlOptions {
  /** Top-k pruning of common words (default true); false reads every posting (tests, benchmarks). */
  prune?: boolean;
  /** Words with fewer postings are always read in full (default 2,000; tests lower it). */
  pruneMinPostings?: number;
}

/** qtf · idf · (k1 + 1): more than the word can add to any chunk's score. */
const weightOf = (g: Bm25Group, k1: number) => g.qtf * g.idf * (k1 + 1);

/** The query's groups from the heaviest (rarest) to the lightest: the order every score is summed in. */
export function summationOrder(q: Bm25Query, k1: number): number[] {
  return q.groups
    .map((g, i) => ({ i, w: weightOf(g, k1), postings: g.postings }))
    .sort((x, y) => y.w - x.w || x.postings - y.postings || x.i - y.i)
    .map((g) => g.i);
}

/**
 * The common words that pruning may skip: the lightest words (the tail of the summation order) as long as
 * each has at least `minPostings` postings, never the heaviest. Which of them are skipped depends on θ.
 */
export function prunableGroups(q: Bm25Query, k1: number, minPostings = PRUNE_MIN_POSTINGS): number[] {
  const order = summationOrder(q, k1);
  const out: number[] = [];
  for (let j = order.length - 1; j > 0; j--) {
    if (q.groups[order[j]].postings < minPostings) break;
    out.unshift(order[j]);
  }
  return out;
}

/**
 * The lexical candidates as SQL: (id, score, dist = NULL), best first, at most `candidates`, within `scope`,
 * over the postings of the company (or companies) `companyId`.
 */
export function bm25CandidatesSql(
  companyId: LexicalCompanies,
  q: Bm25Query,
  scope: LexicalScope,
  candidates: number,
  opts: Bm25SqlOptions = {},
): Prisma.Sql {
  const { SEARCH_BM25_K1: k1, SEARCH_BM25_B: b } = env();
  const companies = typeof companyId === "number" ? [companyId] : [...new Set(companyId)];
  const inCompanies =
    companies.length === 1
      ? Prisma.sql`p.company_id = ${companies[0]}::int`
      : Prisma.sql`p.company_id IN (${Prisma.join(companies.map((id) => Prisma.sql`${id}::int`))})`;
  const workspaces = [...new Set(scope.workspaceIds.map((w) => Math.floor(w)))];
  if (!workspaces.length) return Prisma.sql`SELECT NULL::bigint AS id, NULL::float8 AS score, NULL::float8 AS dist WHERE false`;
  const inScope = Prisma.sql`${inCompanies} AND p.workspace_id IN (${Prisma.join(workspaces.map((w) => Prisma.sql`${w}::int`))})`;
  // The chunk row is read only for what postings cannot tell: file filters, phrases and exclusions.
  const chunkCheck = (id: Prisma.Sql) =>
    scope.where || q.filter
      ? Prisma.sql`JOIN chunks c ON c.id = ${id} WHERE ${scope.where ?? Prisma.sql`true`} ${narrowingSql(q.filter)}`
      : Prisma.empty;
  const contribution = Prisma.sql`q.w * p.tf / (p.tf + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.dl / ${q.avgdl}::float8))`;
  const order = summationOrder(q, k1);
  const terms = (groups: number[], cum?: Map<number, number>) =>
    Prisma.join(
      groups.flatMap((i) =>
        q.groups[i].terms.map((term) =>
          cum
            ? Prisma.sql`(${term}::text, ${i}::int, ${weightOf(q.groups[i], k1)}::float8, ${cum.get(i)}::float8)`
            : Prisma.sql`(${term}::text, ${i}::int, ${weightOf(q.groups[i], k1)}::float8)`,
        ),
      ),
    );
  // Σ over groups, in summation order, of the group's best variant among rows `a` (chunk_id, grp, s); 0 when absent.
  const sumOf = (groups: number[]) =>
    Prisma.join(
      groups.map((i) => Prisma.sql`coalesce(max(a.s) FILTER (WHERE a.grp = ${i}::int), 0)`),
      " + ",
    );

  const prunable = opts.prune === false ? [] : prunableGroups(q, k1, opts.pruneMinPostings);
  const seedGroups = order.filter((i) => !prunable.includes(i));
  const seedPostings = seedGroups.reduce((sum, i) => sum + q.groups[i].postings, 0);
  // Too few chunks hold a seed word to fill the top k: θ would be 0 and the pruned pass only adds work.
  if (!prunable.length || seedPostings < 2 * candidates) {
    return Prisma.sql`
      SELECT x.id, x.score, NULL::float8 AS dist FROM (
        SELECT a.chunk_id AS id, (${sumOf(order)})::float8 AS score FROM (
          SELECT p.chunk_id, q.grp, ${contribution} AS s
          FROM (VALUES ${terms(order)}) AS q(term, grp, w)
          JOIN chunk_terms p ON ${inScope} AND p.term = q.term
        ) a
        GROUP BY a.chunk_id
      ) x
      ${chunkCheck(Prisma.sql`x.id`)}
      ORDER BY x.score DESC, x.id
      LIMIT ${candidates}`;
  }
  // cum: the summed weights of a prunable word and of every lighter one. The words with cum < θ are skipped
  // (a prefix from the lightest), and their bound is the largest such cum.
  const cum = new Map<number, number>();
  let bound = 0;
  for (const i of [...prunable].reverse()) cum.set(i, (bound += weightOf(q.groups[i], k1)));
  const common = Prisma.sql`(VALUES ${terms(prunable, cum)}) AS q(term, grp, w, cum)`;
  // The contributions of the prunable words that pass `which` to chunk `<alias>.chunk_id`, one column per word
  // (n<group>), from primary-key lookups; `completed` adds them to a partial score in summation order.
  const lookups = (alias: Prisma.Sql, which: Prisma.Sql) => Prisma.sql`
    LEFT JOIN LATERAL (
      SELECT ${Prisma.join(
        prunable.map((i) => Prisma.sql`max(a.s) FILTER (WHERE a.grp = ${i}::int) AS ${Prisma.raw(`n${i}`)}`),
        ", ",
      )}
      FROM (
        SELECT q.grp, ${contribution} AS s FROM ${common}
        CROSS JOIN LATERAL (
          -- OFFSET 0 keeps this a probe of the primary key per word (not a read of every posting of the chunk).
          SELECT p.tf, p.dl FROM chunk_terms p WHERE ${inCompanies} AND p.term = q.term AND p.chunk_id = ${alias}.chunk_id OFFSET 0
        ) p
        WHERE ${which}
      ) a
    ) l ON true`;
  const completed = (base: Prisma.Sql) =>
    Prisma.sql`${base} + ${Prisma.join(
      prunable.map((i) => Prisma.sql`coalesce(l.${Prisma.raw(`n${i}`)}, 0)`),
      " + ",
    )}`;
  return Prisma.sql`
    WITH seed_postings AS MATERIALIZED (
      SELECT p.chunk_id, q.grp, ${contribution} AS s
      FROM (VALUES ${terms(seedGroups)}) AS q(term, grp, w)
      JOIN chunk_terms p ON ${inScope} AND p.term = q.term
    ),
    seed AS (
      SELECT x.chunk_id, x.es FROM (
        SELECT a.chunk_id, (${sumOf(seedGroups)})::float8 AS es FROM seed_postings a GROUP BY a.chunk_id
      ) x
      ${chunkCheck(Prisma.sql`x.chunk_id`)}
      ORDER BY x.es DESC, x.chunk_id
      LIMIT ${SEED_WIDTH * candidates}
    ),
    theta AS (
      SELECT coalesce((
        SELECT greatest(0, f.score - 1e-9) FROM (
          SELECT ${completed(Prisma.sql`seed.es`)} AS score FROM seed ${lookups(Prisma.sql`seed`, Prisma.sql`true`)}
        ) f
        ORDER BY f.score DESC
        OFFSET ${candidates - 1} LIMIT 1
      ), 0) AS v
    ),
    skipped AS (
      SELECT coalesce(max(cum), 0) AS bound FROM (VALUES ${Prisma.join([...cum.values()].map((v) => Prisma.sql`(${v}::float8)`))}) AS b(cum)
      WHERE cum < (SELECT v FROM theta)
    ),
    essential AS (
      SELECT chunk_id, grp, s FROM seed_postings
      UNION ALL
      SELECT p.chunk_id, q.grp, ${contribution} AS s FROM ${common}
      JOIN chunk_terms p ON ${inScope} AND p.term = q.term
      WHERE q.cum >= (SELECT v FROM theta)
    ),
    live AS (
      SELECT x.chunk_id, x.es FROM (
        SELECT a.chunk_id, (${sumOf(order)})::float8 AS es FROM essential a GROUP BY a.chunk_id
      ) x
      ${chunkCheck(Prisma.sql`x.chunk_id`)}
      ${scope.where || q.filter ? Prisma.sql`AND` : Prisma.sql`WHERE`} x.es + (SELECT bound FROM skipped) >= (SELECT v FROM theta)
    )
    SELECT x.id, x.score, NULL::float8 AS dist FROM (
      SELECT live.chunk_id AS id, (${completed(Prisma.sql`live.es`)})::float8 AS score
      FROM live ${lookups(Prisma.sql`live`, Prisma.sql`q.cum < (SELECT v FROM theta)`)}
    ) x
    ORDER BY x.score DESC, x.id
    LIMIT ${candidates}`;
}
