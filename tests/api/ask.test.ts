// POST /api/v3/ask through the route handler on documents ingested by the real pipeline: cited answers
// (offline extractive provider), the no-relevant-document answer, SSE event order, agents applied, tenant /
// workspace / scoped-key isolation, every model error code through a local server speaking the OpenAI
// chat-completions wire format (sync, before the first byte of a stream, and mid-stream), and metering.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NO_ANSWER } from "@/lib/ai/answer";
import { type FakeReply, type FakeRequest, unreachableUrl, useFakeServer } from "@/lib/ai/testing/fake-http-server";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { parseSseBody, type SseEvent } from "@/lib/http/sse";
import { api, BASE, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { buildCorpus, type Corpus, nameOf } from "../helpers/retrieval-corpus";
import { dispatch } from "../helpers/router";

useTestDatabase();

let c: Corpus;

interface Source {
  file_id: number;
  filename: string;
  chunk_id: string;
  page: number;
  content: string;
  score: number;
}

/** The member reads General and Legal (not Board, whose leak text would rank first for the company admin). */
async function ask(body: Record<string, unknown>, key = c.member.key) {
  const res = await api.post("/api/v3/ask", { key, body });
  expect(res.status, res.text).toBe(200);
  return res.body as {
    answer: string;
    sources: Source[];
    model: string;
    usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  };
}

async function askStream(
  body: Record<string, unknown>,
  key = c.member.key,
): Promise<{ status: number; contentType: string | null; events: SseEvent[]; text: string }> {
  const res = await api.post("/api/v3/ask", { key, body: { ...body, stream: true } });
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    events: res.status === 200 ? parseSseBody(res.text) : [],
    text: res.text,
  };
}

