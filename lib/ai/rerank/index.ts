// Entry point of the rerank module: the configured reranker (one per process, rebuilt when the
// configuration changes, like embeddingProvider()).
import { env, type TEnv } from "@/lib/env";
import { configured } from "../configured";
import { modelUnavailable } from "../model-errors";
import { HttpReranker } from "./http-reranker";
import { LocalReranker } from "./local-reranker";
import { OnnxReranker } from "./onnx-reranker";
import type { Reranker } from "./types";

export type { RerankCandidate, Reranker, RerankResult } from "./types";

export function reranker(): Reranker {
  const e = env();
  return configured(
    "reranker",
    [e.RERANK_PROVIDER, e.RERANK_MODEL, e.RERANK_MODEL_DIR, e.RERANK_BASE_URL, e.RERANK_API_KEY, e.RERANK_TIMEOUT_MS],
    () => createReranker(e),
  );
}

function createReranker(e: TEnv): Reranker {
  switch (e.RERANK_PROVIDER) {
    case "local":
      return new LocalReranker();
    case "onnx":
      if (!e.RERANK_MODEL_DIR || !e.RERANK_MODEL) {
        throw modelUnavailable("RERANK_PROVIDER=onnx needs RERANK_MODEL_DIR and RERANK_MODEL.");
      }
      return new OnnxReranker({ modelDir: e.RERANK_MODEL_DIR, model: e.RERANK_MODEL });
    case "http":
      if (!e.RERANK_BASE_URL) throw modelUnavailable("RERANK_PROVIDER=http needs RERANK_BASE_URL.");
      return new HttpReranker({ baseUrl: e.RERANK_BASE_URL, model: e.RERANK_MODEL, apiKey: e.RERANK_API_KEY, timeoutMs: e.RERANK_TIMEOUT_MS });
  }
}
