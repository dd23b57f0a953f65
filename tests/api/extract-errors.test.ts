// POST /api/v3/extract: every documented error code, sync and async, and the OpenAI-compatible
// extractor through a local server speaking the chat-completions wire format (answers, 5xx, timeouts).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeServer, startFakeServer } from "@/lib/ai/testing/fake-http-server";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { type SeededCompany, seedCompany } from "../factories";
import { type ExtractFixtures, extractFixtures, INVOICE } from "../fixtures/extract-documents";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { drainJobs } from "../helpers/jobs";

useTestDatabase();

let fx: ExtractFixtures;
let acme: SeededCompany;
let llm: FakeServer;
/** What the fake model does with the next requests. */
let llmMode: "answer" | "error" | "hang" = "answer";
type ChatBody = { model: string; response_format: { type: string }; messages: { role: string; content: string }[] };
let llmRequests: ChatBody[] = [];
/** Called before the fake model answers (to look at a job while it is in flight). */
let beforeAnswer: (() => Promise<void>) | null = null;

const SCHEMA = { type: "object", properties: { invoice_number: { type: "string" }, total: { type: "number" } } };

function upload(file: string | null, fields: Record<string, string> = {}, name?: string): FormData {
  const form = new FormData();
  if (file) form.append("file", new Blob([fs.readFileSync(file)]), name ?? path.basename(file));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}
const withSchema = (file: string, options?: object, name?: string) =>
  upload(file, { schema: JSON.stringify(SCHEMA), ...(options ? { options: JSON.stringify(options) } : {}) }, name);

const extract = (body: FormData | object) =>
  body instanceof FormData
    ? api.post("/api/v3/extract", { key: acme.admin.key, raw: body })
    : api.post("/api/v3/extract", { key: acme.admin.key, body });

function useModel(timeoutMs = 5_000, more: Record<string, string> = {}) {
  setEnvForTests({
    EXTRACTION_PROVIDER: "openai",
    EXTRACTION_BASE_URL: `${llm.url}/v1`,
    EXTRACTION_MODEL: "fake-extractor",
    EXTRACTION_TIMEOUT_MS: String(timeoutMs),
    ...more,
  });
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-extract-errors-test-");
  setEnvForTests({});
  fx = await extractFixtures();
  acme = await seedCompany({ tier: "business" });
  llm = await startFakeServer<ChatBody>(async ({ method, path: url, body }, { json, res }) => {
    if (method !== "POST" || url !== "/v1/chat/completions") return void res.writeHead(404).end();
    llmRequests.push(body);
    if (llmMode === "hang") return; // never answers: the client's timeout fires
    if (llmMode === "error") return json(503, { error: { message: "overloaded" } });
    await beforeAnswer?.();
    const content = JSON.stringify({ rows: [{ invoice_number: INVOICE.number, total: "1,234.50" }] });
    json(200, {
      id: "c1",
      object: "chat.completion",
      model: "fake-extractor",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    });
  });
}, 240_000);

afterAll(async () => {
  await llm?.close();
  setEnvForTests({});
});

