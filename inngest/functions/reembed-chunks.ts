// Re-embedding after a change of embedding model: every chunk whose vector is missing or comes from
// another model (chunks.embedding_model) is embedded again with the configured provider, in batches,
// each batch its own step. Search only ever compares vectors of the active model id, so while this runs
// queries simply see fewer semantic candidates (lexical search is unaffected); vector spaces never mix.
// Resumable and idempotent: a batch picks "the next chunks still needing the model" from the database,
// so a retry or a second run continues where the last one stopped and a finished run finds nothing.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { embeddingInput } from "@/lib/ingestion/embed-file";
import { log } from "@/lib/log";
import { assertModelId, chunksNeedingEmbedding, embeddingProvider, embedTexts, ensureVectorIndex, vectorLiteral } from "@/lib/ai/embeddings";
import { defineJob } from "../define-job";
import { enqueueJob } from "../jobs";

/** Chunks per step: a few seconds of work for the offline model, one request batch series for remote ones. */
export const REEMBED_BATCH = 256;

export const reembedChunks = defineJob({
  id: "reembed-chunks",
  // The model the job was enqueued for; a run under another configuration stops (a new job is enqueued at start-up).
  payload: z.object({ modelId: z.string().min(1) }),
  retries: 5,
  concurrency: 1,
  handler: async ({ payload, step, logger }) => {
    const provider = embeddingProvider();
    if (provider.id !== payload.modelId) {
      logger.warn("embedding model changed since this job was enqueued; stopping", { enqueuedFor: payload.modelId, configured: provider.id });
      return { modelId: payload.modelId, reembedded: 0, stopped: "model_changed" as const };
    }
    await step.run("ensure-vector-index", async () => (await ensureVectorIndex(provider)) ?? "none");
    const todo = await step.run("count", () => countNeeding(provider.id));
    // Upper bound on batches, so a chunk that cannot be updated (deleted meanwhile) can never loop forever.
    const maxBatches = Math.ceil(todo / REEMBED_BATCH) + 5;
    let reembedded = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await step.run(`batch-${i}`, () => reembedBatch(provider.id));
      reembedded += n;
      if (n === 0) break;
    }
    const dropped = await step.run("drop-unused-indexes", () => dropUnusedVectorIndexes(provider.id));
    return { modelId: provider.id, reembedded, droppedIndexes: dropped };
  },
});

async function countNeeding(modelId: string): Promise<number> {
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
  const vectors = await embedTexts(rows.map((r) => embeddingInput({ headingPath: r.heading_path, content: r.content })), "document", provider);
  const values = rows.map((r, i) => Prisma.sql`(${r.id}::bigint, ${vectorLiteral(vectors[i])}::text, ${r.content}::text)`);
  // Rows rewritten meanwhile (re-ingested with the new model, or new content) are left alone.
  await db().$executeRaw`
    UPDATE chunks SET embedding = v.embedding::vector, embedding_model = ${assertModelId(modelId)}::text
    FROM (VALUES ${Prisma.join(values)}) AS v(id, embedding, content)
    WHERE chunks.id = v.id AND chunks.content = v.content AND chunks.embedding_model IS DISTINCT FROM ${modelId}::text`;
  return rows.length;
}

/** Drops the partial HNSW indexes of models no chunk uses any more (they only cost space and write time). */
async function dropUnusedVectorIndexes(activeModel: string): Promise<string[]> {
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
  const [{ pending }] = await db().$queryRaw<{ pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM jobs WHERE name = ${reembedChunks.id} AND status IN ('queued', 'running')
                   AND payload->>'modelId' = ${modelId}) AS pending`;
  if (pending) return null;
  // One id per model and minute: concurrent start-ups of several app processes insert one row.
  const jobId = await enqueueJob(reembedChunks, { modelId }, { jobId: `reembed-chunks:${modelId}:${Math.floor(Date.now() / 60_000)}` });
  log.info("re-embedding enqueued", { modelId, jobId });
  return jobId;
}
