// Entry point of the embeddings module: the configured provider (one per process) and batching. Where the
// vectors are stored and indexed (pgvector SQL) is lib/db/vector.ts's business, not the providers'.
import { env, type TEnv } from "@/lib/env";
import { configured } from "../configured";
import { modelUnavailable } from "../model-errors";
import { LocalEmbeddingProvider } from "./local-provider";
import { OnnxEmbeddingProvider } from "./onnx-provider";
import { OpenAIEmbeddingProvider } from "./openai-provider";
import type { EmbeddingProvider } from "./types";
import { WORD_DIMS } from "./word-vectors";

export type { EmbeddingProvider } from "./types";

/** The configured provider, rebuilt only when the embedding configuration changes (tests). */
export function embeddingProvider(): EmbeddingProvider {
  const e = env();
  return configured(
    "embeddings",
    [
      e.EMBEDDINGS_PROVIDER,
      e.EMBEDDINGS_MODEL,
      e.EMBEDDINGS_MODEL_DIR,
      e.EMBEDDINGS_BASE_URL,
      e.EMBEDDINGS_DIMENSIONS,
      e.EMBEDDINGS_BATCH_SIZE,
      e.EMBEDDINGS_TIMEOUT_MS,
      e.EMBEDDINGS_API_KEY,
    ],
    () => createProvider(e),
  );
}

function createProvider(e: TEnv): EmbeddingProvider {
  switch (e.EMBEDDINGS_PROVIDER) {
    case "local":
      return new LocalEmbeddingProvider(e.EMBEDDINGS_DIMENSIONS ? { hashDims: e.EMBEDDINGS_DIMENSIONS - WORD_DIMS } : {});
    case "onnx":
      if (!e.EMBEDDINGS_MODEL_DIR || !e.EMBEDDINGS_MODEL) {
        throw modelUnavailable("EMBEDDINGS_PROVIDER=onnx needs EMBEDDINGS_MODEL_DIR and EMBEDDINGS_MODEL.");
      }
      return new OnnxEmbeddingProvider({ modelDir: e.EMBEDDINGS_MODEL_DIR, model: e.EMBEDDINGS_MODEL, batchSize: e.EMBEDDINGS_BATCH_SIZE });
    case "openai":
      if (!e.EMBEDDINGS_MODEL) {
        throw modelUnavailable("EMBEDDINGS_PROVIDER=openai needs EMBEDDINGS_MODEL.");
      }
      return new OpenAIEmbeddingProvider({
        baseUrl: e.EMBEDDINGS_BASE_URL ?? "https://api.openai.com/v1",
        apiKey: e.EMBEDDINGS_API_KEY,
        model: e.EMBEDDINGS_MODEL,
        dimensions: e.EMBEDDINGS_DIMENSIONS,
        batchSize: e.EMBEDDINGS_BATCH_SIZE,
        timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
      });
  }
}

/**
 * Loads the offline model's word vectors in the background at start-up (a fraction of a second from the file
 * prepared at setup), so the first ingestion or search after a start is as fast as later ones. Remote and
 * ONNX providers are left alone: warming them would cost a request or gigabytes for nothing.
 */
export function warmUpEmbeddings(): Promise<void> {
  if (env().EMBEDDINGS_PROVIDER !== "local") return Promise.resolve();
  return embeddingProvider()
    .embed(["warm up"], "query")
    .then(() => undefined);
}

/**
 * Embeds any number of texts in batches of EMBEDDINGS_BATCH_SIZE, yielding to the event loop between
 * batches so that the in-process (CPU-bound) local model does not stall request handling.
 */
export async function embedTexts(texts: string[], kind: "document" | "query", provider = embeddingProvider()): Promise<number[][]> {
  const size = env().EMBEDDINGS_BATCH_SIZE;
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += size) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    out.push(...(await provider.embed(texts.slice(i, i + size), kind)));
  }
  return out;
}
