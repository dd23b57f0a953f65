// The HTTP reranker against local servers speaking the Cohere/Jina and TEI rerank wire formats; the
// ONNX cross-encoder with its configuration checks and, since no real weights can be had offline, a tiny
// generated model (tiny-cross-encoder.fixture.ts) run through the real tokenizer and ONNX Runtime.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { rejection, unreachableUrl, useFakeServer } from "../testing/fake-http-server";
import { HttpReranker } from "./http-reranker";
import { reranker } from "./index";
import { LocalReranker } from "./local-reranker";
import { OnnxReranker, relevance } from "./onnx-reranker";
import { writeTinyCrossEncoder } from "./tiny-cross-encoder.fixture";

const seen: { path: string; auth?: string; body: Record<string, unknown> }[] = [];

// Relevance = number of query words in the document, so the expected order is known.
const overlap = (q: string, d: string) => q.split(" ").filter((w) => d.includes(w)).length;

const server = useFakeServer<{ model?: string; query: string; documents?: string[]; texts?: string[] }>(({ path, auth, body }, { json: send }) => {
  seen.push({ path, auth, body });
  if (body.model === "down") return send(503, { message: "model loading" });
  if (body.model === "slow") return setTimeout(() => send(200, { results: [] }), 1_000);
  if (body.model === "broken") return send(200, { results: [{ index: 7, relevance_score: 1 }] });
  if (body.model === "partial") return send(200, { results: [{ index: 1, relevance_score: 0.9 }] });
  if (body.texts) {
    // TEI: a bare array, best first.
    const out = body.texts.map((t, index) => ({ index, score: overlap(body.query, t) })).sort((a, b) => b.score - a.score);
    return send(200, out);
  }
  const results = body.documents!.map((d, index) => ({ index, relevance_score: overlap(body.query, d) / 10 }));
  send(200, { id: "r", results: results.sort((a, b) => b.relevance_score - a.relevance_score), meta: {} });
});
afterAll(() => setEnvForTests({}));

const cands = [
  { id: "a", text: "nothing relevant" },
  { id: "b", text: "server room cooling" },
  { id: "c", text: "server cooling" },
];

const failure = (p: Promise<unknown>) => rejection(p, AppError);

describe("HttpReranker", () => {
  it("speaks the Cohere/Jina format when a model is configured", async () => {
    seen.length = 0;
    const r = new HttpReranker({ baseUrl: `${server.url}/v2/`, model: "rerank-v3.5", apiKey: "k" });
    const out = await r.rerank("server room cooling", cands);
    expect(out.map((x) => x.id)).toEqual(["b", "c", "a"]);
    expect(out[0].score).toBeCloseTo(0.3);
    expect(seen[0]).toMatchObject({ path: "/v2/rerank", auth: "Bearer k", body: { model: "rerank-v3.5", query: "server room cooling", top_n: 3 } });
    expect(seen[0].body.documents).toEqual(cands.map((c) => c.text));
    expect(r.id).toBe("http:rerank-v3.5");
  });

  it("speaks the TEI format when no model is configured", async () => {
    seen.length = 0;
    const out = await new HttpReranker({ baseUrl: server.url }).rerank("server room cooling", cands);
    expect(out.map((x) => x.id)).toEqual(["b", "c", "a"]);
    expect(seen[0].body).toMatchObject({ query: "server room cooling", texts: cands.map((c) => c.text) });
    expect(seen[0].body.model).toBeUndefined();
  });

  it("keeps candidates the service left out, last", async () => {
    const out = await new HttpReranker({ baseUrl: server.url, model: "partial" }).rerank("q", cands);
    expect(out.map((x) => x.id)).toEqual(["b", "a", "c"]);
  });

  it("maps failures: 5xx and bad answers → 502, unreachable → 503, slow → 504", async () => {
    expect(await failure(new HttpReranker({ baseUrl: server.url, model: "down" }).rerank("q", cands))).toMatchObject({
      code: "model_unavailable",
      options: { upstream: true },
    });
    expect(await failure(new HttpReranker({ baseUrl: server.url, model: "broken" }).rerank("q", cands))).toMatchObject({
      code: "model_unavailable",
      options: { upstream: true },
    });
    expect(await failure(new HttpReranker({ baseUrl: server.url, model: "slow", timeoutMs: 150 }).rerank("q", cands))).toMatchObject({
      code: "model_timeout",
    });
    const err = await failure(new HttpReranker({ baseUrl: await unreachableUrl(), model: "m" }).rerank("q", cands));
    expect(err).toMatchObject({ code: "model_unavailable" });
  });
});

