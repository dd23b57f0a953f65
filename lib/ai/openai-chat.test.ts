// The chat client against a local server that speaks the OpenAI /v1/chat/completions wire format,
// streamed (SSE) and not. The model name in each request selects the server's behaviour.
import { describe, expect, it } from "vitest";
import { type ChatConfig, type ChatStreamEnd, chatComplete, chatStream, ModelHttpError } from "./openai-chat";
import { rejection, unreachableUrl, useFakeServer } from "./testing/fake-http-server";

interface Body {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
  response_format?: unknown;
}

const seen: { auth?: string; path: string; body: Body }[] = [];

const server = useFakeServer<Body>(({ path, auth, body }, { json, res }) => {
  seen.push({ auth, path, body });
  const sse = (events: unknown[], opts: { stallAfter?: number } = {}) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    // Events are split at odd places to prove the parser buffers lines across reads.
    const text = events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`).join("");
    const cut = opts.stallAfter ?? text.length;
    const parts = [text.slice(0, 7), text.slice(7, 40), text.slice(40, cut)];
    let i = 0;
    const tick = () => {
      if (i < parts.length) {
        res.write(parts[i++]);
        setTimeout(tick, 5);
      } else if (opts.stallAfter === undefined) res.end();
    };
    tick();
  };
  const chunk = (content: string | null, finish: string | null = null) => ({
    id: "c1",
    object: "chat.completion.chunk",
    model: "served-model",
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  });
  const usage = { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 };
  switch (body.model) {
    case "down":
      return json(500, { error: { message: "model crashed", type: "server_error" } });
    case "garbage":
      return json(200, { hello: "world" });
    case "too-long":
      return json(400, { error: { message: "This model's maximum context length is 8192 tokens.", code: "context_length_exceeded" } });
    case "too-long-text":
      return json(400, { error: { message: "prompt is too long: 9000 tokens > 8192 maximum" } });
    case "policy":
      return json(400, { error: { message: "Your request was rejected", code: "content_policy_violation" } });
    case "filtered":
      return json(200, { model: "filtered", choices: [{ message: { content: null }, finish_reason: "content_filter" }] });
    case "slow":
      return setTimeout(() => json(200, {}), 2_000);
    case "stream-filtered":
      return sse([chunk("Partial "), chunk(null, "content_filter")]);
    case "stream-stall":
      return sse([chunk("Hello"), chunk(" world")], { stallAfter: 60 });
    case "stream-error":
      return sse([chunk("Hi"), { error: { message: "upstream overloaded", code: "server_error" } }]);
  }
  if (body.stream) {
    return sse([chunk("The answer"), chunk(" is 42"), chunk(" [1]."), chunk(null, "stop"), { ...chunk(null), choices: [], usage }, "[DONE]"]);
  }
  json(200, {
    id: "x",
    object: "chat.completion",
    model: "served-model",
    choices: [{ index: 0, message: { role: "assistant", content: `echo: ${body.messages.at(-1)?.content}` }, finish_reason: "stop" }],
    usage,
  });
});

const cfg = (model: string, extra: Partial<ChatConfig> = {}): ChatConfig => ({
  baseUrl: `${server.url}/v1`,
  model,
  apiKey: "sk-chat",
  timeoutMs: 1_000,
  ...extra,
});
const user = (content: string) => [{ role: "user" as const, content }];

const failure = (p: Promise<unknown>) => rejection(p, ModelHttpError);

async function drain(it: AsyncIterable<string | ChatStreamEnd>): Promise<{ deltas: string[]; end?: ChatStreamEnd }> {
  const deltas: string[] = [];
  let end: ChatStreamEnd | undefined;
  for await (const item of it) {
    if (typeof item === "string") deltas.push(item);
    else end = item;
  }
  return { deltas, end };
}

describe("chatComplete", () => {
  it("sends model, messages, options and the bearer key; returns content, model, usage and finish reason", async () => {
    seen.length = 0;
    const format = { type: "json_schema", json_schema: { name: "row", schema: { type: "object" }, strict: true } };
    const out = await chatComplete(cfg("gpt-test"), { messages: user("hi"), temperature: 0, maxTokens: 50, responseFormat: format });
    expect(out).toEqual({
      content: "echo: hi",
      model: "served-model",
      usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 },
      finishReason: "stop",
    });
    expect(seen[0]).toMatchObject({ path: "/v1/chat/completions", auth: "Bearer sk-chat" });
    expect(seen[0].body).toEqual({ model: "gpt-test", messages: user("hi"), temperature: 0, max_tokens: 50, response_format: format });
  });

  it("uses the per-request model override", async () => {
    seen.length = 0;
    await chatComplete(cfg("default-model"), { messages: user("x"), model: "agent-model" });
    expect(seen[0].body.model).toBe("agent-model");
  });

  it("classifies failures", async () => {
    expect(await failure(chatComplete(cfg("down"), { messages: user("x") }))).toMatchObject({ kind: "upstream", status: 500 });
    expect((await failure(chatComplete(cfg("down"), { messages: user("x") }))).message).toContain("model crashed");
    expect(await failure(chatComplete(cfg("garbage"), { messages: user("x") }))).toMatchObject({ kind: "upstream" });
    expect(await failure(chatComplete(cfg("too-long"), { messages: user("x") }))).toMatchObject({ kind: "context_length", status: 400 });
    expect(await failure(chatComplete(cfg("too-long-text"), { messages: user("x") }))).toMatchObject({ kind: "context_length" });
    expect(await failure(chatComplete(cfg("policy"), { messages: user("x") }))).toMatchObject({ kind: "content_filter", status: 400 });
    expect(await failure(chatComplete(cfg("filtered"), { messages: user("x") }))).toMatchObject({ kind: "content_filter" });
  });

  it("times out on a slow server", async () => {
    const err = await failure(chatComplete(cfg("slow", { timeoutMs: 150 }), { messages: user("x") }));
    expect(err.kind).toBe("timeout");
  });

  it("reports an unreachable server", async () => {
    const err = await failure(chatComplete({ baseUrl: `${await unreachableUrl()}/v1`, model: "m", timeoutMs: 1_000 }, { messages: user("x") }));
    expect(err.kind).toBe("unreachable");
    expect(err.message).toContain("ECONNREFUSED");
  });

  it("passes the caller's abort through untouched (not a model failure)", async () => {
    const ctl = new AbortController();
    const p = chatComplete(cfg("slow", { timeoutMs: 5_000 }), { messages: user("x"), signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    const err = await p.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ModelHttpError);
    expect((err as Error).name).toBe("AbortError");
  });
});

describe("chatStream", () => {
  it("streams deltas then the model and usage; asks for usage in the stream", async () => {
    seen.length = 0;
    const { deltas, end } = await drain(chatStream(cfg("gpt-test"), { messages: user("q") }));
    expect(deltas.join("")).toBe("The answer is 42 [1].");
    expect(deltas.length).toBe(3);
    expect(end).toEqual({
      done: true,
      model: "served-model",
      usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 },
      finishReason: "stop",
    });
    expect(seen[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("fails before the first delta with the same kinds as the non-streamed call", async () => {
    expect(await failure(drain(chatStream(cfg("too-long"), { messages: user("x") })))).toMatchObject({ kind: "context_length" });
    expect(await failure(drain(chatStream(cfg("down"), { messages: user("x") })))).toMatchObject({ kind: "upstream", status: 500 });
  });

  it("fails mid-stream: content filter, in-stream error, stalled stream (timeout)", async () => {
    const got: string[] = [];
    const run = async (model: string, timeoutMs = 1_000) => {
      for await (const item of chatStream(cfg(model, { timeoutMs }), { messages: user("x") })) if (typeof item === "string") got.push(item);
    };
    expect(await failure(run("stream-filtered"))).toMatchObject({ kind: "content_filter" });
    expect(got).toEqual(["Partial "]);
    expect(await failure(run("stream-error"))).toMatchObject({ kind: "upstream" });
    expect(await failure(run("stream-stall", 300))).toMatchObject({ kind: "timeout" });
  });
});