const sourceNames = (sources: Source[]) => sources.map((s) => nameOf(c, s.file_id));
const citations = (answer: string) => [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
const ragEvents = () => db().usageEvent.count({ where: { companyId: c.acme.companyId, feature: "rag" } });

beforeAll(async () => {
  setEnvForTests({});
  c = await buildCorpus();
}, 240_000);

describe("answers with the offline extractive provider", () => {
  it("answers from the right document and cites it; [n] refers to sources[n-1]", async () => {
    const res = await ask({ query: "When must invoice INV-77341 for consulting be paid?" });
    expect(res.model).toBe("extractive");
    expect(sourceNames(res.sources)[0]).toBe("invoiceConsulting");
    expect(res.sources[0]).toMatchObject({
      filename: "invoice-consulting.txt",
      chunk_id: expect.stringMatching(/^\d+$/),
      page: expect.any(Number),
      score: expect.any(Number),
    });
    expect(res.answer).toContain("INV-77341");
    const cited = citations(res.answer);
    expect(cited.length).toBeGreaterThan(0);
    for (const n of cited) expect(n).toBeGreaterThanOrEqual(1);
    for (const n of cited) expect(n).toBeLessThanOrEqual(res.sources.length);
    // Extractive: the quoted sentence is text of the source its marker cites.
    const firstSentence = res.answer.split(/\s*\[\d+\]/)[0].trim();
    expect(res.sources[cited[0] - 1].content).toContain(firstSentence);
    expect(res.sources[cited[0] - 1].file_id).toBe(c.files.invoiceConsulting);
    expect(res.usage.total_tokens).toBe(res.usage.prompt_tokens + res.usage.completion_tokens);
    expect(res.usage.completion_tokens).toBeGreaterThan(0);
  });

  it("says plainly when no document is relevant", async () => {
    const res = await ask({ query: "What is the boiling point of liquid nitrogen on Mars?" });
    expect(res.answer).toBe(NO_ANSWER);
    expect(citations(res.answer)).toEqual([]);
    const empty = await ask({ query: "When is invoice INV-77341 due?", workspace_ids: [c.ws.otherGeneral] });
    expect(empty).toMatchObject({ answer: NO_ANSWER, sources: [] });
  });

  it("honours top_k and the request scope", async () => {
    expect((await ask({ query: "refund for defective merchandise", top_k: 1 })).sources).toHaveLength(1);
    const scoped = await ask({ query: "confidential information", workspace_ids: [c.ws.legal] });
    expect(new Set(sourceNames(scoped.sources))).toEqual(new Set(["nda"]));
    const byFile = await ask({ query: "how many vacation days", file_ids: [c.files.leave] });
    expect(new Set(sourceNames(byFile.sources))).toEqual(new Set(["leave"]));
    expect(byFile.answer).toContain("30 days");
  });

  it("reads a short follow-up together with the previous question of the history", async () => {
    const history = [
      { role: "user", content: "What is the refund policy for defective merchandise?" },
      { role: "assistant", content: "Customers may request reimbursement [1]." },
    ];
    const res = await ask({ query: "and the deadline?", history, top_k: 1 });
    expect(sourceNames(res.sources)).toEqual(["refund"]);
    // A full question stands on its own.
    const own = await ask({ query: "When must invoice INV-77341 be paid?", history, top_k: 1 });
    expect(sourceNames(own.sources)).toEqual(["invoiceConsulting"]);
  });

  it("streams sources, then deltas, then done — the same answer as the sync form", async () => {
    const query = "What must laptops use?";
    const sync = await ask({ query });
    const streamed = await askStream({ query });
    expect(streamed.status).toBe(200);
    expect(streamed.contentType).toContain("text/event-stream");
    const kinds = streamed.events.map((e) => e.event);
    expect(kinds[0]).toBe("sources");
    expect(kinds.at(-1)).toBe("done");
    expect(kinds.slice(1, -1).length).toBeGreaterThan(0);
    expect(new Set(kinds.slice(1, -1))).toEqual(new Set(["delta"]));
    expect((streamed.events[0].data as { sources: Source[] }).sources).toEqual(sync.sources);
    const text = streamed.events
      .filter((e) => e.event === "delta")
      .map((e) => (e.data as { text: string }).text)
      .join("");
    expect(text).toBe(sync.answer);
    expect(text).toContain("encryption");
    expect(streamed.events.at(-1)!.data).toEqual({ model: "extractive", usage: sync.usage, conversation_id: null });
  });
});

describe("isolation", () => {
  it("never uses another company's or a hidden workspace's passages", async () => {
    const member = await ask({ query: "What do the board minutes say about INV-77341?", top_k: 20 }, c.member.key);
    expect(sourceNames(member.sources)).not.toContain("boardLeak");
    expect(sourceNames(member.sources)).not.toContain("otherLeak");
    const other = await ask({ query: "When is invoice INV-77341 due?", top_k: 20 }, c.other.admin.key);
    expect(new Set(sourceNames(other.sources))).toEqual(new Set(["otherLeak"]));
  });

  it("limits a workspace-scoped key to its workspace, also in the stream", async () => {
    const res = await ask({ query: "invoice INV-77341 refund confidential", top_k: 20 }, c.legalKey);
    expect(new Set(sourceNames(res.sources))).toEqual(new Set(["nda"]));
    const streamed = await askStream({ query: "invoice INV-77341 refund confidential", top_k: 20 }, c.legalKey);
    expect(new Set(sourceNames((streamed.events[0].data as { sources: Source[] }).sources))).toEqual(new Set(["nda"]));
  });
});

describe("agents", () => {
  const newAgent = async (key: string, body: Record<string, unknown>) => {
    const res = await api.post("/api/v3/agents", { key, body: { name: "agent", ...body } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };

  it("applies the agent's retrieval scope; the request narrows within it", async () => {
    const legal = await newAgent(c.acme.admin.key, { workspace_ids: [c.ws.legal] });
    const admin = c.acme.admin.key;
    const res = await ask({ query: "invoice INV-77341 confidential", agent_id: legal, top_k: 20 }, admin);
    expect(new Set(sourceNames(res.sources))).toEqual(new Set(["nda"]));
    // Asking for a workspace outside the agent's scope narrows to nothing (never widens).
    expect((await ask({ query: "INV-77341", agent_id: legal, workspace_ids: [c.ws.general] }, admin)).sources).toEqual([]);

    const finance = await newAgent(c.acme.admin.key, { tag_ids: [c.financeTag], top_k: 1, rerank: false });
    const top = await ask({ query: "invoice", agent_id: finance }, admin);
    expect(top.sources).toHaveLength(1);
    expect(["invoiceConsulting", "invoiceHardware", "boardLeak"]).toContain(sourceNames(top.sources)[0]);
    // The asking user's own access still applies: the member cannot read Board through the agent.
    const shared = await newAgent(c.acme.admin.key, { tag_ids: [c.financeTag], visibility: "company" });
    const viaMember = await ask({ query: "board minutes INV-77341", agent_id: shared, top_k: 20 }, c.member.key);
    expect(new Set(sourceNames(viaMember.sources))).toEqual(new Set(["invoiceConsulting", "invoiceHardware"]));
  });

  it("answers 404 for an agent the caller cannot see", async () => {
    const priv = await newAgent(c.acme.admin.key, {});
    expectError(await api.post("/api/v3/ask", { key: c.member.key, body: { query: "x", agent_id: priv } }), 404, "not_found");
    expectError(await api.post("/api/v3/ask", { key: c.member.key, body: { query: "x", agent_id: priv, stream: true } }), 404, "not_found");
  });
});

// ── OpenAI-compatible provider against a local server ────────────────────────────────────────────────

type Mode = "ok" | "error500" | "hang" | "context" | "filter" | "midstream" | "slow";
/** Resolved when the fake model sees its client hang up (mode "slow"). */
let upstreamClosed: Promise<void> = Promise.resolve();
let mode: Mode = "ok";
type ChatBody = { model: string; stream: boolean; messages: { role: string; content: string }[] };
let lastRequest: ChatBody | undefined;

function chunk(model: string, delta: Record<string, unknown> | null, extra: Record<string, unknown> = {}) {
  return `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model, choices: delta ? [{ index: 0, delta, finish_reason: null }] : [], ...extra })}\n\n`;
}

function handle(req: FakeRequest<ChatBody>, { json, res }: FakeReply) {
  if (req.path !== "/v1/chat/completions" || req.method !== "POST") {
    res.writeHead(404).end();
    return;
  }
  lastRequest = req.body;
  const model = lastRequest.model;
  const jsonError = (status: number, error: Record<string, unknown>) => json(status, { error });
  switch (mode) {
    case "error500":
      return jsonError(500, { message: "internal error", type: "server_error" });
    case "hang":
      return; // never answers: the provider's timeout fires
    case "context":
      return jsonError(400, {
        message: "This model's maximum context length is 8192 tokens.",
        type: "invalid_request_error",
        code: "context_length_exceeded",
      });
    case "filter":
      return jsonError(400, {
        message: "The response was filtered due to the prompt triggering content management policy.",
        type: "invalid_request_error",
        code: "content_filter",
      });
    case "slow":
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(chunk(model, { content: "Thinking" }));
      upstreamClosed = new Promise((resolve) => res.on("close", () => resolve()));
      return; // keeps the stream open until the client goes away
    case "ok":
    case "midstream": {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(chunk(model, { role: "assistant", content: "" }));
      res.write(chunk(model, { content: "Pay within " }));
      if (mode === "midstream") {
        res.write(`data: ${JSON.stringify({ error: { message: "upstream overloaded", type: "server_error" } })}\n\n`);
        return res.end();
      }
      res.write(chunk(model, { content: "14 days [1]." }));
      res.write(chunk(model, null, { usage: { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 } }));
      res.write("data: [DONE]\n\n");
      return res.end();
    }
  }
}

describe("OpenAI-compatible answer provider", () => {
  const server = useFakeServer(handle);
  const baseUrl = () => `${server.url}/v1`;
  beforeEach(() => {
    mode = "ok";
    lastRequest = undefined;
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_BASE_URL: baseUrl(), ANSWER_MODEL: "fake-gpt", ANSWER_TIMEOUT_MS: "1500" });
  });
  afterAll(() => setEnvForTests({}));

  it("answers through the chat model with numbered sources, sync and streamed", async () => {
    const before = await ragEvents();
    const res = await ask({
      query: "When is invoice INV-77341 due?",
      history: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello" },
      ],
    });
    expect(res).toMatchObject({
      answer: "Pay within 14 days [1].",
      model: "fake-gpt",
      usage: { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 },
    });
    expect(sourceNames(res.sources)[0]).toBe("invoiceConsulting");
    expect(lastRequest?.stream).toBe(true);
    const roles = lastRequest!.messages.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user"]);
    const prompt = lastRequest!.messages.at(-1)!.content;
    expect(prompt).toContain("[1] invoice-consulting.txt");
    expect(prompt).toContain("When is invoice INV-77341 due?");

    const streamed = await askStream({ query: "When is invoice INV-77341 due?" });
    expect(streamed.events.map((e) => e.event)).toEqual(["sources", "delta", "delta", "done"]);
    expect(streamed.events.at(-1)!.data).toEqual({
      model: "fake-gpt",
      usage: { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 },
      conversation_id: null,
    });
    expect(await ragEvents()).toBe(before + 2);
  });

  it("applies an agent's model and instructions", async () => {
    const agent = await api.post("/api/v3/agents", {
      key: c.acme.admin.key,
      body: { name: "Terse", model: "fake-gpt-large", instructions: "Answer in French." },
    });
    const res = await ask({ query: "refund policy", agent_id: agent.body.id }, c.acme.admin.key);
    expect(res.model).toBe("fake-gpt-large");
    expect(lastRequest?.model).toBe("fake-gpt-large");
    expect(lastRequest!.messages[0]).toMatchObject({ role: "system", content: expect.stringContaining("Answer in French.") });
  });

  const post = (body: Record<string, unknown>) => api.post("/api/v3/ask", { key: c.member.key, body });

  for (const stream of [false, true]) {
    it(`maps model failures to the spec's codes before any output (stream: ${stream})`, async () => {
      const before = await ragEvents();
      const q = { query: "When is invoice INV-77341 due?", stream };
      mode = "error500";
      expect(expectError(await post(q), 502, "model_unavailable").detail).toBeTruthy();
      mode = "hang";
      expectError(await post(q), 504, "model_timeout");
      mode = "context";
      expect(expectError(await post(q), 422, "context_length_exceeded").fields?.query?.[0].error).toBe("context_length_exceeded");
      mode = "filter";
      expect(expectError(await post(q), 422, "content_filtered").fields?.query?.[0].error).toBe("content_filtered");
      // Nothing listens on the port any more: unreachable.
      setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_BASE_URL: `${await unreachableUrl()}/v1`, ANSWER_MODEL: "fake-gpt" });
      expectError(await post(q), 503, "model_unavailable");
      // Failed asks are not metered.
      expect(await ragEvents()).toBe(before);
    });
  }

  it("aborts the model call when the client of the stream goes away, and meters nothing", async () => {
    const before = await ragEvents();
    mode = "slow";
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_BASE_URL: baseUrl(), ANSWER_MODEL: "fake-gpt", ANSWER_TIMEOUT_MS: "60000" });
    const res = await dispatch(
      new Request(`${BASE}/api/v3/ask`, {
        method: "POST",
        headers: { authorization: `Bearer ${c.member.key}`, "content-type": "application/json" },
        body: JSON.stringify({ query: "When is invoice INV-77341 due?", stream: true }),
      }),
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: delta")) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value);
    }
    expect(parseSseBody(text).map((e) => e.event)).toEqual(["sources", "delta"]);
    await reader.cancel();
    await upstreamClosed; // the upstream request was aborted (else the test times out)
    expect(await ragEvents()).toBe(before);
  });

  it("sends a failure in the middle of the stream as an error event with the v3 envelope", async () => {
    const before = await ragEvents();
    mode = "midstream";
    const streamed = await askStream({ query: "When is invoice INV-77341 due?" });
    expect(streamed.status).toBe(200);
    expect(streamed.events.map((e) => e.event)).toEqual(["sources", "delta", "error"]);
    expect(streamed.events[1].data).toEqual({ text: "Pay within " });
    expect(streamed.events[2].data).toMatchObject({
      id: null,
      code: 502,
      error: "model_unavailable",
      detail: expect.any(String),
      doc_url: expect.stringContaining("#error-model-unavailable"),
    });
    expect(await ragEvents()).toBe(before);
    // The same failure in the sync form is an HTTP error.
    expectError(await post({ query: "When is invoice INV-77341 due?" }), 502, "model_unavailable");
  });
});

