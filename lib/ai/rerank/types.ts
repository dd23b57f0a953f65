// Rerankers: re-score a small candidate set (the fused hybrid hits) against the query. One interface,
// an offline default (lexical proximity/coverage) and cross-encoder providers (ONNX, HTTP rerank APIs).

export interface RerankCandidate {
  /** Caller's id (a chunk id). */
  id: string;
  text: string;
  /**
   * The first-stage score relative to the best candidate's (0–1), when the caller has one. Cross-encoders
   * ignore it; the offline lexical reranker, whose evidence BM25 already holds, only breaks near-ties with it.
   */
  firstStage?: number;
}

export interface RerankResult {
  id: string;
  /** Higher is better; comparable only within one call. */
  score: number;
}

export interface Reranker {
  /** Stable id of the model + configuration (reported in responses and logs). */
  readonly id: string;
  /** Every candidate once, best first. Errors are AppErrors (model_unavailable 502/503, model_timeout 504). */
  rerank(query: string, candidates: RerankCandidate[], opts?: { signal?: AbortSignal }): Promise<RerankResult[]>;
}
