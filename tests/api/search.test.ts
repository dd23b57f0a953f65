// POST /api/v3/search through the route handler on documents ingested by the real pipeline: exact tokens,
// paraphrases, every filter, reranking, modes, tenant / workspace / scoped-key isolation, validation and
// metering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { buildCorpus, type Corpus, nameOf } from "../helpers/retrieval-corpus";

useTestDatabase();

let c: Corpus;

interface Result {
  chunk_id: string;
  file_id: number;
  filename: string;
  title: string;
  workspace_id: number;
  page: number;
  heading: string;
  content: string;
  score: number;
  scores: { lexical: number | null; semantic: number | null; rerank: number | null };
}

/** The member reads General and Legal (not Board, whose leak text would rank first for the company admin). */
async function search(body: Record<string, unknown>, key = c.member.key): Promise<Result[]> {
  const res = await api.post("/api/v3/search", { key, body });
  expect(res.status, res.text).toBe(200);
  expect(res.body.query).toBe(String(body.query).trim());
  return res.body.results;
}
const names = (results: Result[]) => results.map((r) => nameOf(c, r.file_id));

beforeAll(async () => {
  setEnvForTests({});
  c = await buildCorpus();
}, 240_000);

describe("ranking", () => {
  it("ranks the document with an exact token first and returns the documented fields", async () => {
    const results = await search({ query: "INV-77341" });
    expect(names(results)[0]).toBe("invoiceConsulting");
    const top = results[0];
    expect(top).toMatchObject({
      file_id: c.files.invoiceConsulting,
      filename: "invoice-consulting.txt",
      title: "invoice-consulting",
      workspace_id: c.ws.general,
      page: expect.any(Number),
      heading: expect.any(String),
      chunk_id: expect.stringMatching(/^\d+$/),
      scores: { lexical: expect.any(Number), semantic: expect.any(Number), rerank: null },
    });
    expect(top.content).toContain("INV-77341");
    expect(top.scores.lexical).toBeGreaterThan(0);
    // The near-identical number is not an exact match: it must rank below, if at all.
    const hardware = names(results).indexOf("invoiceHardware");
    expect(hardware === -1 || hardware > 0).toBe(true);
    for (let i = 1; i < results.length; i++) expect(results[i - 1].score).toBeGreaterThanOrEqual(results[i].score);
  });

  it("finds a paraphrase with no word in common (semantic and hybrid)", async () => {
    // ("insurance" would match the text's "insurer" lexically: both stem to "insur".)
    const query = "automobile crash";
    expect(await search({ query, search_mode: "lexical" })).toEqual([]);
    expect(names(await search({ query, search_mode: "semantic", top_k: 1 }))).toEqual(["vehicle"]);
    expect(names(await search({ query }))[0]).toBe("vehicle");
  });

  it("reports each retriever's own score in single modes", async () => {
    const lexical = await search({ query: "annual leave", search_mode: "lexical" });
    expect(names(lexical)[0]).toBe("leave");
    for (const r of lexical) expect(r).toMatchObject({ score: r.scores.lexical, scores: { semantic: null, rerank: null } });
    const semantic = await search({ query: "annual leave", search_mode: "semantic", top_k: 3 });
    expect(semantic).toHaveLength(3);
    for (const r of semantic) expect(r.scores.lexical).toBeNull();
  });

  it("honours top_k", async () => {
    // Without a semantic floor every chunk is a neighbour, so top_k alone bounds the results.
    setEnvForTests({ SEARCH_SEMANTIC_FLOOR: "-1" });
    try {
      expect(await search({ query: "policy", top_k: 2, search_mode: "semantic" })).toHaveLength(2);
      const all = await search({ query: "policy", search_mode: "semantic" });
      // The default top_k (10) is more than the member's readable chunks: all of them.
      expect(all.length).toBeGreaterThan(2);
      expect(all.length).toBeLessThanOrEqual(10);
    } finally {
      setEnvForTests({});
    }
  });

  it("returns nothing for a query close to nothing (the semantic floor)", async () => {
    for (const search_mode of ["semantic", "hybrid"]) expect(await search({ query: "qwxzt blorpf", search_mode })).toEqual([]);
  });

  it("reranks a larger candidate set and fills scores.rerank", async () => {
    const results = await search({ query: "overdue invoice for consulting", rerank: true, top_k: 3 });
    expect(results.length).toBeGreaterThan(0);
    expect(names(results)[0]).toBe("invoiceConsulting");
    for (const r of results) {
      expect(r.scores.rerank).toEqual(expect.any(Number));
      expect(r.score).toBe(r.scores.rerank);
    }
    for (let i = 1; i < results.length; i++) expect(results[i - 1].scores.rerank!).toBeGreaterThanOrEqual(results[i].scores.rerank!);
  });
});

