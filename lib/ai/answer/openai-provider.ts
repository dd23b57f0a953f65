// Answers from any OpenAI-compatible chat model, streamed. The prompt: system rules (answer only from the
// numbered sources, cite them as [n], say so when they do not contain the answer) + the agent's
// instructions, then the conversation, then one user message with the numbered sources and the question.
// Sources are trimmed to ANSWER_MAX_CONTEXT_TOKENS (lowest-ranked dropped first; numbers are kept, so
// citations still point into the caller's `sources`). Chat client failures map to the spec's codes.

import { type ChatConfig, type ChatMessage, chatStream, ModelHttpError } from "@/lib/ai/openai-chat";
import { estimateTokens } from "@/lib/documents/chunk";
import { AppError } from "@/lib/errors";
import { modelUnavailable } from "../model-errors";
import type { AnswerEvent, AnswerProvider, AnswerRequest, AnswerSource } from "./types";

export interface OpenAIAnswerOptions extends ChatConfig {
  maxContextTokens: number;
  temperature?: number;
  maxTokens?: number;
}

export const SYSTEM_PROMPT = [
  "You answer questions about the user's documents.",
  "Use only the numbered sources given with the question; do not use outside knowledge.",
  "Cite every statement with the number of the source it comes from, in square brackets, e.g. [1] or [2][3].",
  "If the sources do not contain the answer, say plainly that the documents do not contain it, and cite nothing.",
  "Answer in the language of the question. Be concise.",
].join("\n");

export class OpenAIAnswerProvider implements AnswerProvider {
  readonly model: string;

  constructor(private readonly opts: OpenAIAnswerOptions) {
    this.model = opts.model;
  }

  async *stream(req: AnswerRequest): AsyncIterable<AnswerEvent> {
    const messages = buildMessages(req, this.opts.maxContextTokens);
    try {
      for await (const item of chatStream(this.opts, {
        messages,
        model: req.model,
        temperature: this.opts.temperature ?? 0.1,
        maxTokens: this.opts.maxTokens,
        signal: req.signal,
      })) {
        if (typeof item === "string") yield { type: "delta", text: item };
        else yield { type: "done", model: item.model, usage: item.usage };
      }
    } catch (err) {
      throw err instanceof ModelHttpError ? toAppError(err) : err;
    }
  }
}

export function buildMessages(req: AnswerRequest, maxContextTokens: number): ChatMessage[] {
  const system = req.instructions?.trim() ? `${SYSTEM_PROMPT}\n\nAdditional instructions:\n${req.instructions.trim()}` : SYSTEM_PROMPT;
  const sources = trimSources(req.sources, maxContextTokens);
  const context = sources.length
    ? sources.map(formatSource).join("\n\n")
    : "(No source matched this question: tell the user the documents do not contain the answer.)";
  return [
    { role: "system", content: system },
    ...req.history.map((m) => ({ role: m.role, content: m.content })),
    { role: "user", content: `Sources:\n\n${context}\n\nQuestion: ${req.query}` },
  ];
}

function formatSource(s: AnswerSource): string {
  const where = [s.filename, s.page ? `page ${s.page}` : "", s.heading].filter(Boolean).join(", ");
  return `[${s.index}] ${where}\n${s.content.trim()}`;
}

/** Best-first sources within the token budget; the first one is cut to fit rather than dropped. */
export function trimSources(sources: AnswerSource[], budget: number): AnswerSource[] {
  const out: AnswerSource[] = [];
  let used = 0;
  for (const s of sources) {
    const cost = estimateTokens(s.content) + 12;
    if (used + cost <= budget) {
      out.push(s);
      used += cost;
    } else if (!out.length) {
      // Cut by characters in proportion to the budget (estimateTokens is ~4 characters a token).
      const keep = Math.max(0, Math.floor((s.content.length * (budget - 12)) / Math.max(1, cost - 12)));
      out.push({ ...s, content: s.content.slice(0, keep) });
      break;
    }
  }
  return out;
}

export function toAppError(err: ModelHttpError): AppError {
  switch (err.kind) {
    case "unreachable":
      return modelUnavailable(err.message);
    case "upstream":
      return modelUnavailable(err.message, true);
    case "timeout":
      return new AppError("model_timeout", err.message);
    case "context_length":
      return new AppError("context_length_exceeded", `The question and its sources exceed the model's context: ${err.message}`, {
        fields: { query: [{ error: "context_length_exceeded", detail: err.message }] },
      });
    case "content_filter":
      return new AppError("content_filtered", `The model's content filter rejected the request: ${err.message}`, {
        fields: { query: [{ error: "content_filtered", detail: err.message }] },
      });
  }
}