describe("reranker()", () => {
  it("is the offline lexical reranker by default, memoised, and follows the configuration", () => {
    setEnvForTests({ RERANK_PROVIDER: undefined });
    const a = reranker();
    expect(a).toBeInstanceOf(LocalReranker);
    expect(reranker()).toBe(a);
    setEnvForTests({ RERANK_PROVIDER: "http", RERANK_BASE_URL: server.url, RERANK_MODEL: "m" });
    expect(reranker()).toBeInstanceOf(HttpReranker);
    setEnvForTests({ RERANK_PROVIDER: "http", RERANK_BASE_URL: undefined });
    expect(() => reranker()).toThrow(AppError);
  });
});

describe("OnnxReranker", () => {
  it("refuses a missing model directory or missing weights with model_unavailable 503", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rerank-"));
    try {
      expect(() => new OnnxReranker({ modelDir: dir, model: "Xenova/ms-marco-MiniLM-L-6-v2" })).toThrow(/config\.json does not exist/);
      fs.mkdirSync(path.join(dir, "m", "onnx"), { recursive: true });
      fs.writeFileSync(path.join(dir, "m", "config.json"), "{}");
      expect(() => new OnnxReranker({ modelDir: dir, model: "m" })).toThrow(/No ONNX weights/);
      fs.writeFileSync(path.join(dir, "m", "onnx", "model_quantized.onnx"), "not a model");
      const r = new OnnxReranker({ modelDir: dir, model: "m" });
      expect(r.id).toBe("onnx:m:q8");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs a real (tiny) cross-encoder through the tokenizer and ONNX Runtime, in batches", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rerank-tiny-"));
    try {
      writeTinyCrossEncoder(dir, "test/tiny");
      setEnvForTests({ RERANK_PROVIDER: "onnx", RERANK_MODEL_DIR: dir, RERANK_MODEL: "test/tiny" });
      const r = reranker();
      expect(r.id).toBe("onnx:test/tiny:fp32");
      // The model's logit: Σ weights of the passage's word pieces (refund 3, money 2, back 0.5, cat/dog −1).
      const out = await r.rerank("refund policy", [
        { id: "a", text: "the cat" },
        { id: "b", text: "refund policy" },
        { id: "c", text: "money back" },
        { id: "d", text: "the dogs" },
        { id: "e", text: "Refunds, money" },
      ]);
      expect(out).toEqual([
        { id: "e", score: 5 },
        { id: "b", score: 4 },
        { id: "c", score: 2.5 },
        { id: "a", score: -1 },
        { id: "d", score: -1 },
      ]);
    } finally {
      setEnvForTests({});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("explains a model file ONNX Runtime cannot load", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rerank-bad-"));
    try {
      writeTinyCrossEncoder(dir, "bad");
      fs.writeFileSync(path.join(dir, "bad", "onnx", "model.onnx"), "not a model");
      const err = await new OnnxReranker({ modelDir: dir, model: "bad" }).rerank("q", [{ id: "a", text: "x" }]).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "model_unavailable", detail: expect.stringContaining("could not be loaded") });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("turns classifier logits into a relevance score", () => {
    expect(relevance([2.5])).toBe(2.5);
    expect(relevance([0, 0])).toBeCloseTo(0.5);
    expect(relevance([-3, 3])).toBeGreaterThan(0.99);
  });
});
