// Chunk retrieval for /search, /ask, extract and the files list: BM25 over Postgres postings and pgvector
// HNSW, fused by a convex combination of normalised scores — one SQL statement, with tenancy and filters inside it, so no chunk
// of another company or workspace is ever a candidate of either retriever.
//
// Lexical: BM25 over the postings beside each chunk's tsvector (bm25.ts): OR semantics, per-company
// IDF and length normalisation, each chunk matched with its own language's analysis; phrases and
// exclusions in websearch syntax filter.
// Semantic: cosine distance on `embedding::vector(dim)` restricted to the active model id, which is
// exactly the partial HNSW index of that model; iterative index scans keep filtered queries complete.
// Passages below the model's similarity floor are not candidates (semantic and hybrid): a query that
// matches nothing lexically and is close to nothing returns nothing, instead of the nearest neighbours.

import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import type { EmbeddingProvider } from "@/lib/ai/embeddings/types";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { embeddingExprSql, ensureVectorIndex, modelIdSql, vectorParamSql } from "@/lib/db/vector";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { analyseLexicalQuery, type Bm25Query, filterText, narrowingSql } from "./bm25";
import { type Bm25SqlOptions, bm25CandidatesSql, type LexicalScope } from "./bm25-candidates";
import { expandLexicalQuery } from "./bm25-feedback";
import { filesWithEvidence, semanticMatchFloor } from "./file-evidence";
import type { ChunkHit, ChunkSearchOptions, ChunkSearchScope, SearchMode } from "./types";

/** The query's embedding, the id of the model that made it, and the model's similarity floor (0: none). */
export interface SemanticQuery {
  vec: number[];
  modelId: string;
  floor: number;
  /** Hybrid: the query's phrases and exclusions (websearch syntax) that semantic candidates must satisfy too. */
  filter?: string;
}

/** The floor below which a passage is not semantically close: configured, else the model's calibrated one. */
export function semanticFloor(provider: EmbeddingProvider): number {
  return env().SEARCH_SEMANTIC_FLOOR ?? provider.similarityFloor ?? 0;
}

export interface ChunkSearchInternals {
  /** Override of the configured provider (tests, benchmarks). */
  provider?: EmbeddingProvider;
  /** Lexical pruning of common words (bm25-candidates.ts): false reads every posting (tests, benchmarks). */
  lexical?: Bm25SqlOptions;
}

interface Row {
  id: bigint;
  file_id: number;
  page: number;
  heading_path: string;
  content: string;
  lexical: number | null;
  semantic: number | null;
  score: number;
}

export async function searchChunks(
  scope: ChunkSearchScope,
  query: string,
  opts: ChunkSearchOptions,
  internals: ChunkSearchInternals = {},
): Promise<ChunkHit[]> {
  const mode: SearchMode = opts.mode ?? "hybrid";
  const topK = Math.max(1, Math.floor(opts.topK));
  const candidates = Math.max(1, Math.floor(opts.candidates ?? Math.max(50, 4 * topK)));
  const text = query.trim();
  // An empty scope means "no access", never "everything".
  if (!text || scope.workspaceIds.length === 0) return [];

  let semantic: SemanticQuery | undefined;
  // A retriever weighted 0 contributes nothing to the fusion: skip its work (the query embedding).
  if (mode === "semantic" || (mode === "hybrid" && env().SEARCH_WEIGHT_SEMANTIC > 0)) {
    const provider = internals.provider ?? embeddingProvider();
    const [vec] = await embedTexts([text], "query", provider);
    await withBackend(() => ensureVectorIndex(provider));
    const floor = semanticFloor(provider);
    // A "quoted phrase" or -exclusion narrows every result of a hybrid search, not only the lexical ones.
    const filter = mode === "hybrid" ? filterText(text) : undefined;
    semantic = { vec, modelId: provider.id, floor, ...(filter ? { filter } : {}) };
  }

  const e = env();
  const companies = scope.companyIds ?? scope.companyId;
  let lexical =
    mode === "lexical" || (mode === "hybrid" && e.SEARCH_WEIGHT_LEXICAL > 0) ? await withBackend(() => analyseLexicalQuery(companies, text)) : null;
  if (mode === "lexical" && !lexical) return [];
  const expand = opts.expand ?? e.SEARCH_FEEDBACK;
  if (lexical && expand) {
    const q = lexical;
    const feedback = expand === true ? {} : expand;
    lexical = await withBackend(() => expandLexicalQuery(companies, q, lexicalScope(scope), { ...feedback, ...internals.lexical }));
  }

  const statement = chunkSearchSql(scope, mode, topK, candidates, { lexical: lexical ?? undefined, semantic }, internals.lexical);
  const rows = await withBackend(() =>
    semantic
      ? // Iterative scans let HNSW keep searching until enough rows pass the tenancy filter; SET LOCAL
        // scopes both settings to this transaction (safe with pooled connections).
        db()
          .$transaction([
            db()
              .$queryRaw`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(40, candidates)))}, true)`,
            db().$queryRaw<Row[]>(statement),
          ])
          .then(([, r]) => r)
      : db().$queryRaw<Row[]>(statement),
  );
  return rows.map((r) => ({
    chunkId: String(r.id),
    fileId: r.file_id,
    page: r.page,
    heading: r.heading_path,
    content: r.content,
    score: Number(r.score),
    scores: { lexical: r.lexical === null ? null : Number(r.lexical), semantic: r.semantic === null ? null : Number(r.semantic), rerank: null },
  }));
}

