// GET /api/v3/models: the configured embedding, rerank and answer models. Built from the same factories
// the requests use, so the ids shown are exactly those reported by /search, /ask and stored vectors.

import { answerProvider } from "@/lib/ai/answer";
import { embeddingProvider } from "@/lib/ai/embeddings";
import { reranker } from "@/lib/ai/rerank";
import type { TModel } from "@/lib/contracts/models";
import { env } from "@/lib/env";

/** A provider whose settings are incomplete throws when built: listed as unavailable, never a 500. */
function describe<T>(build: () => T, fallbackId: string | undefined, fields: (t: T) => { id: string; dimensions: number | null }) {
  try {
    return { ...fields(build()), available: true };
  } catch {
    return { id: fallbackId ?? "", dimensions: null, available: false };
  }
}

export function listModels(): { results: TModel[] } {
  const e = env();
  const embedding = describe(embeddingProvider, e.EMBEDDINGS_MODEL, (p) => ({ id: p.id, dimensions: p.dimensions }));
  const rerank = describe(reranker, e.RERANK_MODEL, (r) => ({ id: r.id, dimensions: null }));
  const answer = describe(answerProvider, e.ANSWER_MODEL, (a) => ({ id: a.model, dimensions: null }));
  return {
    results: [
      { type: "embedding", provider: e.EMBEDDINGS_PROVIDER, is_default: true, ...embedding },
      { type: "rerank", provider: e.RERANK_PROVIDER, is_default: true, ...rerank },
      { type: "answer", provider: e.ANSWER_PROVIDER, is_default: true, ...answer },
    ],
  };
}
