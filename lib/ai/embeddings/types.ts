// Embedding providers: one interface, an offline default, and providers for scale. The model id is
// stored with every vector (chunks.embedding_model) so vector spaces are never mixed in a query.

export interface EmbeddingProvider {
  /** Stable id of the model + configuration, stored in chunks.embedding_model. */
  readonly id: string;
  readonly dimensions: number;
  /**
   * Cosine similarity below which a passage is not semantically close to a query, calibrated for this
   * model (docs: README "Semantic floor"); semantic and hybrid search drop candidates below it, so a query
   * that matches nothing returns nothing. Undefined: not calibrated (SEARCH_SEMANTIC_FLOOR sets one).
   */
  readonly similarityFloor?: number;
  /**
   * Similarity at or above which one passage alone makes a document match a query where results are a
   * filter, not a ranking (the files list's content search, lib/search/file-evidence.ts): above the
   * similarityFloor, which keeps paraphrases in rankings. Undefined: only lexical evidence filters.
   */
  readonly matchFloor?: number;
  /** One unit-length vector per text. `kind` lets asymmetric models (e5, bge) prefix queries. */
  embed(texts: string[], kind: "document" | "query"): Promise<number[][]>;
}
