// The OpenAI-compatible provider against a local server that speaks the /v1/embeddings wire format.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { rejection, unreachableUrl, useFakeServer } from "../testing/fake-http-server";
import { OpenAIEmbeddingProvider } from "./openai-provider";

interface Seen {
  path: string;
  auth?: string;
  body: { model: string; input: string[]; dimensions?: number };
}

// Behaviour per model name, so each test drives the server through the request it sends.
let failuresLeft = 0;
const seen: Seen[] = [];
const server = useFakeServer<Seen["body"]>(({ path, auth, body }, { json: send }) => {
  seen.push({ path, auth, body });
  if (body.model === "always-500") return send(500, { error: { message: "CUDA out of memory", type: "server_error" } });
  if (body.model === "flaky" && failuresLeft-- > 0) return send(503, { error: { message: "overloaded" } });
  if (body.model === "throttled" && failuresLeft-- > 0) return send(429, { error: { message: "rate limit" } }, { "retry-after": "0" });
  if (body.model === "slow") return setTimeout(() => send(200, { data: [] }), 2_000);
  if (body.model === "too-long") return send(400, { error: { message: "This model's maximum context length is 8192 tokens" } });
  if (body.model === "bad-key") return send(401, { error: { message: "Incorrect API key provided" } });
  const dim = body.dimensions ?? 8;
  // Deterministic, deliberately unnormalised vectors, returned in reverse order (index must be honoured).
  const data = body.input.map((text, index) => ({
    object: "embedding",
    index,
    embedding: Array.from({ length: dim }, (_, d) => ((text.length + d) % 5) + 1),
  }));
  send(200, { object: "list", data: data.reverse(), model: body.model, usage: { prompt_tokens: 3, total_tokens: 3 } });
});

const provider = (model: string, extra: Partial<ConstructorParameters<typeof OpenAIEmbeddingProvider>[0]> = {}) =>
  new OpenAIEmbeddingProvider({ baseUrl: `${server.url}/v1`, model, apiKey: "sk-test", retryBaseMs: 5, timeoutMs: 1_000, ...extra });

const failure = (p: Promise<unknown>) => rejection(p, AppError);

describe("OpenAIEmbeddingProvider", () => {
  it("speaks the wire format: model, input, bearer key; vectors in input order, unit length", async () => {
    seen.length = 0;
    const p = provider("text-embedding-3-small", { dimensions: 8 });
    expect(p.id).toBe("openai:text-embedding-3-small:d8");
    const [a, b] = await p.embed(["a", "bbb"], "document");
    expect(seen[0]).toMatchObject({
      path: "/v1/embeddings",
      auth: "Bearer sk-test",
      body: { model: "text-embedding-3-small", input: ["a", "bbb"], dimensions: 8 },
    });
    for (const v of [a, b]) expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    // "a" → components (1+d)%5+1, "bbb" → (3+d)%5+1: different, so a reversed answer would show.
    expect(a[0]).toBeLessThan(b[0]);
    expect(p.dimensions).toBe(8);
  });

  it("learns the dimension of an unknown model from its first answer and prefixes e5 queries", async () => {
    seen.length = 0;
    const p = provider("intfloat/multilingual-e5-small");
    expect(p.dimensions).toBe(0);
    await p.embed(["hello"], "query");
    expect(p.dimensions).toBe(8);
    expect(seen[0].body.input).toEqual(["query: hello"]);
  });

  it("sends large inputs in batches", async () => {
    seen.length = 0;
    const texts = Array.from({ length: 25 }, (_, i) => `text ${i}`);
    const vectors = await provider("batched", { batchSize: 10 }).embed(texts, "document");
    expect(vectors).toHaveLength(25);
    expect(seen.map((s) => s.body.input.length)).toEqual([10, 10, 5]);
  });

  it("retries 5xx and 429 with backoff, then succeeds", async () => {
    failuresLeft = 2;
    expect(await provider("flaky").embed(["x"], "document")).toHaveLength(1);
    failuresLeft = 1;
    expect(await provider("throttled").embed(["x"], "document")).toHaveLength(1);
  });

  it("maps a persistent 5xx to model_unavailable 502", async () => {
    seen.length = 0;
    const err = await failure(provider("always-500", { maxRetries: 2 }).embed(["x"], "document"));
    expect(err).toMatchObject({ code: "model_unavailable", options: { upstream: true } });
    expect(err.detail).toContain("CUDA out of memory");
    expect(seen).toHaveLength(3);
  });

  it("maps configuration errors upstream to 502 and context overflows to 422", async () => {
    expect(await failure(provider("bad-key").embed(["x"], "document"))).toMatchObject({ code: "model_unavailable", options: { upstream: true } });
    const err = await failure(provider("too-long").embed(["x"], "query"));
    expect(err).toMatchObject({ code: "context_length_exceeded" });
    expect(err.options.fields?.query).toBeDefined();
  });

  it("maps connection refused to model_unavailable 503", async () => {
    const p = new OpenAIEmbeddingProvider({ baseUrl: `${await unreachableUrl()}/v1`, model: "m", retryBaseMs: 5, maxRetries: 1 });
    const err = await failure(p.embed(["x"], "document"));
    expect(err).toMatchObject({ code: "model_unavailable" });
    expect(err.detail).toContain("ECONNREFUSED");
  });

  it("maps a slow server to model_timeout 504 without retrying", async () => {
    seen.length = 0;
    const started = Date.now();
    const err = await failure(provider("slow", { timeoutMs: 200 }).embed(["x"], "document"));
    expect(err).toMatchObject({ code: "model_timeout" });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(seen).toHaveLength(1);
  });
});