describe("filters", () => {
  // Semantic mode lists every chunk in scope by similarity when no floor drops the far ones: the filters
  // below are checked against the whole scope.
  beforeAll(() => setEnvForTests({ SEARCH_SEMANTIC_FLOOR: "-1" }));
  afterAll(() => setEnvForTests({}));

  it("narrows to workspace_ids, tag_ids and file_ids", async () => {
    expect(names(await search({ query: "confidential information", workspace_ids: [c.ws.legal] }))).toEqual(["nda"]);
    const tagged = await search({ query: "invoice", tag_ids: [c.financeTag], search_mode: "semantic" });
    expect(new Set(names(tagged))).toEqual(new Set(["invoiceConsulting", "invoiceHardware"]));
    const taggedAdmin = await search({ query: "invoice", tag_ids: [c.financeTag], search_mode: "semantic" }, c.acme.admin.key);
    expect(new Set(names(taggedAdmin))).toEqual(new Set(["invoiceConsulting", "invoiceHardware", "boardLeak"]));
    const byFile = await search({ query: "invoice", file_ids: [c.files.invoiceHardware, c.files.refund], search_mode: "semantic" });
    expect(new Set(names(byFile))).toEqual(new Set(["invoiceHardware", "refund"]));
    // The filters AND.
    expect(names(await search({ query: "invoice", tag_ids: [c.financeTag], file_ids: [c.files.refund] }))).toEqual([]);
  });

  it("filters by extension (case-insensitive, with or without the dot)", async () => {
    const md = await search({ query: "policy rules", filters: { extension: [".MD"] }, search_mode: "semantic" });
    expect(new Set(names(md))).toEqual(new Set(["refund", "leave", "security"]));
    const html = await search({ query: "policy rules", filters: { extension: ["html", "txt"] }, search_mode: "semantic" });
    expect(names(html)).toContain("vehicle");
    expect(names(html)).not.toContain("refund");
  });

  it("filters by creation time (inclusive bounds)", async () => {
    await db().file.update({ where: { id: c.files.leave }, data: { createdAt: new Date("2020-06-15T12:00:00Z") } });
    const old = await search({ query: "annual leave vacation", filters: { created_at_before: "2020-06-15T12:00:00Z" }, search_mode: "semantic" });
    expect(names(old)).toEqual(["leave"]);
    const recent = await search({ query: "annual leave vacation", filters: { created_at_after: "2021-01-01" }, search_mode: "semantic" });
    expect(names(recent)).not.toContain("leave");
    expect(recent.length).toBeGreaterThan(0);
    const window = await search({
      query: "annual leave",
      filters: { created_at_after: "2020-06-15", created_at_before: "2020-06-16" },
      search_mode: "semantic",
    });
    expect(names(window)).toEqual(["leave"]);
  });

  it("validates facet filters with the files-list grammar; a valid one matches only classified files", async () => {
    const bad = expectError(
      await api.post("/api/v3/search", { key: c.acme.admin.key, body: { query: "x", filters: { attribute: ["amount:>"] } } }),
      422,
      "validation_error",
    );
    expect(bad.fields).toHaveProperty(["filters.attribute"]);
    const badType = expectError(
      await api.post("/api/v3/search", { key: c.acme.admin.key, body: { query: "x", filters: { content_type: ["Not A Path!"] } } }),
      422,
      "validation_error",
    );
    expect(badType.fields).toHaveProperty(["filters.content_type"]);
    // No file of this corpus is classified, so a well-formed facet filter leaves nothing.
    expect(await search({ query: "invoice", filters: { attribute: ["amount:>100"] } })).toEqual([]);
    expect(await search({ query: "invoice", filters: { content_type: "finance:invoice" } })).toEqual([]);
  });
});