export interface FileHit {
  fileId: number;
  /** The file's best chunk score (see fileLevelSearch). */
  score: number;
  /** The file's matching chunks, best first (at most `chunksPerFile`). */
  chunks: ChunkHit[];
}

/**
 * Files ranked by their best chunk (max, not sum: long documents with many mediocre chunks must not
 * outrank a short document that answers the query; ties broken by the second-best chunk).
 * `opts.topK` is the number of files; the chunk pool is every fused candidate of both retrievers.
 * `matchingOnly`: a filter rather than a ranking, only files with evidence of matching (file-evidence.ts).
 */
export async function fileLevelSearch(
  scope: ChunkSearchScope,
  query: string,
  opts: ChunkSearchOptions & { chunksPerFile?: number; matchingOnly?: boolean },
  internals: ChunkSearchInternals = {},
): Promise<FileHit[]> {
  const files = Math.max(1, Math.floor(opts.topK));
  const candidates = Math.floor(opts.candidates ?? Math.max(100, 4 * files));
  const hits = await searchChunks(scope, query, { mode: opts.mode, topK: 2 * candidates, candidates }, internals);
  const byFile = new Map<number, ChunkHit[]>();
  for (const h of hits) {
    const list = byFile.get(h.fileId);
    if (list) list.push(h);
    else byFile.set(h.fileId, [h]);
  }
  const perFile = opts.chunksPerFile ?? 10;
  const matching = opts.matchingOnly ? await withBackend(() => filesWithEvidence(scope, query, byFile, fileMatchFloor(internals))) : byFile;
  return [...matching.entries()]
    .map(([fileId, chunks]) => ({ fileId, score: chunks[0].score, second: chunks[1]?.score ?? 0, chunks: chunks.slice(0, perFile) }))
    .sort((a, b) => b.score - a.score || b.second - a.second || a.fileId - b.fileId)
    .slice(0, files)
    .map(({ fileId, score, chunks }) => ({ fileId, score, chunks }));
}

function fileMatchFloor(internals: ChunkSearchInternals): number | null {
  const provider = internals.provider ?? embeddingProvider();
  return semanticMatchFloor(provider, semanticFloor(provider));
}

