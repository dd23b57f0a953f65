// Hostile documents through POST /api/v3/parse (issue 14, "bounded memory per document"): a 20,000 × 20,000
// pixel page as PNG, as JPEG and as a PDF page, and a PDF of 5,000 pages. Each gets a v3 answer (an error
// envelope or a result within limits) and this process (the web process) stays up.
// Damaged documents (issue 16): what the engine cannot read because of its content is the client's 400
// unsupported_file_format with the reason, in sync and async parse, extract and ingestion; a failure of the
// engine itself (LibreOffice missing) stays 500 file_rendering_failed.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { LocalRunner } from "@/inngest/local-runner";
import { shutdownOcr } from "@/lib/documents/ocr";
import { shutdownDocumentWorkers } from "@/lib/documents/worker/pool";
import { setEnvForTests } from "@/lib/env";
import { type SeededCompany, seedCompany } from "../factories";
import { documentFixtures, type Fixtures } from "../fixtures/documents";
import { headerOnlyPdf, hugeImagePdf, hugePng, manyPagesPdf, truncatedPdf } from "../fixtures/hostile-documents";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let fx: Fixtures;
let acme: SeededCompany;

function upload(bytes: Uint8Array, name: string, options?: unknown): FormData {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  if (options !== undefined) form.append("options", JSON.stringify(options));
  return form;
}

const parse = (form: FormData) => api.post("/api/v3/parse", { key: acme.admin.key, raw: form });

/** The fixture JPEG with its frame header (SOF0) claiming 20,000 × 20,000 pixels. */
function hugeJpegHeader(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; ) {
    if (out[i] !== 0xff) throw new Error("not a JPEG marker");
    const marker = out[i + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(20_000, i + 5);
      out.writeUInt16BE(20_000, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error("no frame header");
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-parse-hostile-");
  setEnvForTests({});
  fx = await documentFixtures();
  acme = await seedCompany();
}, 240_000);

afterAll(async () => {
  await shutdownDocumentWorkers();
  await shutdownOcr();
  setEnvForTests({});
});

describe("POST /api/v3/parse with hostile documents", () => {
  it("answers 400 unsupported_file_format for a 20,000 × 20,000 pixel PNG and JPEG, without decoding them", async () => {
    const png = expectError(await parse(upload(hugePng(), "huge.png")), 400, "unsupported_file_format");
    expect(png.detail).toContain("20000 × 20000 pixels");
    const jpeg = hugeJpegHeader(fs.readFileSync(fx.files.jpeg));
    const jpg = expectError(await parse(upload(jpeg, "huge.jpg")), 400, "unsupported_file_format");
    expect(jpg.detail).toContain("20000 × 20000 pixels");
  });

  it("parses a PDF page holding a 20,000 × 20,000 pixel scan (rendered for OCR at a bounded size)", async () => {
    const res = await parse(upload(await hugeImagePdf(), "huge-scan.pdf"));
    expect(res.status).toBe(200);
    expect(res.body.usage).toMatchObject({ pages_processed: 1, ocr_pages: 1 });
  }, 120_000);

  it("answers 400 max_pages_exceeded for a PDF of 5,000 pages, sync and async, before parsing any page; a page selection within the limit is parsed", async () => {
    const pdf = await manyPagesPdf(5_000, 0);
    const sync = expectError(await parse(upload(pdf, "long.pdf")), 400, "max_pages_exceeded");
    expect(sync.detail).toContain("5000 pages");
    const accepted = await parse(upload(pdf, "long.pdf", { async: true }));
    expect(accepted.status).toBe(202);
    await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 60_000 });
    const job = await api.get(`/api/v3/parse/${accepted.body.id}`, { key: acme.admin.key });
    expect(job.body).toMatchObject({ status: "failed", error: { error: "max_pages_exceeded" } });
    expect(job.body.error.detail).toContain("the limit for this request is 1000");
    const some = await parse(upload(pdf, "long.pdf", { page_range: "4990-5000" }));
    expect(some.status).toBe(200);
    expect(some.body.usage).toMatchObject({ pages_processed: 11, ocr_pages: 0 });
  }, 120_000);
});

describe("damaged documents are the client's 400, engine failures stay 500", () => {
  const damaged = async (): Promise<[string, Uint8Array][]> => [
    ["truncated.pdf", await truncatedPdf()],
    ["header-only.pdf", headerOnlyPdf()],
  ];

  it("answers 400 unsupported_file_format with the reason for a truncated and a header-only PDF (sync parse and extract)", async () => {
    for (const [name, bytes] of await damaged()) {
      const err = expectError(await parse(upload(bytes, name)), 400, "unsupported_file_format");
      expect(err.detail, name).toContain("not a readable PDF (damaged or truncated)");
      const form = upload(bytes, name);
      form.append("schema", JSON.stringify({ type: "object", properties: { total: { type: "number" } } }));
      const ex = expectError(await api.post("/api/v3/extract", { key: acme.admin.key, raw: form }), 400, "unsupported_file_format");
      expect(ex.detail, name).toContain("damaged or truncated");
    }
  }, 120_000);

  it("fails async parse jobs and ingested files with the same code and reason", async () => {
    const [[name, bytes]] = await damaged();
    const accepted = await parse(upload(bytes, name, { async: true }));
    expect(accepted.status).toBe(202);
    const file = await api.post("/api/v3/files", { key: acme.admin.key, raw: upload(bytes, name) });
    expect(file.status).toBe(201);
    await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 60_000 });
    const job = await api.get(`/api/v3/parse/${accepted.body.id}`, { key: acme.admin.key });
    expect(job.body).toMatchObject({ status: "failed", error: { error: "unsupported_file_format" } });
    expect(job.body.error.detail).toContain("damaged or truncated");
    const ingested = await api.get(`/api/v3/files/${file.body.id}`, { key: acme.admin.key });
    expect(ingested.body.status).toBe("parsing_failed");
    expect(ingested.body.status_detail).toContain("not a readable PDF (damaged or truncated)");
  }, 120_000);

  it("answers 400 for a preview of a damaged image and 500 file_rendering_failed when LibreOffice is missing", async () => {
    const png = fs.readFileSync(fx.files.png);
    const cut = await api.post("/api/v3/files", { key: acme.admin.key, raw: upload(png.subarray(0, 200), "cut.png") });
    expect(cut.status).toBe(201);
    const bad = expectError(await api.get(`/api/v3/files/${cut.body.id}/preview`, { key: acme.admin.key }), 400, "unsupported_file_format");
    expect(bad.detail).toMatch(/image/i);
    const docx = await api.post("/api/v3/files", { key: acme.admin.key, raw: upload(fs.readFileSync(fx.files.docx), "report.docx") });
    expect(docx.status).toBe(201);
    setEnvForTests({ LIBREOFFICE_PATH: "/nonexistent/soffice" });
    try {
      const err = expectError(await api.get(`/api/v3/files/${docx.body.id}/preview`, { key: acme.admin.key }), 500, "file_rendering_failed");
      expect(err.detail).toContain("LibreOffice is not installed");
    } finally {
      setEnvForTests({});
    }
  }, 120_000);
});
