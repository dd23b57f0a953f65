// POST /api/v3/parse and GET /api/v3/parse/{id} through the route handlers, with real documents of
// every supported format through the real converters, sync and async.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { type SeededCompany, seedCompany } from "../factories";
import { documentFixtures, type Fixtures, FIXTURE_TEXT as T } from "../fixtures/documents";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let fx: Fixtures;
let acme: SeededCompany;
let server: http.Server;
let serverUrl: string;

function upload(file: string, options?: unknown, name = path.basename(file)): FormData {
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(file)]), name);
  if (options !== undefined) form.append("options", JSON.stringify(options));
  return form;
}

const parse = (form: FormData | object, key = acme.admin.key) =>
  form instanceof FormData ? api.post("/api/v3/parse", { key, raw: form }) : api.post("/api/v3/parse", { key, body: form });

async function drainJobs() {
  await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 120_000 });
}

beforeAll(async () => {
  // This test process's own data dir (stored uploads, temp files); each test file runs in its own process.
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-parse-test-");
  setEnvForTests({});
  fx = await documentFixtures();
  acme = await seedCompany();
  server = http.createServer((req, res) => {
    if (req.url === "/report.pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end(fs.readFileSync(fx.files.pdf));
    if (req.url === "/redirect-internal") return void res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    if (req.url === "/redirect-loopback") return void res.writeHead(302, { location: "http://127.0.0.2:1/x.pdf" }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  server?.close();
  setEnvForTests({});
});

describe("POST /api/v3/parse (sync)", () => {
  it("turns a PDF with a heading and a table into Markdown with a # heading and a GFM table", async () => {
    const res = await parse(upload(fx.files.pdf));
    expect(res.status).toBe(200);
    const job = res.body;
    expect(job.id).toMatch(/^parse_[0-9A-Za-z]{24}$/);
    expect(job).toMatchObject({
      status: "completed",
      document: { filename: "report.pdf", page_count: 3, mime_type: "application/pdf", file_size_bytes: fs.statSync(fx.files.pdf).size },
      usage: { pages_processed: 3, ocr_pages: 0 },
      progress: null,
      error: null,
    });
    expect(job.completed_at).toBeTruthy();
    expect(job.processing_time_ms).toBeGreaterThanOrEqual(0);
    const md: string = job.result.markdown;
    expect(md).toMatch(new RegExp(`^# ${T.title}`, "m"));
    expect(md).toMatch(/^\|\s*Region\s*\|\s*Revenue\s*\|/m);
    expect(md).toMatch(/^\|\s*-{3,}/m);
    expect(md).toMatch(/\|\s*North\s*\|\s*1200\s*\|/);
    expect(job.result.pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
    expect(job.result.pages[1].markdown).toContain(T.page2);
    const events = await db().usageEvent.findMany({ where: { companyId: acme.companyId, feature: "parsing" } });
    expect(events.at(-1)?.quantity).toBe(3);
  });

  const formats: [keyof Fixtures["files"], string, number][] = [
    ["docx", T.title, 3],
    ["odt", T.title, 3],
    ["doc", T.title, 3],
    ["html", T.title, 1],
    ["xhtml", T.title, 1],
    ["txt", T.paragraph, 1],
    ["md", T.title, 1],
    ["pptx", "Budget Overview", 2],
    ["odp", "Budget Overview", 2],
    ["ppt", "Budget Overview", 2],
    ["png", "Quarterly", 1],
    ["jpeg", "Quarterly", 1],
  ];
  it.each(formats)(
    "parses %s",
    async (kind, expected, pages) => {
      const res = await parse(upload(fx.files[kind]));
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe("completed");
      expect(res.body.result.markdown).toContain(expected);
      expect(res.body.document.page_count).toBe(pages);
      if (kind === "html") expect(res.body.result.markdown).not.toContain("must not appear");
      if (kind === "png" || kind === "jpeg") expect(res.body.usage.ocr_pages).toBe(1);
    },
    60_000,
  );

  it("selects pages with page_range and checks it", async () => {
    const res = await parse(upload(fx.files.pdf, { page_range: "2-3" }));
    expect(res.status).toBe(200);
    expect(res.body.result.pages.map((p: { page: number }) => p.page)).toEqual([2, 3]);
    expect(res.body.usage.pages_processed).toBe(2);
    expect(res.body.document.page_count).toBe(3);
    expectError(await parse(upload(fx.files.pdf, { page_range: "3-1" })), 400, "invalid_page_range");
    expectError(await parse(upload(fx.files.pdf, { page_range: "1,x" })), 400, "invalid_page_range");
    expectError(await parse(upload(fx.files.pdf, { page_range: "2-9" })), 400, "invalid_page_range");
  });

  it("replaces hyperlinks by their text unless options.links asks for them, sync and async", async () => {
    const dir = fs.mkdtempSync("/tmp/docintel-parse-links-");
    const file = path.join(dir, "links.html");
    fs.writeFileSync(file, '<h1>Sources</h1><p>Read <a href="https://example.org/annual-report">the annual report</a> first.</p>');
    const plain = await parse(upload(file));
    expect(plain.status).toBe(200);
    expect(plain.body.result.markdown).toContain("Read the annual report first.");
    expect(plain.body.result.markdown).not.toContain("example.org");
    const linked = await parse(upload(file, { links: true }));
    expect(linked.body.result.markdown).toContain("Read [the annual report](https://example.org/annual-report) first.");
    const job = await parse(upload(file, { links: true, async: true }));
    expect(job.status).toBe(202);
    await drainJobs();
    const done = await api.get(`/api/v3/parse/${job.body.id}`, { key: acme.admin.key });
    expect(done.body.result.pages[0].markdown).toContain("[the annual report](https://example.org/annual-report)");
    expect(Object.keys(expectError(await parse(upload(file, { links: "yes" })), 422, "validation_error").fields ?? {})).toEqual(["links"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers each documented input error", async () => {
    const both = upload(fx.files.pdf);
    both.append("document", "https://example.com/a.pdf");
    expectError(await parse(both), 400, "ambiguous_input");
    expectError(await parse({ document: "https://example.com/a.pdf", file: "x" }), 400, "ambiguous_input");
    expectError(await parse({ options: {} }), 400, "missing_input");
    const onlyOptions = new FormData();
    onlyOptions.append("options", "{}");
    expectError(await parse(onlyOptions), 400, "missing_input");
    const emptyFile = new FormData();
    emptyFile.append("file", new Blob([]), "empty.pdf");
    expectError(await parse(emptyFile), 400, "no_file");
    const textFile = new FormData();
    textFile.append("file", "");
    expectError(await parse(textFile), 400, "no_file");
    expectError(await parse(upload(fx.files.pdf, { model: "gpt-vision-9" })), 400, "invalid_model");
    const badOpts = expectError(await parse(upload(fx.files.pdf, { ocr: "sometimes" })), 422, "validation_error");
    expect(Object.keys(badOpts.fields ?? {})).toEqual(["ocr"]);
    const gif = path.join(fx.dir, "tiny.gif");
    fs.writeFileSync(gif, Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
    expectError(await parse(upload(gif, undefined, "tiny.pdf")), 400, "unsupported_file_format");
  });

  it("fails a corrupt PDF with 400 unsupported_file_format (the content, not the engine) and records it on the job", async () => {
    const corrupt = path.join(fx.dir, "corrupt.pdf");
    fs.writeFileSync(corrupt, fs.readFileSync(fx.files.pdf).subarray(0, 900));
    const err = expectError(await parse(upload(corrupt)), 400, "unsupported_file_format");
    expect(err.id).toMatch(/^parse_/);
    const job = await api.get(`/api/v3/parse/${err.id}`, { key: acme.admin.key });
    expect(job.body).toMatchObject({ status: "failed", result: null, usage: null, error: { error: "unsupported_file_format" } });
  });

  it("enforces size and page limits", async () => {
    const big = path.join(fx.dir, "big.pdf");
    fs.writeFileSync(big, Buffer.alloc(21 * 1024 * 1024, 32));
    const tooBig = expectError(await parse(upload(big)), 413, "payload_too_large");
    expect(tooBig.detail).toContain(String(21 * 1024 * 1024));
    expect(tooBig.detail).toContain(String(20 * 1024 * 1024));
    setEnvForTests({ PARSE_SYNC_MAX_PAGES: "2" });
    try {
      expectError(await parse(upload(fx.files.pdf)), 400, "max_pages_exceeded");
      expect((await parse(upload(fx.files.pdf, { page_range: "1-2" }))).status).toBe(200);
    } finally {
      setEnvForTests({});
    }
  });
});

describe("POST /api/v3/parse (async) and GET /api/v3/parse/{id}", () => {
  it("accepts at once with 202, reports pending, then completes through the job runner", async () => {
    const res = await parse(upload(fx.files.docx, { async: true }));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "pending", result: null, completed_at: null, document: { page_count: null } });
    expect(res.body.progress).toEqual({ percentage: 0, pages_processed: 0 });
    await drainJobs();
    const done = await api.get(`/api/v3/parse/${res.body.id}`, { key: acme.admin.key });
    expect(done.body).toMatchObject({ status: "completed", document: { page_count: 3 }, usage: { pages_processed: 3 } });
    expect(done.body.result.markdown).toContain(`# ${T.title}`);
  });

  it("records a failed async job with its error block", async () => {
    const corrupt = path.join(fx.dir, "corrupt2.pdf");
    fs.writeFileSync(corrupt, fs.readFileSync(fx.files.pdf).subarray(0, 900));
    const res = await parse(upload(corrupt, { async: true }));
    expect(res.status).toBe(202);
    await drainJobs();
    const failed = await api.get(`/api/v3/parse/${res.body.id}`, { key: acme.admin.key });
    expect(failed.body).toMatchObject({ status: "failed", result: null, error: { error: "unsupported_file_format" } });
    expect(failed.body.completed_at).toBeTruthy();
  });

  it("keeps jobs private to the company: malformed, unknown and foreign ids are 404", async () => {
    const other = await seedCompany();
    const res = await parse(upload(fx.files.txt));
    expectError(await api.get(`/api/v3/parse/${res.body.id}`, { key: other.admin.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/parse/parse_doesnotexist000000000000`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/parse/not-an-id`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/parse/${res.body.id}`), 401, "unauthorized");
  });
});

describe("document URLs", () => {
  it("refuses loopback, private, link-local and non-http URLs", async () => {
    for (const url of [
      `${serverUrl}/report.pdf`,
      "http://localhost/x.pdf",
      "http://10.0.0.8/x.pdf",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x.pdf",
      "file:///etc/passwd",
      "ftp://example.com/x.pdf",
      "not a url",
    ]) {
      const err = expectError(await parse({ document: url }), 400, "bad_request");
      expect(err.detail.length).toBeGreaterThan(10);
    }
  });

  it("fetches allow-listed on-premise hosts and re-checks every redirect", async () => {
    setEnvForTests({ DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    try {
      const ok = await parse({ document: `${serverUrl}/report.pdf` });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.document.filename).toBe("report.pdf");
      expect(ok.body.result.markdown).toContain(T.title);
      expectError(await parse({ document: `${serverUrl}/redirect-internal` }), 400, "bad_request");
      expectError(await parse({ document: `${serverUrl}/redirect-loopback` }), 400, "bad_request");
      expectError(await parse({ document: `${serverUrl}/missing.pdf` }), 400, "bad_request");
    } finally {
      setEnvForTests({});
    }
  });
});
