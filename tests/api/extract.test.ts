// POST /api/v3/extract and GET /api/v3/extract/{job_id} through the route handlers: every input mode,
// sync and async (drained job runner), granularities on real documents through the real converters and
// the offline extractor, pagination edges, each error code, and the OpenAI-compatible provider against a
// local server speaking its wire format.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { purgeParseJobs } from "@/inngest/functions/purge-parse-jobs";
import { enqueueJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { storage } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany, seedScopedKey } from "../factories";
import { type ExtractFixtures, extractFixtures, INVOICE } from "../fixtures/extract-documents";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { drainJobs } from "../helpers/jobs";

useTestDatabase();

let fx: ExtractFixtures;
let acme: SeededCompany;
let docServer: http.Server;
let docUrl: string;

const HEADER_SCHEMA = {
  type: "object",
  properties: {
    invoice_number: { type: "string", description: "Invoice number" },
    invoice_date: { type: "string", format: "date", description: "Invoice date" },
    vendor: { type: "string", description: "Vendor" },
    total: { type: "number", description: "Total amount" },
  },
};
const ITEM_SCHEMA = {
  type: "object",
  properties: {
    description: { type: "string" },
    quantity: { type: "integer" },
    unit_price: { type: "number", description: "Unit price" },
    amount: { type: "number" },
  },
};
const PRODUCT_SCHEMA = { type: "object", properties: { sku: { type: "string" }, name: { type: "string" }, price: { type: "number" } } };
const STATEMENT_SCHEMA = { type: "object", properties: { account: { type: "string" }, balance: { type: "number" } } };

function upload(file: string, schema: unknown, options?: unknown, name = path.basename(file)): FormData {
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(file)]), name);
  if (schema !== undefined) form.append("schema", typeof schema === "string" ? schema : JSON.stringify(schema));
  if (options !== undefined) form.append("options", JSON.stringify(options));
  return form;
}

const extract = (body: FormData | object, key = acme.admin.key) =>
  body instanceof FormData ? api.post("/api/v3/extract", { key, raw: body }) : api.post("/api/v3/extract", { key, body });
const getJob = (id: string, query = "", key = acme.admin.key) => api.get(`/api/v3/extract/${id}${query}`, { key });

