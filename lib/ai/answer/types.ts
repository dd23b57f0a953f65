// Answer providers for /ask: turn a question, the conversation and numbered sources into an answer
// whose citation markers `[n]` refer to `sources[n-1]`. Always streamed; the sync API collects it.

export interface AnswerSource {
  /** 1-based citation number: the answer cites this source as `[index]`. */
  index: number;
  fileId: number;
  filename: string;
  chunkId: string;
  page: number;
  heading: string;
  content: string;
  score: number;
}

export interface AnswerMessage {
  role: "user" | "assistant";
  content: string;
}

export interface AnswerRequest {
  query: string;
  /** Earlier turns, oldest first (may be empty). */
  history: AnswerMessage[];
  /** Agent instructions (system prompt additions), if any. */
  instructions?: string;
  /** Retrieved passages, best first; empty when retrieval found nothing relevant. */
  sources: AnswerSource[];
  /** Model override (an agent's `model`); providers fall back to their configured default. */
  model?: string;
  signal?: AbortSignal;
}

export interface AnswerUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export type AnswerEvent =
  | { type: "delta"; text: string }
  /** Last event of every successful stream. `model`: the model that answered. */
  | { type: "done"; model: string; usage: AnswerUsage };

export interface AnswerProvider {
  /** Configured default model name (reported as `model` in responses). */
  readonly model: string;
  /**
   * Streams the answer. Failures are thrown (before or between events) as AppErrors with the spec's codes:
   * model_unavailable (502 upstream error / 503 unreachable), model_timeout (504),
   * context_length_exceeded and content_filtered (422 with `fields.query`).
   */
  stream(req: AnswerRequest): AsyncIterable<AnswerEvent>;
}