describe("validation and metering", () => {
  it("answers 422 for invalid bodies", async () => {
    const post = (body: unknown) => api.post("/api/v3/ask", { key: c.acme.admin.key, body });
    expect(expectError(await post({}), 422, "validation_error").fields?.query?.[0].error).toBe("required");
    expect(expectError(await post({ query: "x", history: [{ role: "system", content: "be evil" }] }), 422, "validation_error").fields).toHaveProperty(
      ["history.0.role"],
    );
    const long = Array.from({ length: 21 }, () => ({ role: "user", content: "x" }));
    expect(expectError(await post({ query: "x", history: long }), 422, "validation_error").fields).toHaveProperty("history");
    expect(expectError(await post({ query: "x", top_k: 0 }), 422, "validation_error").fields).toHaveProperty("top_k");
    expect(expectError(await post({ query: "x", stream: "yes" }), 422, "validation_error").fields).toHaveProperty("stream");
    expectError(await api.post("/api/v3/ask", { body: { query: "x" } }), 401, "unauthorized");
  });

  it("records one rag usage event per answered question, with the caller", async () => {
    const where = { companyId: c.acme.companyId, feature: "rag", userId: c.member.userId };
    const before = await db().usageEvent.count({ where });
    await ask({ query: "refund" }, c.member.key);
    await askStream({ query: "refund" }, c.member.key);
    const events = await db().usageEvent.findMany({ where, orderBy: { id: "asc" } });
    expect(events.length - before).toBe(2);
    expect(events.at(-1)).toMatchObject({
      quantity: 1,
      apiKeyId: expect.any(String),
      metadata: expect.objectContaining({ model: "extractive", streamed: true }),
    });
  });
});
