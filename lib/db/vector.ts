// pgvector SQL of the chunks table, keeping each embedding model's vectors in their own space: one partial
// HNSW index per model id over `embedding::vector(dim)` (the column has no fixed dimension, so several
// models can coexist while a re-embedding job migrates chunks from one to the next).
import { createHash } from "node:crypto";
import { db } from "./client";
import { Prisma } from "./generated/client";

/** What the index needs of an embedding model (an EmbeddingProvider of lib/ai/embeddings fits). */
export interface VectorModel {
  /** Stored in chunks.embedding_model. */
  readonly id: string;
  /** 0 when the model learns its size from its first answer. */
  readonly dimensions: number;
  embed(texts: string[], kind: "query"): Promise<number[][]>;
}

const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/;

/** Model ids end up in DDL and in partial-index predicates: only a safe alphabet is accepted. */
export function assertModelId(id: string): string {
  if (!MODEL_ID.test(id)) throw new Error(`invalid embedding model id: ${JSON.stringify(id)}`);
  return id;
}

/** The model id as an SQL literal, so the planner can match the partial index predicate. */
export function modelIdSql(id: string): Prisma.Sql {
  return Prisma.raw(`'${assertModelId(id)}'`);
}

/**
 * HNSW indexes `vector` up to 2000 dimensions and `halfvec` up to 4000 (pgvector limits); larger
 * models are searched exactly (no index).
 */
export function vectorType(dim: number): "vector" | "halfvec" {
  if (!Number.isInteger(dim) || dim < 1 || dim > 16000) throw new Error(`invalid vector dimension: ${dim}`);
  return dim <= 2000 ? "vector" : "halfvec";
}

/** `embedding::vector(dim)`: the exact expression the partial index is built on (c = chunks alias). */
export function embeddingExprSql(dim: number, alias = "c"): Prisma.Sql {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`invalid alias ${alias}`);
  return Prisma.raw(`${alias}.embedding::${vectorType(dim)}(${dim})`);
}

/** pgvector text form; 6 decimals are plenty for unit vectors and keep statements small. */
export function vectorLiteral(vec: number[]): string {
  let s = "[";
  for (let i = 0; i < vec.length; i++) {
    const x = vec[i];
    if (!Number.isFinite(x)) throw new Error("vector contains a non-finite value");
    s += (i ? "," : "") + Math.round(x * 1e6) / 1e6;
  }
  return s + "]";
}

/** A bound parameter cast to the model's vector type: `$n::vector(dim)`. */
export function vectorParamSql(vec: number[]): Prisma.Sql {
  return Prisma.sql`${vectorLiteral(vec)}::${Prisma.raw(`${vectorType(vec.length)}(${vec.length})`)}`;
}

export function vectorIndexName(modelId: string): string {
  const slug = assertModelId(modelId)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 28);
  // The hash keeps names unique when sanitising folds two ids together and within 63 bytes.
  const hash = createHash("sha256").update(modelId).digest("hex").slice(0, 8);
  return `chunks_embedding_${slug}_${hash}_hnsw`;
}

const ensured = new WeakMap<object, Set<string>>();

/**
 * Creates the partial HNSW index of this model if missing (idempotent, cheap after the first call per
 * database). Returns the index name, or null when the dimension is beyond what HNSW supports.
 */
export async function ensureVectorIndex(provider: VectorModel, client: Prisma.TransactionClient = db()): Promise<string | null> {
  const id = assertModelId(provider.id);
  let done = ensured.get(client);
  if (!done) ensured.set(client, (done = new Set()));
  let dim = provider.dimensions;
  // Providers that learn their size from the first answer (unknown OpenAI-compatible models).
  if (!dim) dim = (await provider.embed(["dimension probe"], "query"))[0].length;
  if (dim > 4000) return null;
  const name = vectorIndexName(id);
  if (done.has(name)) return name;
  const type = vectorType(dim);
  // Every interpolated piece is validated above: the id by MODEL_ID, dim as an integer, name derived.
  await client.$executeRawUnsafe(
    `CREATE INDEX IF NOT EXISTS "${name}" ON chunks USING hnsw ((embedding::${type}(${dim})) ${type}_cosine_ops) WHERE embedding_model = '${id}'`,
  );
  done.add(name);
  return name;
}

/** Ids of chunks whose vectors are missing or from another model (for the re-embedding job). */
export async function chunksNeedingEmbedding(
  modelId: string,
  limit: number,
  companyId?: number,
  client: Prisma.TransactionClient = db(),
): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: bigint | string }[]>`
    SELECT id FROM chunks
    WHERE embedding_model IS DISTINCT FROM ${assertModelId(modelId)}
      ${companyId === undefined ? Prisma.empty : Prisma.sql`AND company_id = ${companyId}`}
    ORDER BY id
    LIMIT ${Math.max(0, Math.floor(limit))}`;
  return rows.map((r) => String(r.id));
}

/** Drops the partial HNSW indexes of models no chunk uses any more (they only cost space and write time). */
export async function dropUnusedVectorIndexes(activeModel: string): Promise<string[]> {
  const indexes = await db().$queryRaw<{ name: string; def: string }[]>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE tablename = 'chunks' AND indexname LIKE 'chunks_embedding_%_hnsw'`;
  const dropped: string[] = [];
  for (const { name, def } of indexes) {
    const model = /embedding_model\s*=\s*'([^']+)'/.exec(def)?.[1];
    if (!model || model === activeModel) continue;
    const [{ used }] = await db().$queryRaw<{ used: boolean }[]>`SELECT EXISTS (SELECT 1 FROM chunks WHERE embedding_model = ${model}) AS used`;
    if (used) continue;
    // The name comes from pg_indexes and matched our naming pattern; quoted as an identifier.
    await db().$executeRawUnsafe(`DROP INDEX IF EXISTS "${name.replace(/"/g, '""')}"`);
    dropped.push(name);
  }
  return dropped;
}