/** The one search statement (exported for EXPLAIN in tests and benchmarks). */
export function chunkSearchSql(
  scope: ChunkSearchScope,
  mode: SearchMode,
  topK: number,
  candidates: number,
  retrievers: { lexical?: Bm25Query; semantic?: SemanticQuery },
  lexicalOptions: Bm25SqlOptions = {},
): Prisma.Sql {
  const e = env();
  const where = scopeSql(scope);
  const { lexical, semantic } = retrievers;
  const lex =
    lexical && mode !== "semantic"
      ? // Postings carry company and workspace: the chunk condition is needed only for a file filter.
        bm25CandidatesSql(scope.companyIds ?? scope.companyId, lexical, lexicalScope(scope), candidates, lexicalOptions)
      : EMPTY;
  const sem = semantic && mode !== "lexical" ? semanticCte(semantic.vec, semantic.modelId, where, candidates, semantic.filter) : EMPTY;
  // Single modes report the retriever's own score. Hybrid is a convex combination of both evidences on
  // one scale: BM25 relative to the query's best lexical match, similarity above the model's floor
  // relative to the rest of the way to 1. Unlike rank fusion it keeps how much better a match is (a lone
  // exact hit stays ahead of a crowd of near neighbours), and a retriever with nothing close adds nothing.
  const wl = e.SEARCH_WEIGHT_LEXICAL;
  const ws = e.SEARCH_WEIGHT_SEMANTIC;
  const floor = semantic?.floor ?? 0;
  const score =
    mode === "lexical"
      ? Prisma.sql`l.score`
      : mode === "semantic"
        ? Prisma.sql`1 - s.dist`
        : Prisma.sql`(${wl}::float8 * coalesce(l.score / nullif(l.best, 0), 0)
                    + ${ws}::float8 * coalesce(greatest(0, (1 - s.dist - ${floor}::float8) / (1 - ${floor}::float8)), 0))
                   / ${Math.max(wl + ws, Number.EPSILON)}::float8`;
  return Prisma.sql`
    WITH lex AS (${lex}),
    sem AS (${sem}),
    lex_r AS (SELECT id, score, max(score) OVER () AS best FROM lex),
    sem_r AS (SELECT id, dist FROM sem WHERE 1 - dist >= ${floor}::float8),
    fused AS (
      SELECT coalesce(l.id, s.id) AS id, l.score::float8 AS lexical, (1 - s.dist)::float8 AS semantic, (${score})::float8 AS score
      FROM lex_r l FULL OUTER JOIN sem_r s ON s.id = l.id
    )
    SELECT c.id, c.file_id, c.page, c.heading_path, c.content, fused.lexical, fused.semantic, fused.score
    FROM fused JOIN chunks c ON c.id = fused.id
    ${mode === "hybrid" ? Prisma.sql`WHERE fused.score > 0` : Prisma.empty}
    ORDER BY fused.score DESC, c.id
    LIMIT ${topK}`;
}

const EMPTY = Prisma.sql`SELECT NULL::bigint AS id, NULL::float8 AS score, NULL::float8 AS dist WHERE false`;

/** Where lexical candidates may come from: the readable workspaces, and the file filter when there is one. */
function lexicalScope(scope: ChunkSearchScope): LexicalScope {
  return { workspaceIds: scope.workspaceIds, ...(scope.fileFilter ? { where: scopeSql(scope) } : {}) };
}

/** Tenancy and the caller's file filter, over chunks `c`. */
function scopeSql(scope: ChunkSearchScope): Prisma.Sql {
  const ws = [...new Set(scope.workspaceIds.map((w) => Math.floor(w)))];
  const companies = [...new Set(scope.companyIds ?? [scope.companyId])];
  const base = Prisma.sql`c.company_id IN (${Prisma.join(companies.map((c) => Prisma.sql`${c}::int`))}) AND c.workspace_id IN (${Prisma.join(ws.map((w) => Prisma.sql`${w}::int`))})`;
  if (!scope.fileFilter) return base;
  return Prisma.sql`${base} AND EXISTS (SELECT 1 FROM files f WHERE f.id = c.file_id AND f.company_id = c.company_id AND (${scope.fileFilter}))`;
}

function semanticCte(vec: number[], modelId: string, where: Prisma.Sql, candidates: number, filter?: string): Prisma.Sql {
  const distance = Prisma.sql`${embeddingExprSql(vec.length)} <=> ${vectorParamSql(vec)}`;
  return Prisma.sql`
    SELECT c.id, NULL::float8 AS score, (${distance})::float8 AS dist
    FROM chunks c
    WHERE c.embedding_model = ${modelIdSql(modelId)} AND ${where} ${narrowingSql(filter)}
    ORDER BY ${distance}
    LIMIT ${candidates}`;
}

/** Database failures become the spec's search_backend_unavailable (500); model errors pass through. */
async function withBackend<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error("search backend failed", { err });
    throw new AppError("search_backend_unavailable", "The search backend is unavailable. Try again shortly.");
  }
}