describe("input errors", { timeout: 180_000 }, () => {
  it("answers ambiguous_input, missing_input and no_file", async () => {
    const both = withSchema(fx.invoiceHtml);
    both.append("document", "https://example.com/a.pdf");
    expectError(await extract(both), 400, "ambiguous_input");
    const fileAndId = withSchema(fx.invoiceHtml);
    fileAndId.append("file_id", "1");
    expectError(await extract(fileAndId), 400, "ambiguous_input");
    expectError(await extract({ document: "https://example.com/a.pdf", file_id: 1, schema: SCHEMA }), 400, "ambiguous_input");
    expectError(await extract({ schema: SCHEMA }), 400, "missing_input");
    expectError(await extract(upload(null, { schema: JSON.stringify(SCHEMA) })), 400, "missing_input");
    const emptyFile = new FormData();
    emptyFile.append("file", new Blob([]), "empty.pdf");
    emptyFile.append("schema", JSON.stringify(SCHEMA));
    expectError(await extract(emptyFile), 400, "no_file");
    expectError(await extract(upload(null, { file: "", schema: JSON.stringify(SCHEMA) })), 400, "no_file");
    expectError(await extract({ file: "x", schema: SCHEMA }), 400, "no_file");
  });

  it("answers 422 fields.schema for a missing or invalid schema and fields.options for bad options", async () => {
    const cases: [string | undefined, string][] = [
      [undefined, "required"],
      ["{not json", "invalid"],
      [JSON.stringify({ type: "array", items: { type: "string" } }), "invalid"],
      [JSON.stringify({ type: "object", properties: {} }), "invalid"],
      [JSON.stringify({ type: "object", properties: { a: { type: "strnig" } } }), "invalid"],
    ];
    for (const [schema, code] of cases) {
      const err = expectError(await extract(upload(fx.invoiceHtml, schema === undefined ? {} : { schema })), 422, "validation_error");
      expect(Object.keys(err.fields ?? {})).toEqual(["schema"]);
      expect(err.fields?.schema[0].error).toBe(code);
    }
    expectError(await extract({ document: "https://example.com/a.pdf", schema: "nope" }), 422, "validation_error");
    const badOpts = expectError(await extract(withSchema(fx.invoiceHtml, { granularity: "row" })), 422, "validation_error");
    expect(Object.keys(badOpts.fields ?? {})).toEqual(["granularity"]);
  });

  it("refuses types outside the extract list with unsupported_file_format", async () => {
    const txt = path.join(fx.dir, "notes.txt");
    fs.writeFileSync(txt, "Invoice Number: INV-1\n");
    expectError(await extract(withSchema(txt)), 400, "unsupported_file_format");
    const gif = path.join(fx.dir, "tiny.gif");
    fs.writeFileSync(gif, Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
    expectError(await extract(withSchema(gif, undefined, "tiny.pdf")), 400, "unsupported_file_format");
  });

  it("enforces 15 pages and 20 MB synchronously, 1000 pages and 100 MB asynchronously", async () => {
    const sixteen = await fx.statementPdf(16);
    const err = expectError(await extract(withSchema(sixteen)), 400, "max_pages_exceeded");
    expect(err.detail).toContain("15");
    expect((await extract(withSchema(sixteen, { page_range: "1-15" }))).status).toBe(200);
    expect((await extract(withSchema(sixteen, { async: true }))).status).toBe(202);
    setEnvForTests({ EXTRACT_ASYNC_MAX_PAGES: "10" });
    try {
      expectError(await extract(withSchema(sixteen, { async: true })), 400, "max_pages_exceeded");
    } finally {
      setEnvForTests({});
    }
    const big = path.join(fx.dir, "big.pdf");
    fs.writeFileSync(big, Buffer.alloc(21 * 1024 * 1024, 32));
    const tooBig = expectError(await extract(withSchema(big)), 413, "payload_too_large");
    expect(tooBig.detail).toContain(String(21 * 1024 * 1024));
    expect(tooBig.detail).toContain(String(20 * 1024 * 1024));
    setEnvForTests({ EXTRACT_ASYNC_MAX_BYTES: String(20 * 1024 * 1024) });
    try {
      expectError(await extract(withSchema(big, { async: true })), 413, "payload_too_large");
    } finally {
      setEnvForTests({});
    }
    await drainJobs();
  });
});

describe("OpenAI-compatible extractor", { timeout: 180_000 }, () => {
  it("sends the schema as structured output and coerces the model's values", async () => {
    useModel();
    llmMode = "answer";
    llmRequests = [];
    try {
      const res = await extract(withSchema(fx.invoiceHtml, { granularity: "document" }));
      expect(res.status, res.text).toBe(200);
      expect(res.body.result.data).toEqual([{ invoice_number: INVOICE.number, total: 1234.5 }]);
      expect(llmRequests).toHaveLength(1);
      expect(llmRequests[0]).toMatchObject({ model: "fake-extractor", response_format: { type: "json_schema" } });
      expect(llmRequests[0].messages.at(-1)?.content).toContain(INVOICE.number);
    } finally {
      setEnvForTests({});
    }
  });

  it("answers 502 extraction_upstream_error and 504 extraction_timeout synchronously and records them on the job", async () => {
    useModel(300);
    try {
      llmMode = "error";
      const upstream = expectError(await extract(withSchema(fx.invoiceHtml)), 502, "extraction_upstream_error");
      expect(upstream.id).toMatch(/^ext_/);
      const failed = await api.get(`/api/v3/extract/${upstream.id}`, { key: acme.admin.key });
      expect(failed.body).toMatchObject({
        status: "failed",
        result: { data: [], pagination: { total_items: 0 } },
        usage: { pages_processed: 0 },
        error: { error: "extraction_upstream_error" },
      });
      expect(failed.body.completed_at).toBeTruthy();
      llmMode = "hang";
      expectError(await extract(withSchema(fx.invoiceHtml)), 504, "extraction_timeout");
    } finally {
      setEnvForTests({});
      llm.closeAllConnections();
    }
  });

  it("reports live progress while an async job is in flight", async () => {
    useModel(5_000, { EXTRACTION_PAGES_PER_BATCH: "1" });
    llmMode = "answer";
    const seen: {
      status: string;
      completed_at: string | null;
      progress: { percentage: number; pages_processed: number };
      result: { data: unknown[] };
    }[] = [];
    try {
      const res = await extract(withSchema(await fx.statementPdf(3), { async: true, granularity: "document" }));
      expect(res.status).toBe(202);
      beforeAnswer = async () => void seen.push((await api.get(`/api/v3/extract/${res.body.id}`, { key: acme.admin.key })).body);
      await drainJobs();
    } finally {
      beforeAnswer = null;
      setEnvForTests({});
    }
    expect(seen).toHaveLength(3);
    for (const s of seen) expect(s).toMatchObject({ status: "processing", completed_at: null, result: { data: [] } });
    // Pages converted (first half), then one batch of one page answered (the first report is never throttled).
    expect(seen[0].progress).toEqual({ percentage: 50, pages_processed: 0 });
    expect(seen[1].progress).toEqual({ percentage: 66.7, pages_processed: 1 });
    expect(seen[2].progress.pages_processed).toBeGreaterThanOrEqual(1);
  });

  it("records an upstream failure of an async job in its error block, without usage", async () => {
    useModel(300);
    llmMode = "error";
    try {
      const before = await db().usageEvent.count({ where: { companyId: acme.companyId, feature: "extraction" } });
      const res = await extract(withSchema(fx.invoiceHtml, { async: true }));
      expect(res.status).toBe(202);
      await drainJobs();
      const failed = await api.get(`/api/v3/extract/${res.body.id}`, { key: acme.admin.key });
      expect(failed.body).toMatchObject({ status: "failed", error: { error: "extraction_upstream_error" } });
      expect(await db().usageEvent.count({ where: { companyId: acme.companyId, feature: "extraction" } })).toBe(before);
    } finally {
      setEnvForTests({});
    }
  });
});
