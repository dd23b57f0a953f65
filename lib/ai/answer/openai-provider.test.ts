// The OpenAI answer provider against a local server speaking the chat completions wire format (SSE):
// the prompt it builds, streaming, trimming of sources, and each failure mapped to the spec's codes.
import { afterAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { rejection, unreachableUrl, useFakeServer } from "../testing/fake-http-server";
import { ExtractiveAnswerProvider } from "./extractive";
import { answerProvider, collectAnswer } from "./index";
import { buildMessages, OpenAIAnswerProvider, SYSTEM_PROMPT, trimSources } from "./openai-provider";
import type { AnswerRequest, AnswerSource } from "./types";

type Msg = { role: string; content: string };
const seen: { model: string; messages: Msg[]; stream?: boolean }[] = [];

const server = useFakeServer<{ model: string; messages: Msg[]; stream?: boolean }>(({ body }, { json, res }) => {
  seen.push(body);
  switch (body.model) {
    case "err-500":
      return json(500, { error: { message: "boom" } });
    case "err-context":
      return json(400, { error: { message: "maximum context length exceeded", code: "context_length_exceeded" } });
    case "err-filter":
      return json(400, { error: { message: "flagged", code: "content_filter" } });
    case "err-slow":
      return setTimeout(() => json(200, {}), 1_000);
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  const ev = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`);
  for (const piece of ["Refunds take ", "30 days ", "[1]."])
    ev({ model: body.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  ev({ model: body.model, choices: [], usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 } });
  res.end("data: [DONE]\n\n");
});
afterAll(() => setEnvForTests({}));

const src = (index: number, content: string): AnswerSource => ({
  index,
  fileId: 1,
  filename: `f${index}.pdf`,
  chunkId: `${index}`,
  page: index,
  heading: "Policy",
  content,
  score: 1,
});
const REQ: AnswerRequest = {
  query: "How long do refunds take?",
  history: [
    { role: "user", content: "Hi" },
    { role: "assistant", content: "Hello!" },
  ],
  instructions: "Answer like a pirate.",
  sources: [src(1, "Refunds are processed within 30 days."), src(2, "Shipping is free.")],
};
const provider = (model: string, timeoutMs = 2_000) =>
  new OpenAIAnswerProvider({ baseUrl: `${server.url}/v1`, model, apiKey: "k", timeoutMs, maxContextTokens: 4_000 });

const failure = (p: Promise<unknown>) => rejection(p, AppError);

describe("OpenAIAnswerProvider", () => {
  it("streams the model's answer and reports its model and usage", async () => {
    seen.length = 0;
    const deltas: string[] = [];
    let done: unknown;
    for await (const e of provider("gpt-4o-mini").stream(REQ)) {
      if (e.type === "delta") deltas.push(e.text);
      else done = e;
    }
    expect(deltas).toEqual(["Refunds take ", "30 days ", "[1]."]);
    expect(done).toEqual({ type: "done", model: "gpt-4o-mini", usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 } });
    expect(seen[0].stream).toBe(true);
  });

  it("builds the prompt: rules + agent instructions, the conversation, then numbered sources and the question", async () => {
    seen.length = 0;
    await collectAnswer(provider("gpt-4o-mini"), { ...REQ, model: "agent-model" });
    const [sent] = seen;
    expect(sent.model).toBe("agent-model");
    expect(sent.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(sent.messages[0].content).toContain(SYSTEM_PROMPT);
    expect(sent.messages[0].content).toContain("Answer like a pirate.");
    const last = sent.messages[3].content;
    expect(last).toContain("[1] f1.pdf, page 1, Policy\nRefunds are processed within 30 days.");
    expect(last).toContain("[2] f2.pdf");
    expect(last.indexOf("[1]")).toBeLessThan(last.indexOf("[2]"));
    expect(last.trim().endsWith("Question: How long do refunds take?")).toBe(true);
  });

  it("tells the model when no source matched", () => {
    const messages = buildMessages({ ...REQ, sources: [] }, 4_000);
    expect(messages.at(-1)!.content).toContain("No source matched");
  });

  it("trims sources to the context budget: lowest-ranked dropped, numbers kept, an oversized first one cut", () => {
    const long = "word ".repeat(400);
    const kept = trimSources([src(1, long), src(2, long), src(3, "short")], 500);
    expect(kept.map((s) => s.index)).toEqual([1, 3]);
    const cut = trimSources([src(1, "word ".repeat(4000))], 300);
    expect(cut).toHaveLength(1);
    expect(cut[0].content.length).toBeLessThan(2_000);
  });

  it("maps every failure to the spec's codes", async () => {
    expect(await failure(collectAnswer(provider("err-500"), REQ))).toMatchObject({ code: "model_unavailable", options: { upstream: true } });
    expect(await failure(collectAnswer(provider("err-slow", 150), REQ))).toMatchObject({ code: "model_timeout" });
    const ctx = await failure(collectAnswer(provider("err-context"), REQ));
    expect(ctx).toMatchObject({ code: "context_length_exceeded" });
    expect(ctx.options.fields?.query?.[0].error).toBe("context_length_exceeded");
    const filtered = await failure(collectAnswer(provider("err-filter"), REQ));
    expect(filtered).toMatchObject({ code: "content_filtered" });
    expect(filtered.options.fields?.query?.[0].error).toBe("content_filtered");

    const down = new OpenAIAnswerProvider({ baseUrl: `${await unreachableUrl()}/v1`, model: "m", timeoutMs: 1_000, maxContextTokens: 1_000 });
    expect(await failure(collectAnswer(down, REQ))).toMatchObject({ code: "model_unavailable" });
  });
});

describe("answerProvider()", () => {
  it("is extractive by default and the OpenAI provider when configured", () => {
    setEnvForTests({ ANSWER_PROVIDER: undefined });
    expect(answerProvider()).toBeInstanceOf(ExtractiveAnswerProvider);
    expect(answerProvider()).toBe(answerProvider());
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_MODEL: "gpt-4o-mini", ANSWER_BASE_URL: `${server.url}/v1` });
    expect(answerProvider()).toBeInstanceOf(OpenAIAnswerProvider);
    expect(answerProvider().model).toBe("gpt-4o-mini");
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_MODEL: undefined });
    expect(() => answerProvider()).toThrow(AppError);
  });
});
