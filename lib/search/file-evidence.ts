// Which retrieved files actually match a query, for lists that filter by content (GET /files?search=).
// Ranked retrieval returns the nearest passages to anything: BM25 is OR (one common word is enough) and
// similarity has no notion of "about this" beyond the model's floor, which is set to keep paraphrases in a
// ranking. As a filter that matched every file ("travel expenses" → 13 of 13, 8 of them contract notes), so a
// file counts only with evidence:
//   - lexical: the document holds enough of the query's words (`requiredWords`, the "2<75%" minimum-should-
//     match of Lucene/Elasticsearch: up to two words all of them, more words three quarters), counted over
//     all its chunks with each chunk's own language analysis; stop words (and Arabic function words) do not count; or
//   - semantic: one of its passages is at least `semanticMatchFloor` similar to the query, a floor above the
//     ranking floor, calibrated per model (README "Semantic floor").
// Quoted phrases and exclusions are already honoured by both retrievers in hybrid mode (hybrid-search.ts).
import type { EmbeddingProvider } from "@/lib/ai/embeddings/types";
import { withoutArabicFunctionWords } from "@/lib/ai/rerank/arabic-stem";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { rankingText } from "./bm25";
import type { ChunkHit, ChunkSearchScope } from "./types";

/** How many of a query's `n` content words a document must hold to match lexically. */
export function requiredWords(n: number): number {
  return n <= 2 ? n : Math.floor(0.75 * n);
}

/** The query's positive words as typed (quotes, exclusions and repeats removed), for per-word matching. */
export function queryWords(query: string): string[] {
  // Arabic function words are stop words too, although the arabic configuration indexes them (as in bm25.ts).
  const words = withoutArabicFunctionWords(rankingText(query))
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, 32);
}

/**
 * Similarity at or above which one passage alone makes a file match: the model's calibrated match floor, never
 * below the ranking floor; null when the model has none (then only lexical evidence counts).
 */
export function semanticMatchFloor(provider: EmbeddingProvider, rankingFloor: number): number | null {
  const floor = provider.matchFloor;
  return floor === undefined ? null : Math.max(floor, rankingFloor);
}

interface CoverageRow {
  file_id: number;
  counted: number;
  matched: number;
}

/** Per file: how many query words are content words in its languages, and how many of them it holds. */
async function wordCoverage(scope: ChunkSearchScope, fileIds: number[], words: string[]): Promise<Map<number, CoverageRow>> {
  if (!fileIds.length || !words.length) return new Map();
  const companies = [...new Set(scope.companyIds ?? [scope.companyId])];
  const rows = await db().$queryRaw<CoverageRow[]>`
    SELECT per_word.file_id, count(*) FILTER (WHERE per_word.counted)::int AS counted, count(*) FILTER (WHERE per_word.matched)::int AS matched
    FROM (
      SELECT c.file_id, w.ord, bool_or(numnode(q.query) > 0) AS counted,
        bool_or(CASE WHEN numnode(q.query) > 0 THEN c.tsv @@ q.query ELSE false END) AS matched
      FROM chunks c
      CROSS JOIN unnest(${words}::text[]) WITH ORDINALITY AS w(word, ord)
      CROSS JOIN LATERAL (SELECT plainto_tsquery(c.language::regconfig, w.word) AS query) q
      WHERE c.company_id IN (${Prisma.join(companies.map((id) => Prisma.sql`${id}::int`))})
        AND c.file_id IN (${Prisma.join(fileIds.map((id) => Prisma.sql`${id}::int`))})
      GROUP BY c.file_id, w.ord
    ) per_word
    GROUP BY per_word.file_id`;
  return new Map(rows.map((r) => [r.file_id, r]));
}

/**
 * The files of `byFile` (retrieved chunks per file) that match `query` with evidence, in the same map order.
 * `matchFloor` null: semantic similarity alone never makes a file match.
 */
export async function filesWithEvidence(
  scope: ChunkSearchScope,
  query: string,
  byFile: Map<number, ChunkHit[]>,
  matchFloor: number | null,
): Promise<Map<number, ChunkHit[]>> {
  const semanticMatch = (h: ChunkHit) => matchFloor !== null && h.scores.semantic !== null && h.scores.semantic >= matchFloor;
  const lexicalCandidates = [...byFile.entries()].filter(([, hits]) => hits.some((h) => h.scores.lexical !== null)).map(([id]) => id);
  const coverage = await wordCoverage(scope, lexicalCandidates, queryWords(query));
  const out = new Map<number, ChunkHit[]>();
  for (const [fileId, hits] of byFile) {
    const c = coverage.get(fileId);
    const lexical = c !== undefined && c.counted > 0 && c.matched >= requiredWords(c.counted);
    if (lexical) out.set(fileId, hits);
    else if (hits.some(semanticMatch)) out.set(fileId, hits.filter(semanticMatch));
  }
  return out;
}
