// Re-embedding after a change of embedding model: every chunk whose vector is missing or comes from another
// model (chunks.embedding_model) is embedded again with the configured provider, in batches (the steps of
// inngest/functions/reembed-chunks.ts). Search only ever compares vectors of the active model id, so while
// this runs queries simply see fewer semantic candidates (lexical search is unaffected); vector spaces never
// mix. Resumable and idempotent: a batch picks "the next chunks still needing the model" from the database,
// so a retry or a second run continues where the last one stopped and a finished run finds nothing.

import { reembedChunks } from "@/inngest/definitions/reembed-chunks";
import { enqueueJob, hasPendingJob } from "@/inngest/jobs";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { assertModelId, chunksNeedingEmbedding, vectorLiteral } from "@/lib/db/vector";
import { log } from "@/lib/log";
import { embeddingInput } from "./embed-file";

/** The last step of a re-embedding: indexes of models no chunk uses any more go. */
export { dropUnusedVectorIndexes } from "@/lib/db/vector";

/** Chunks per batch: a few seconds of work for the offline model, one request batch series for remote ones. */
export const REEMBED_BATCH = 256;

/** How many chunks still need a vector of `modelId`. */
export async function countChunksNeedingModel(modelId: string): Promise<number> {
  const [{ n }] = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM chunks WHERE embedding_model IS DISTINCT FROM ${assertModelId(modelId)}`;
  return n;
}

/** Embeds the next batch of chunks still needing `modelId`; returns how many were processed (0: done). */
export async function reembedBatch(modelId: string): Promise<number> {
  const ids = await chunksNeedingEmbedding(modelId, REEMBED_BATCH);
  if (!ids.length) return 0;
  const rows = await db().$queryRaw<{ id: bigint; heading_path: string; content: string }[]>`
    SELECT id, heading_path, content FROM chunks WHERE id = ANY(${ids.map(BigInt)}::bigint[]) ORDER BY id`;
  if (!rows.length) return 0;
  const provider = embeddingProvider();
  const vectors = await embedTexts(
    rows.map((r) => embeddingInput({ headingPath: r.heading_path, content: r.content })),
    "document",
    provider,
  );
  const values = rows.map((r, i) => Prisma.sql`(${r.id}::bigint, ${vectorLiteral(vectors[i])}::text, ${r.content}::text)`);
  // Rows rewritten meanwhile (re-ingested with the new model, or new content) are left alone.
  await db().$executeRaw`
    UPDATE chunks SET embedding = v.embedding::vector, embedding_model = ${assertModelId(modelId)}::text
    FROM (VALUES ${Prisma.join(values)}) AS v(id, embedding, content)
    WHERE chunks.id = v.id AND chunks.content = v.content AND chunks.embedding_model IS DISTINCT FROM ${modelId}::text`;
  return rows.length;
}

/**
 * Enqueues a re-embedding when some chunk's vector is missing or from another model and no re-embedding
 * is already waiting or running (local runner; on Inngest the function's concurrency of 1 serialises
 * runs and a redundant run finds nothing to do). Returns the job id, or null when nothing is needed.
 */
export async function enqueueReembedIfNeeded(): Promise<string | null> {
  const modelId = embeddingProvider().id;
  const [{ needed }] = await db().$queryRaw<{ needed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM chunks WHERE embedding_model IS DISTINCT FROM ${assertModelId(modelId)}) AS needed`;
  if (!needed) return null;
  // A waiting job for an older model stops on its own when it starts; only one for this model counts.
  if (await hasPendingJob(reembedChunks, { modelId })) return null;
  // One id per model and minute: concurrent start-ups of several app processes insert one row.
  const jobId = await enqueueJob(reembedChunks, { modelId }, { jobId: `reembed-chunks:${modelId}:${Math.floor(Date.now() / 60_000)}` });
  log.info("re-embedding enqueued", { modelId, jobId });
  return jobId;
}
