// Conversations through the route handlers, on documents ingested by the real pipeline: start, ask in one
// (sync and streamed; the answer stored with its sources, the first question as its title), continue (the
// stored turns are the answer model's history, seen on the wire of a local OpenAI-compatible server), rename,
// delete, pagination, validation, failures that store nothing, and ownership: another user's or company's
// conversation is a 404, a workspace-scoped key sees only its own scope's conversations.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestFileJob } from "@/inngest/functions/ingest-file";
import { LocalRunner } from "@/inngest/local-runner";
import { type FakeReply, type FakeRequest, unreachableUrl, useFakeServer } from "@/lib/ai/testing/fake-http-server";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { parseSseBody } from "@/lib/http/sse";
import { type SeededCompany, type SeededUser, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let acme: SeededCompany;
let other: SeededCompany;
let alice: SeededUser;
let bob: SeededUser;

const RECEIPT = [
  "Cafe Central",
  "Herrengasse 14, 1010 Wien",
  "Receipt no. 4471 · 12 March 2026, 13:42",
  "",
  "2 x Melange 9.80",
  "1 x Apfelstrudel 6.50",
  "1 x Mineral water 3.50",
  "",
  "Total EUR 19.80 paid by card (Visa ending 4242).",
  "Thank you for your visit!",
].join("\n");
const LEAVE =
  "# Annual leave\n\nStaff are entitled to 30 days of paid annual leave per calendar year. Vacation requests go to the team lead two weeks ahead.";

async function upload(key: string, workspaceId: number, name: string, text: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  form.append("workspace_id", String(workspaceId));
  const res = await api.post("/api/v3/files", { key, raw: form });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const start = async (key: string, body?: unknown) => {
  const res = await api.post("/api/v3/conversations", { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; title: string; turn_count: number };
};
const ask = async (key: string, body: Record<string, unknown>) => {
  const res = await api.post("/api/v3/ask", { key, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { answer: string; sources: { file_id: number; content: string }[]; model: string; conversation_id: number | null };
};
const turnCount = (id: number) => db().conversationTurn.count({ where: { conversationId: id } });
const ragEvents = () => db().usageEvent.count({ where: { companyId: acme.companyId, feature: "rag" } });

beforeAll(async () => {
  setEnvForTests({});
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-conversations-test-");
  acme = await seedCompany({ name: "Acme", tier: "business" });
  other = await seedCompany({ name: "Other", tier: "business" });
  alice = await seedUser(acme.companyId);
  bob = await seedUser(acme.companyId);
  await upload(acme.admin.key, acme.defaultWorkspaceId, "receipt-cafe-central.txt", RECEIPT);
  await upload(acme.admin.key, acme.defaultWorkspaceId, "leave-policy.md", LEAVE);
  await new LocalRunner({ definitions: [ingestFileJob], pollIntervalMs: 20 }).drain({ timeoutMs: 180_000 });
}, 240_000);

describe("asking in a conversation", () => {
  it("stores the answer with its sources and names the conversation after the first question", async () => {
    const conversation = await start(alice.key);
    expect(conversation).toMatchObject({ title: "New conversation", turn_count: 0 });
    const before = await ragEvents();
    const res = await ask(alice.key, { query: "How much did we pay at Cafe Central?", conversation_id: conversation.id });
    expect(res.conversation_id).toBe(conversation.id);
    expect(res.answer).toContain("19.80");
    expect(await ragEvents()).toBe(before + 1);

    const got = await api.get(`/api/v3/conversations/${conversation.id}`, { key: alice.key });
    expect(got.status, got.text).toBe(200);
    expect(got.body).toMatchObject({ id: conversation.id, title: "How much did we pay at Cafe Central?", turn_count: 1 });
    expect(got.body.turns).toHaveLength(1);
    expect(got.body.turns[0]).toMatchObject({
      question: "How much did we pay at Cafe Central?",
      answer: res.answer,
      model: "extractive",
      agent_id: null,
    });
    // The stored sources are the ones the answer cites, in citation order.
    expect(got.body.turns[0].sources).toEqual(res.sources);
  });

  it("streams in a conversation: `done` names it, and the streamed answer is stored", async () => {
    const conversation = await start(alice.key, { title: "Leave questions" });
    const res = await api.post("/api/v3/ask", {
      key: alice.key,
      body: { query: "How many days of annual leave do staff get?", conversation_id: conversation.id, stream: true },
    });
    expect(res.status, res.text).toBe(200);
    const events = parseSseBody(res.text);
    expect(events.at(-1)).toMatchObject({ event: "done", data: { model: "extractive", conversation_id: conversation.id } });
    const answer = events
      .filter((e) => e.event === "delta")
      .map((e) => (e.data as { text: string }).text)
      .join("");
    expect(answer).toContain("30 days");
    const got = await api.get(`/api/v3/conversations/${conversation.id}`, { key: alice.key });
    // A title given on creation is kept.
    expect(got.body).toMatchObject({ title: "Leave questions", turn_count: 1 });
    expect(got.body.turns[0].answer).toBe(answer);
  });

  it("continues with the stored turns as context: a short follow-up retrieves with the previous question", async () => {
    const conversation = await start(alice.key);
    await ask(alice.key, { query: "How many days of annual leave do staff get?", conversation_id: conversation.id });
    const follow = await ask(alice.key, { query: "and the requests?", conversation_id: conversation.id, top_k: 1 });
    expect(follow.sources[0].content).toContain("Vacation requests");
    expect(follow.answer).toContain("two weeks ahead");
    expect(await turnCount(conversation.id)).toBe(2);
  });

  it("refuses `history` together with `conversation_id`, and an unknown conversation is a 404", async () => {
    const conversation = await start(alice.key);
    const both = await api.post("/api/v3/ask", {
      key: alice.key,
      body: { query: "leave", conversation_id: conversation.id, history: [{ role: "user", content: "hi" }] },
    });
    expect(expectError(both, 422, "validation_error").fields?.history).toBeDefined();
    expectError(await api.post("/api/v3/ask", { key: alice.key, body: { query: "leave", conversation_id: 99_999_999 } }), 404, "not_found");
    expect(
      expectError(await api.post("/api/v3/ask", { key: alice.key, body: { query: "x", conversation_id: "7" } }), 422, "validation_error").fields
        ?.conversation_id,
    ).toBeDefined();
    expect(await turnCount(conversation.id)).toBe(0);
  });
});

describe("the answer model gets the stored turns", () => {
  let lastMessages: { role: string; content: string }[] = [];
  let failing = false;
  const server = useFakeServer((req: FakeRequest<{ model: string; messages: { role: string; content: string }[] }>, { json, res }: FakeReply) => {
    lastMessages = req.body.messages;
    if (failing) return json(500, { error: { message: "internal error", type: "server_error" } });
    const chunk = (delta: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: req.body.model, choices: delta ? [{ index: 0, delta, finish_reason: null }] : [], ...extra })}\n\n`;
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(chunk({ content: `Answer ${lastMessages.filter((m) => m.role === "user").length} [1].` }));
    res.write(chunk(null, { usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 } }));
    res.end("data: [DONE]\n\n");
  });
  afterAll(() => setEnvForTests({}));

  it("sends the earlier questions and answers, oldest first; a failed answer stores nothing", async () => {
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_BASE_URL: `${server.url}/v1`, ANSWER_MODEL: "fake-gpt" });
    const conversation = await start(alice.key);
    const first = await ask(alice.key, { query: "How much was the receipt total?", conversation_id: conversation.id });
    expect(first.answer).toBe("Answer 1 [1].");
    await ask(alice.key, { query: "And how was it paid?", conversation_id: conversation.id });
    expect(lastMessages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(lastMessages[1].content).toBe("How much was the receipt total?");
    expect(lastMessages[2].content).toBe("Answer 1 [1].");

    const before = await ragEvents();
    failing = true;
    for (const stream of [false, true]) {
      const res = await api.post("/api/v3/ask", { key: alice.key, body: { query: "Where is the cafe?", conversation_id: conversation.id, stream } });
      expectError(res, 502, "model_unavailable");
    }
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_BASE_URL: `${await unreachableUrl()}/v1`, ANSWER_MODEL: "fake-gpt" });
    expectError(
      await api.post("/api/v3/ask", { key: alice.key, body: { query: "Where is the cafe?", conversation_id: conversation.id } }),
      503,
      "model_unavailable",
    );
    expect(await turnCount(conversation.id)).toBe(2);
    expect(await ragEvents()).toBe(before);
    setEnvForTests({});
  });
});

describe("managing conversations", () => {
  it("lists the caller's own conversations, most recently active first, paginated and filtered by title", async () => {
    const carol = await seedUser(acme.companyId);
    const ids: number[] = [];
    for (const title of ["Invoices", "Travel", "Hiring"]) ids.push((await start(carol.key, { title })).id);
    // Asking makes a conversation the most recent.
    await ask(carol.key, { query: "How many days of annual leave do staff get?", conversation_id: ids[0] });
    const page1 = await api.get("/api/v3/conversations?page_size=2", { key: carol.key });
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.count).toBe(3);
    expect(page1.body.results.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[2]]);
    expect(page1.body.results[0].turn_count).toBe(1);
    expect(page1.body.next).toContain("page=2");
    const page2 = await api.get("/api/v3/conversations?page_size=2&page=2", { key: carol.key });
    expect(page2.body.results.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    const filtered = await api.get("/api/v3/conversations?title=trav", { key: carol.key });
    expect(filtered.body.results.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    expectError(await api.get("/api/v3/conversations?page_size=0", { key: carol.key }), 422, "validation_error");
  });

  it("renames, validates the title, and deletes with the turns", async () => {
    const conversation = await start(alice.key);
    await ask(alice.key, { query: "How many days of annual leave do staff get?", conversation_id: conversation.id });
    const renamed = await api.patch(`/api/v3/conversations/${conversation.id}`, { key: alice.key, body: { title: "  Leave  " } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: conversation.id, title: "Leave", turn_count: 1 });
    const patch = (body: unknown) => api.patch(`/api/v3/conversations/${conversation.id}`, { key: alice.key, body });
    expect(expectError(await patch({ title: " " }), 422, "validation_error").fields?.title).toBeDefined();
    expect(expectError(await patch({ title: "x".repeat(201) }), 422, "validation_error").fields?.title).toBeDefined();
    expectError(await patch({ title: "ok", owner: 1 }), 422, "validation_error");
    expectError(await api.post("/api/v3/conversations", { key: alice.key, body: { title: "" } }), 422, "validation_error");

    const del = await api.delete(`/api/v3/conversations/${conversation.id}`, { key: alice.key });
    expect(del.status, del.text).toBe(204);
    expectError(await api.get(`/api/v3/conversations/${conversation.id}`, { key: alice.key }), 404, "not_found");
    expect(await turnCount(conversation.id)).toBe(0);
    expectError(await api.delete(`/api/v3/conversations/${conversation.id}`, { key: alice.key }), 404, "not_found");
  });

  it("needs authentication", async () => {
    expectError(await api.get("/api/v3/conversations"), 401, "unauthorized");
  });
});

describe("ownership", () => {
  let aliceConversation: number;
  beforeAll(async () => {
    aliceConversation = (await start(alice.key, { title: "Alice's" })).id;
    await ask(alice.key, { query: "How many days of annual leave do staff get?", conversation_id: aliceConversation });
  });

  for (const who of ["bob (same company)", "the company admin", "another company's admin"] as const) {
    it(`another user's conversation is a 404 for ${who}`, async () => {
      const key = who === "bob (same company)" ? bob.key : who === "the company admin" ? acme.admin.key : other.admin.key;
      const path = `/api/v3/conversations/${aliceConversation}`;
      expectError(await api.get(path, { key }), 404, "not_found");
      expectError(await api.patch(path, { key, body: { title: "Mine now" } }), 404, "not_found");
      expectError(await api.delete(path, { key }), 404, "not_found");
      expectError(await api.post("/api/v3/ask", { key, body: { query: "leave", conversation_id: aliceConversation } }), 404, "not_found");
      const list = await api.get("/api/v3/conversations?page_size=100", { key });
      expect(list.body.results.map((c: { id: number }) => c.id)).not.toContain(aliceConversation);
      const still = await api.get(path, { key: alice.key });
      expect(still.body).toMatchObject({ title: "Alice's", turn_count: 1 });
    });
  }

  it("a workspace-scoped key sees only conversations started through its workspace scope", async () => {
    const scoped = await seedScopedKey(alice, acme.defaultWorkspaceId, "viewer");
    expectError(await api.get(`/api/v3/conversations/${aliceConversation}`, { key: scoped }), 404, "not_found");
    const viaKey = await start(scoped, { title: "Through the key" });
    const list = await api.get("/api/v3/conversations?page_size=100", { key: scoped });
    expect(list.body.results.map((c: { id: number }) => c.id)).toEqual([viaKey.id]);
    await ask(scoped, { query: "How many days of annual leave do staff get?", conversation_id: viaKey.id });
    // Its owner, company-wide, sees it too.
    const own = await api.get(`/api/v3/conversations/${viaKey.id}`, { key: alice.key });
    expect(own.body).toMatchObject({ title: "Through the key", turn_count: 1 });
  });
});