describe("isolation", () => {
  it("never returns another company's or a hidden workspace's chunks", async () => {
    const member = await search({ query: "INV-77341 board minutes", top_k: 100 }, c.member.key);
    expect(names(member)).not.toContain("otherLeak");
    expect(names(member)).not.toContain("boardLeak");
    expect(names(member)[0]).toBe("invoiceConsulting");
    // The company admin reads Board, never the other company.
    const admin = await search({ query: "INV-77341 board minutes", top_k: 100 }, c.acme.admin.key);
    expect(names(admin)).toContain("boardLeak");
    expect(names(admin)).not.toContain("otherLeak");
    const other = await search({ query: "INV-77341", top_k: 100 }, c.other.admin.key);
    expect(names(other)).toEqual(["otherLeak"]);
  });

  it("treats ids the caller cannot read as matching nothing (no 404, no leak)", async () => {
    expect(await search({ query: "INV-77341", workspace_ids: [c.ws.otherGeneral] }, c.acme.admin.key)).toEqual([]);
    expect(await search({ query: "INV-77341", workspace_ids: [c.ws.board] }, c.member.key)).toEqual([]);
    expect(await search({ query: "INV-77341", file_ids: [c.files.otherLeak, c.files.boardLeak] }, c.member.key)).toEqual([]);
    expect(await search({ query: "INV-77341", workspace_ids: [987654] }, c.acme.admin.key)).toEqual([]);
  });

  it("limits a workspace-scoped key to its workspace", async () => {
    const all = await search({ query: "invoice overdue confidential refund", top_k: 100 }, c.legalKey);
    expect(new Set(names(all))).toEqual(new Set(["nda"]));
    expect(await search({ query: "INV-77341", workspace_ids: [c.ws.general] }, c.legalKey)).toEqual([]);
  });
});

describe("validation and metering", () => {
  it("answers 422 for invalid bodies", async () => {
    const post = (body: unknown) => api.post("/api/v3/search", { key: c.acme.admin.key, body });
    expect(expectError(await post({}), 422, "validation_error").fields?.query?.[0].error).toBe("required");
    expect(expectError(await post({ query: "   " }), 422, "validation_error").fields).toHaveProperty("query");
    expect(expectError(await post({ query: "x".repeat(2001) }), 422, "validation_error").fields).toHaveProperty("query");
    expect(expectError(await post({ query: "x", top_k: 0 }), 422, "validation_error").fields).toHaveProperty("top_k");
    expect(expectError(await post({ query: "x", top_k: 101 }), 422, "validation_error").fields).toHaveProperty("top_k");
    expect(expectError(await post({ query: "x", search_mode: "fuzzy" }), 422, "validation_error").fields?.search_mode?.[0].error).toBe(
      "invalid_choice",
    );
    expect(expectError(await post({ query: "x", workspace_ids: ["a"] }), 422, "validation_error").fields).toHaveProperty(["workspace_ids.0"]);
    expect(expectError(await post({ query: "x", filters: { created_at_after: "yesterday" } }), 422, "validation_error").fields).toHaveProperty([
      "filters.created_at_after",
    ]);
    expect(expectError(await post({ query: "x", filters: { color: ["red"] } }), 422, "validation_error").fields).toHaveProperty(["filters.color"]);
    expectError(await api.post("/api/v3/search", { body: { query: "x" } }), 401, "unauthorized");
  });

  it("records one search usage event per query, with the caller", async () => {
    const where = { companyId: c.acme.companyId, feature: "search", userId: c.member.userId };
    const before = await db().usageEvent.count({ where });
    await search({ query: "refund" }, c.member.key);
    await search({ query: "leave", rerank: true }, c.member.key);
    const events = await db().usageEvent.findMany({ where, orderBy: { id: "asc" } });
    expect(events.length - before).toBe(2);
    expect(events.at(-1)).toMatchObject({ quantity: 1, apiKeyId: expect.any(String) });
    // Refused requests are not metered.
    await api.post("/api/v3/search", { key: c.member.key, body: { query: "" } });
    expect(await db().usageEvent.count({ where })).toBe(events.length);
  });
});

describe("backend failure", () => {
  it("answers 500 search_backend_unavailable when the chunk store cannot be queried, and meters nothing", async () => {
    const where = { companyId: c.acme.companyId, feature: "search" };
    const before = await db().usageEvent.count({ where });
    await db().$executeRawUnsafe(`ALTER TABLE chunks RENAME TO chunks_offline`);
    try {
      const res = await api.post("/api/v3/search", { key: c.member.key, body: { query: "INV-77341", search_mode: "lexical" } });
      expectError(res, 500, "search_backend_unavailable");
    } finally {
      await db().$executeRawUnsafe(`ALTER TABLE chunks_offline RENAME TO chunks`);
    }
    expect(await db().usageEvent.count({ where })).toBe(before);
    expect(names(await search({ query: "INV-77341" }))[0]).toBe("invoiceConsulting");
  });
});
