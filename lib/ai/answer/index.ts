// Entry point of the answer module: the configured provider (one per process, rebuilt when the
// configuration changes) and collectAnswer() for the synchronous /ask.
import { env, type TEnv } from "@/lib/env";
import { configured } from "../configured";
import { modelUnavailable } from "../model-errors";
import { ExtractiveAnswerProvider } from "./extractive";
import { OpenAIAnswerProvider } from "./openai-provider";
import type { AnswerProvider, AnswerRequest, AnswerUsage } from "./types";

export { NO_ANSWER } from "./extractive";
export type { AnswerEvent, AnswerMessage, AnswerProvider, AnswerRequest, AnswerSource, AnswerUsage } from "./types";

export function answerProvider(): AnswerProvider {
  const e = env();
  return configured(
    "answer",
    [e.ANSWER_PROVIDER, e.ANSWER_MODEL, e.ANSWER_BASE_URL, e.ANSWER_API_KEY, e.ANSWER_TIMEOUT_MS, e.ANSWER_MAX_CONTEXT_TOKENS],
    () => createProvider(e),
  );
}

function createProvider(e: TEnv): AnswerProvider {
  switch (e.ANSWER_PROVIDER) {
    case "extractive":
      return new ExtractiveAnswerProvider();
    case "openai":
      if (!e.ANSWER_MODEL) throw modelUnavailable("ANSWER_PROVIDER=openai needs ANSWER_MODEL.");
      return new OpenAIAnswerProvider({
        baseUrl: e.ANSWER_BASE_URL ?? "https://api.openai.com/v1",
        apiKey: e.ANSWER_API_KEY,
        model: e.ANSWER_MODEL,
        timeoutMs: e.ANSWER_TIMEOUT_MS,
        maxContextTokens: e.ANSWER_MAX_CONTEXT_TOKENS,
      });
  }
}

/** Runs a stream to its end: the whole answer, the model that gave it and its usage. Errors propagate. */
export async function collectAnswer(provider: AnswerProvider, req: AnswerRequest): Promise<{ answer: string; model: string; usage: AnswerUsage }> {
  let answer = "";
  for await (const event of provider.stream(req)) {
    if (event.type === "delta") answer += event.text;
    else return { answer, model: event.model, usage: event.usage };
  }
  throw streamEndedEarly();
}

/** A provider's stream that stopped before its `done` event: the model service failed (502). */
export const streamEndedEarly = () => modelUnavailable("The answer stream ended without completing.", true);
