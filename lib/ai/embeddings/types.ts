// Embedding providers: one interface, an offline default, and providers for scale. The model id is
// stored with every vector (chunks.embedding_model) so vector spaces are never mixed in a query.

export interface EmbeddingProvider {
  /** Stable id of the model + configuration, stored in chunks.embedding_model. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit-length vector per text. `kind` lets asymmetric models (e5, bge) prefix queries. */
  embed(texts: string[], kind: "document" | "query"): Promise<number[][]>;
}