async function ingest(file: string, company = acme): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(file)]), path.basename(file));
  const res = await api.post("/api/v3/files", { key: company.admin.key, raw: form });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-extract-test-");
  setEnvForTests({});
  fx = await extractFixtures();
  acme = await seedCompany({ tier: "business" });
  docServer = http.createServer((req, res) => {
    if (req.url === "/invoice.pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end(fs.readFileSync(fx.invoicePdf));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => docServer.listen(0, "127.0.0.1", r));
  docUrl = `http://127.0.0.1:${(docServer.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  docServer?.close();
  setEnvForTests({});
});

describe("POST /api/v3/extract (sync)", { timeout: 180_000 }, () => {
  it("extracts the invoice header from an uploaded DOCX as one document row", async () => {
    const res = await extract(upload(fx.invoiceDocx, HEADER_SCHEMA, { granularity: "document" }));
    expect(res.status, res.text).toBe(200);
    const job = res.body;
    expect(job.id).toMatch(/^ext_[0-9A-Za-z]{24}$/);
    expect(job).toMatchObject({
      status: "completed",
      document: {
        filename: "invoice.docx",
        page_count: 1,
        file_size_bytes: fs.statSync(fx.invoiceDocx).size,
        mime_type: expect.stringContaining("wordprocessingml"),
      },
      usage: { pages_processed: 1 },
      progress: { percentage: 100, pages_processed: 1 },
      error: null,
    });
    expect(job.completed_at).toBeTruthy();
    expect(job.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(job.result.data).toEqual([{ invoice_number: INVOICE.number, invoice_date: INVOICE.date, vendor: INVOICE.vendor, total: INVOICE.total }]);
    expect(job.result.pagination).toEqual({ page: 1, page_size: 15, total_items: 1, total_pages: 1, has_next: false, has_prev: false });
    const events = await db().usageEvent.findMany({ where: { companyId: acme.companyId, feature: "extraction" } });
    expect(events.at(-1)).toMatchObject({ quantity: 1, apiKeyId: acme.admin.keyId, userId: acme.admin.userId });
    expect((events.at(-1)!.metadata as { extract_job_id: string }).extract_job_id).toBe(job.id);
  });

  it("extracts one row per line item with record granularity, values typed", async () => {
    const res = await extract(upload(fx.invoiceDocx, ITEM_SCHEMA, { granularity: "record" }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data).toEqual(INVOICE.items);
  });

  it("auto picks record for repeated fields and document otherwise", async () => {
    const items = await extract(upload(fx.invoiceHtml, ITEM_SCHEMA));
    expect(items.status, items.text).toBe(200);
    expect(items.body.result.data).toEqual(INVOICE.items);
    const header = await extract(upload(fx.invoiceHtml, HEADER_SCHEMA));
    expect(header.body.result.data).toHaveLength(1);
    expect(header.body.result.data[0]).toMatchObject({ invoice_number: INVOICE.number, total: INVOICE.total });
  });

  it("gives one row per page with page granularity, and honours page_range", async () => {
    const pdf = await fx.statementPdf(3);
    const res = await extract(upload(pdf, STATEMENT_SCHEMA, { granularity: "page" }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data).toEqual([
      { account: "ACC-001", balance: 100 },
      { account: "ACC-002", balance: 200 },
      { account: "ACC-003", balance: 300 },
    ]);
    const ranged = await extract(upload(pdf, STATEMENT_SCHEMA, { granularity: "page", page_range: "2-3" }));
    expect(ranged.body.result.data.map((r: { account: string }) => r.account)).toEqual(["ACC-002", "ACC-003"]);
    expect(ranged.body).toMatchObject({ document: { page_count: 3 }, usage: { pages_processed: 2 } });
    expectError(await extract(upload(pdf, STATEMENT_SCHEMA, { page_range: "3-1" })), 400, "invalid_page_range");
    expectError(await extract(upload(pdf, STATEMENT_SCHEMA, { page_range: "2-9" })), 400, "invalid_page_range");
  });

  it("nulls properties the document does not contain, keeping every property in every row", async () => {
    const schema = { type: "object", properties: { invoice_number: { type: "string" }, iban: { type: "string", description: "IBAN" } } };
    const res = await extract(upload(fx.invoiceHtml, schema, { granularity: "document" }));
    expect(res.body.result.data).toEqual([{ invoice_number: INVOICE.number, iban: null }]);
  });

  it("takes the schema as a JSON object with a document URL (allow-listed host)", async () => {
    setEnvForTests({ DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    try {
      const res = await extract({ document: `${docUrl}/invoice.pdf`, schema: HEADER_SCHEMA, options: { granularity: "document" } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.document).toMatchObject({ filename: "invoice.pdf", mime_type: "application/pdf" });
      expect(res.body.result.data[0]).toMatchObject({ invoice_number: INVOICE.number, total: INVOICE.total });
      expectError(await extract({ document: `${docUrl}/missing.pdf`, schema: HEADER_SCHEMA }), 400, "bad_request");
    } finally {
      setEnvForTests({});
    }
    expectError(await extract({ document: `${docUrl}/invoice.pdf`, schema: HEADER_SCHEMA }), 400, "bad_request");
  });
});

describe("file_id input", { timeout: 180_000 }, () => {
  it("extracts from an ingested file's stored pages, sync and async", async () => {
    const id = await ingest(fx.invoiceDocx);
    await drainJobs();
    const sync = await extract({ file_id: id, schema: ITEM_SCHEMA, options: { granularity: "record" } });
    expect(sync.status, sync.text).toBe(200);
    expect(sync.body.document).toMatchObject({ filename: "invoice.docx", page_count: 1 });
    expect(sync.body.result.data).toEqual(INVOICE.items);
    const form = new FormData();
    form.append("file_id", String(id));
    form.append("schema", JSON.stringify(HEADER_SCHEMA));
    form.append("options", JSON.stringify({ async: true }));
    const queued = await extract(form);
    expect(queued.status, queued.text).toBe(202);
    await drainJobs();
    const done = await getJob(queued.body.id);
    expect(done.body).toMatchObject({ status: "completed", result: { data: [{ invoice_number: INVOICE.number }] } });
  });

  it("answers 404 document_file_not_found while ingesting or when the bytes are gone, 404 not_found for others' files", async () => {
    const pendingId = await ingest(fx.invoiceHtml);
    const pending = expectError(await extract({ file_id: pendingId, schema: HEADER_SCHEMA }), 404, "document_file_not_found");
    expect(pending.detail).toContain("ingested");
    await drainJobs();
    expect((await extract({ file_id: pendingId, schema: HEADER_SCHEMA })).status).toBe(200);
    const file = await db().file.findUniqueOrThrow({ where: { id: pendingId } });
    await storage().delete(file.storageKey);
    expectError(await extract({ file_id: pendingId, schema: HEADER_SCHEMA }), 404, "document_file_not_found");

    const other = await seedCompany({ tier: "business" });
    const foreign = await ingest(fx.invoiceHtml, other);
    await drainJobs();
    expectError(await extract({ file_id: foreign, schema: HEADER_SCHEMA }), 404, "not_found");
    expectError(await extract({ file_id: 999_999, schema: HEADER_SCHEMA }), 404, "not_found");
    // Same company, but a key scoped to another workspace cannot read the file either.
    const ws = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Extract elsewhere" } });
    const scoped = await seedScopedKey(acme.admin, ws.body.id, "owner");
    const readable = await ingest(fx.invoiceHtml);
    await drainJobs();
    expectError(await extract({ file_id: readable, schema: HEADER_SCHEMA }, scoped), 404, "not_found");
    expect((await extract({ file_id: readable, schema: HEADER_SCHEMA })).status).toBe(200);
    await db().file.update({ where: { id: readable }, data: { status: "parsing_failed" } });
    const failed = expectError(await extract({ file_id: readable, schema: HEADER_SCHEMA }), 404, "document_file_not_found");
    expect(failed.detail).toContain("failed");
    expectError(await extract({ file_id: "abc", schema: HEADER_SCHEMA }), 422, "validation_error");
  });
});

describe("POST /api/v3/extract (async) and GET /api/v3/extract/{job_id}", { timeout: 180_000 }, () => {
  it("accepts at once with 202 and a pending envelope, then completes through the job runner", async () => {
    const res = await extract(upload(fx.invoiceDocx, ITEM_SCHEMA, { async: true, granularity: "record" }));
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      status: "pending",
      completed_at: null,
      processing_time_ms: null,
      document: { filename: "invoice.docx", page_count: null },
      result: { data: [], pagination: { page: 1, total_items: 0, total_pages: 0, has_next: false } },
      usage: { pages_processed: 0 },
      progress: { percentage: 0, pages_processed: 0 },
      error: null,
    });
    expect((await getJob(res.body.id)).body.status).toBe("pending");
    await drainJobs();
    const done = await getJob(res.body.id);
    expect(done.body).toMatchObject({
      status: "completed",
      document: { page_count: 1 },
      usage: { pages_processed: 1 },
      progress: { percentage: 100 },
    });
    expect(done.body.result.data).toEqual(INVOICE.items);
    expect(await storage().exists(`extract/${res.body.id}/pages.json`)).toBe(false);
  });

  it("pages results 15 at a time: exactly 15, 16 rows, page 2, beyond the last page, malformed pages", async () => {
    const fifteen = await extract(upload(fx.productTable(15), PRODUCT_SCHEMA, { granularity: "record" }));
    expect(fifteen.status, fifteen.text).toBe(200);
    expect(fifteen.body.result.data).toHaveLength(15);
    expect(fifteen.body.result.pagination).toEqual({ page: 1, page_size: 15, total_items: 15, total_pages: 1, has_next: false, has_prev: false });
    expectError(await getJob(fifteen.body.id, "?page=2"), 400, "page_out_of_range");

    const sixteen = await extract(upload(fx.productTable(16), PRODUCT_SCHEMA, { granularity: "record", async: true }));
    await drainJobs();
    const first = await getJob(sixteen.body.id);
    expect(first.body.result.data).toHaveLength(15);
    expect(first.body.result.data[0]).toEqual({ sku: "SKU-001", name: "Product 1", price: 10 });
    expect(first.body.result.pagination).toEqual({ page: 1, page_size: 15, total_items: 16, total_pages: 2, has_next: true, has_prev: false });
    const second = await getJob(sixteen.body.id, "?page=2");
    expect(second.body.result.data).toEqual([{ sku: "SKU-016", name: "Product 16", price: 25 }]);
    expect(second.body.result.pagination).toMatchObject({ page: 2, has_next: false, has_prev: true });
    expectError(await getJob(sixteen.body.id, "?page=3"), 400, "page_out_of_range");
    for (const bad of ["abc", "0", "-1", "1.5", ""]) expectError(await getJob(sixteen.body.id, `?page=${bad}`), 400, "invalid_page");
  });

  it("keeps jobs private to the company: malformed, unknown and foreign ids are 404", async () => {
    const other = await seedCompany();
    const res = await extract(upload(fx.invoiceHtml, HEADER_SCHEMA));
    expectError(await getJob(res.body.id, "", other.admin.key), 404, "not_found");
    expectError(await getJob("ext_doesnotexist00000000000"), 404, "not_found");
    expectError(await getJob("not-an-id"), 404, "not_found");
    expectError(await api.get(`/api/v3/extract/${res.body.id}`), 401, "unauthorized");
  });

  it("resumes after a crash at the first unfinished step, and fails cleanly when retries run out", async () => {
    // State left by a worker that died right after load-pages: its output memoised, its pages stored.
    const crashAfterLoad = async (pagesJson: string) => {
      const res = await extract(upload(fx.invoiceHtml, HEADER_SCHEMA, { async: true, granularity: "document" }));
      const id: string = res.body.id;
      await storage().putBytes(`extract/${id}/pages.json`, Buffer.from(pagesJson));
      await db().jobStep.create({ data: { jobId: `extract-document:${id}`, name: "load-pages", output: { pages: 1 } } });
      await db().extractJob.update({ where: { id }, data: { status: "processing", startedAt: new Date(), pageCount: 1 } });
      return id;
    };
    const resumed = await crashAfterLoad(JSON.stringify([{ page: 1, markdown: "Invoice Number: INV-RESUMED-7\n\nTotal: 99.00" }]));
    const broken = await crashAfterLoad("{truncated");
    await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20, backoffMs: () => 0 }).drain({ timeoutMs: 120_000 });
    // The pages came from the memoised step, not from converting the upload again.
    const done = await getJob(resumed);
    expect(done.body).toMatchObject({ status: "completed", result: { data: [{ invoice_number: "INV-RESUMED-7", total: 99 }] } });
    const failed = await getJob(broken);
    expect(failed.body).toMatchObject({ status: "failed", result: { data: [] }, error: { error: "extraction_failed" } });
    expect(failed.body.completed_at).toBeTruthy();
  });

  it("purges expired jobs with their rows and stored bytes", async () => {
    const res = await extract(upload(fx.invoiceDocx, ITEM_SCHEMA, { async: true }));
    await drainJobs();
    await db().extractJob.update({ where: { id: res.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await storage().exists(`extract/${res.body.id}/original`)).toBe(true);
    await enqueueJob(purgeParseJobs, {});
    await drainJobs();
    expect(await db().extractJob.count({ where: { id: res.body.id } })).toBe(0);
    expect(await db().extractResult.count({ where: { jobId: res.body.id } })).toBe(0);
    expect(await storage().exists(`extract/${res.body.id}/original`)).toBe(false);
  });
});
