// Re-embedding after a change of embedding model (lib/ingestion/reembed-chunks.ts), in batches, each batch
// its own step; resumable because each batch picks the next chunks still needing the model.
import { embeddingProvider } from "@/lib/ai/embeddings";
import { ensureVectorIndex } from "@/lib/db/vector";
import { countChunksNeedingModel, dropUnusedVectorIndexes, REEMBED_BATCH, reembedBatch } from "@/lib/ingestion/reembed-chunks";
import { implementJob } from "../define-job";
import { reembedChunks as definition } from "../definitions/reembed-chunks";

export const reembedChunks = implementJob(definition, {
  handler: async ({ payload, step, logger }) => {
    const provider = embeddingProvider();
    if (provider.id !== payload.modelId) {
      logger.warn("embedding model changed since this job was enqueued; stopping", { enqueuedFor: payload.modelId, configured: provider.id });
      return { modelId: payload.modelId, reembedded: 0, stopped: "model_changed" as const };
    }
    await step.run("ensure-vector-index", async () => (await ensureVectorIndex(provider)) ?? "none");
    const todo = await step.run("count", () => countChunksNeedingModel(provider.id));
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
