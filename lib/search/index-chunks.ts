// Writes a file's chunks into the retrieval index: text, the lexical vector (computed by Postgres with
// the chunk's language configuration, so indexing and querying always use the same parser and stemmer;
// triggers turn it into BM25 postings, see bm25.ts) and the embedding with the id of the model that made it. Multi-row statements in batches keep
// ingestion fast on the single-connection embedded database. Inserts are upserts on (file_id,
// chunk_index), so a retried ingestion step rewrites its rows instead of failing half-way.
import { database, db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { assertModelId, vectorLiteral } from "@/lib/db/vector";
import { TEXT_SEARCH_CONFIGS, type TextSearchConfig } from "@/lib/documents/summarize";

/** Text search configurations chunks may use (the language detection maps to these). */
export const CHUNK_LANGUAGES = TEXT_SEARCH_CONFIGS;
export type ChunkLanguage = TextSearchConfig;

export interface ChunkInput {
  chunkIndex: number;
  page: number;
  headingPath: string;
  content: string;
  tokenCount: number;
  /** Anything outside CHUNK_LANGUAGES is indexed with `simple` (no stemming, no stop words). */
  language: string;
}

export interface ChunkFile {
  id: number;
  companyId: number;
  workspaceId: number;
}

type Client = Prisma.TransactionClient;

// ~9 bound parameters per row: well below Postgres' 65535 and small enough for one WASM round trip.
const BATCH_ROWS = 100;

/** `\0` is not storable in Postgres text; extractors occasionally produce it. */
const clean = (s: string) => s.replace(/\u0000/g, "");

const languageOf = (l: string): ChunkLanguage => ((CHUNK_LANGUAGES as readonly string[]).includes(l) ? (l as ChunkLanguage) : "simple");

/**
 * Inserts (or rewrites) chunks. `embeddings[i]` belongs to `chunks[i]`; pass null (or a null entry)
 * to index text only and embed later. Returns the number of rows written.
 */
export async function insertChunks(
  client: Client,
  file: ChunkFile,
  chunks: ChunkInput[],
  embeddings: (number[] | null)[] | null,
  modelId: string | null,
  opts: WriteOptions = {},
): Promise<number> {
  if (embeddings && embeddings.length !== chunks.length) {
    throw new Error(`insertChunks: ${chunks.length} chunks but ${embeddings.length} embeddings`);
  }
  const model = modelId === null ? null : assertModelId(modelId);
  if (!model && embeddings?.some((e) => e)) throw new Error("insertChunks: embeddings need the id of the model that made them");
  let written = 0;
  for (let start = 0; start < chunks.length; start += BATCH_ROWS) {
    const rows = chunks.slice(start, start + BATCH_ROWS).map((c, j) => {
      const vec = embeddings?.[start + j] ?? null;
      return Prisma.sql`(${c.chunkIndex}::int, ${c.page}::int, ${clean(c.headingPath)}::text, ${clean(c.content)}::text,
        ${c.tokenCount}::int, ${languageOf(c.language)}::text, ${vec ? vectorLiteral(vec) : null}::text)`;
    });
    written += await client.$executeRaw`
      INSERT INTO chunks (file_id, company_id, workspace_id, chunk_index, page, heading_path, content, token_count,
                          language, tsv, embedding, embedding_model)
      SELECT ${file.id}::int, ${file.companyId}::int, ${file.workspaceId}::int, v.chunk_index, v.page, v.heading_path,
             v.content, v.token_count, v.language,
             to_tsvector(v.language::regconfig, v.heading_path || ' ' || v.content),
             v.embedding::vector,
             CASE WHEN v.embedding IS NULL THEN NULL ELSE ${model}::text END
      FROM (VALUES ${Prisma.join(rows)}) AS v(chunk_index, page, heading_path, content, token_count, language, embedding)
      ON CONFLICT (file_id, chunk_index) DO UPDATE SET
        company_id = EXCLUDED.company_id, workspace_id = EXCLUDED.workspace_id, page = EXCLUDED.page,
        heading_path = EXCLUDED.heading_path, content = EXCLUDED.content, token_count = EXCLUDED.token_count,
        language = EXCLUDED.language, tsv = EXCLUDED.tsv, embedding = EXCLUDED.embedding,
        embedding_model = EXCLUDED.embedding_model`;
  }
  await afterWrites(client, written, opts);
  return written;
}

/** Replaces the vectors of existing chunks (embedding step of ingestion, re-embedding after a model switch). */
export async function setChunkEmbeddings(
  client: Client,
  rows: { id: string | bigint; embedding: number[] }[],
  modelId: string,
  opts: WriteOptions = {},
): Promise<number> {
  const model = assertModelId(modelId);
  let written = 0;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const values = rows.slice(start, start + BATCH_ROWS).map((r) => Prisma.sql`(${String(r.id)}::bigint, ${vectorLiteral(r.embedding)}::text)`);
    written += await client.$executeRaw`
      UPDATE chunks SET embedding = v.embedding::vector, embedding_model = ${model}::text
      FROM (VALUES ${Prisma.join(values)}) AS v(id, embedding)
      WHERE chunks.id = v.id`;
  }
  await afterWrites(client, written, opts);
  return written;
}

export interface WriteOptions {
  /** Skip index upkeep (bulk loaders that call maintainSearchIndexes() once at the end). */
  deferMaintenance?: boolean;
}

// The embedded database runs no autovacuum, so nothing refreshes planner statistics: they are refreshed
// like autovacuum's analyze threshold (50 rows + 10% of the table changed), for chunks and for the
// lexical postings the triggers write beside them (the BM25 join needs to know that a term's postings
// are few).
const analyzeState = new WeakMap<object, { changed: number; rows: number }>();

async function afterWrites(client: Client, written: number, opts: WriteOptions): Promise<void> {
  // A server's autovacuum does this.
  if (opts.deferMaintenance || written === 0 || database().kind !== "pglite") return;
  const key = database();
  const state = analyzeState.get(key) ?? { changed: 0, rows: 0 };
  state.changed += written;
  analyzeState.set(key, state);
  if (state.changed >= 50 + 0.1 * state.rows) {
    await analyzeSearchTables(client);
    const [{ n }] = await client.$queryRaw<{ n: number }[]>`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'chunks'`;
    analyzeState.set(key, { changed: 0, rows: Math.max(0, Number(n)) });
  }
}

async function analyzeSearchTables(client: Client): Promise<void> {
  await client.$executeRawUnsafe("ANALYZE chunks, chunk_terms, chunk_term_stats");
}

/** Refreshes planner statistics (after bulk loads with deferMaintenance). */
export async function maintainSearchIndexes(client: Client = db()): Promise<void> {
  await analyzeSearchTables(client);
}

/** Removes every chunk (text and vectors) of a file; returns how many. */
export async function deleteChunks(fileId: number, client: Client = db()): Promise<number> {
  return client.$executeRaw`DELETE FROM chunks WHERE file_id = ${fileId}::int`;
}

/** Chunks of a file beyond a new chunk count (a re-ingested file got shorter). */
export async function deleteChunksFrom(fileId: number, fromIndex: number, client: Client = db()): Promise<number> {
  return client.$executeRaw`DELETE FROM chunks WHERE file_id = ${fileId}::int AND chunk_index >= ${fromIndex}::int`;
}
