// The page cap of ingestion (issue 16; INGEST_MAX_PAGES, default the spec's asynchronous page limit, 1,000):
// a longer file is `parsing_failed` with the reason in status_detail and nothing of it is ingested (no pages,
// no chunks, nothing metered); a PDF is refused from its trailer before any page is read, so the 64 KB file of
// 5,000 empty pages of the issue ends at once. A file at the cap is ingested in full.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { drainJobs } from "../helpers/jobs";
import { emptyPagesPdf, textPagesPdf } from "./fixtures/hostile-pdfs";

useTestDatabase();

let acme: SeededCompany;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-page-cap-"));
  process.env.DATA_DIR = dir;
  setEnvForTests({});
  setStorageForTests(undefined);
  acme = await seedCompany();
});

afterEach(() => {
  setEnvForTests({});
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function ingest(bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  const res = await api.post("/api/v3/files", { key: acme.admin.key, raw: form });
  expect(res.status, res.text).toBe(201);
  await drainJobs();
  const file = await api.get(`/api/v3/files/${res.body.id}`, { key: acme.admin.key });
  expect(file.status, file.text).toBe(200);
  const [pages, chunks] = await Promise.all([
    db().filePage.count({ where: { fileId: res.body.id } }),
    db().chunk.count({ where: { fileId: res.body.id } }),
  ]);
  return { file: file.body, pages, chunks };
}

describe("page cap of ingested files", () => {
  it("fails the 5,000-page PDF of the issue at the default cap (1,000), with the reason, ingesting nothing", async () => {
    const bytes = await emptyPagesPdf(5000);
    expect(bytes.length).toBeLessThan(70_000);
    const { file, pages, chunks } = await ingest(bytes, "hostile.pdf");
    expect(file.status).toBe("parsing_failed");
    expect(file.status_detail).toBe(
      "The document has 5000 pages; files ingested into a workspace may have at most 1000 pages. Nothing was ingested: split the document into smaller files.",
    );
    expect({ pages, chunks }).toEqual({ pages: 0, chunks: 0 });
    // The job ended with a verdict, not a crash: nothing to retry.
    const job = await db().job.findFirstOrThrow({ where: { name: "ingest-file", payload: { path: ["file_id"], equals: file.id } } });
    expect(job).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("follows INGEST_MAX_PAGES: over the cap fails, at the cap is ingested in full", async () => {
    setEnvForTests({ INGEST_MAX_PAGES: "3" });
    const over = await ingest(await textPagesPdf(4), "four-pages.pdf");
    expect(over.file.status).toBe("parsing_failed");
    expect(over.file.status_detail).toContain("The document has 4 pages; files ingested into a workspace may have at most 3 pages.");
    expect(over.pages).toBe(0);

    const at = await ingest(await textPagesPdf(3), "three-pages.pdf");
    expect(at.file).toMatchObject({ status: "embedded", total_pages: 3, status_detail: null });
    expect(at.pages).toBe(3);
    expect(at.chunks).toBeGreaterThan(0);
  });

  it("applies to the pages a converter finds in other formats too (a Markdown file is one page)", async () => {
    setEnvForTests({ INGEST_MAX_PAGES: "1" });
    const md = await ingest(new TextEncoder().encode("# Notes\n\nThe northern region grew.\n"), "notes.md");
    expect(md.file).toMatchObject({ status: "embedded", total_pages: 1 });
  });
});
