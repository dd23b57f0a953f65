// Blank pages skip OCR (issue 16: a 64 KB PDF of 5,000 empty pages had every page rendered and recognised).
// The PDF converter with the real rendering (poppler) and a recording stand-in for the recogniser: a page
// that paints nothing never leaves pdf.js, a page that paints but shows nothing (a white rectangle, the scan
// of a blank sheet) is rendered and dropped before recognition, and only a page with something printed on
// it is recognised. Then the ingest-file job on 1,000 empty pages (the default page cap): embedded, no page OCR'd.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { convertPdf } from "@/lib/documents/convert/pdf";
import { ocrPages } from "@/lib/documents/ocr";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { drainJobs } from "../helpers/jobs";
import { blankMixPdf, emptyPagesPdf } from "./fixtures/hostile-pdfs";

/** Pages the recogniser was handed. */
const handed = vi.hoisted(() => [] as number[]);
vi.mock("@/lib/documents/ocr", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/documents/ocr")>();
  return {
    ...actual,
    ocrPages: vi.fn(async function* (source: AsyncIterable<{ page: number }>) {
      for await (const { page } of source) {
        handed.push(page);
        yield { page, result: { markdown: `Recognised page ${page}` } };
      }
    }),
  };
});
const recognised = vi.mocked(ocrPages);

useTestDatabase();

let acme: SeededCompany;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-blank-pages-"));
  process.env.DATA_DIR = dir;
  setEnvForTests({});
  setStorageForTests(undefined);
  acme = await seedCompany();
});

afterAll(() => {
  setEnvForTests({});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("blank pages in the PDF converter", () => {
  it("recognises only the page with something printed on it", async () => {
    const bytes = await blankMixPdf();
    const file = path.join(dir, "mix.pdf");
    fs.writeFileSync(file, bytes);
    recognised.mockClear();
    handed.length = 0;
    const out = await convertPdf({
      bytes,
      path: file,
      filename: "mix.pdf",
      type: { kind: "pdf", mimeType: "application/pdf", extension: "pdf" },
      options: { ocr: "auto", ocrLanguages: ["eng"] },
    });
    expect(out.pageCount).toBe(5);
    const byPage = Object.fromEntries(out.pages.map((p) => [p.page, p]));
    expect(byPage[1].markdown).toContain("annual meeting of the board");
    expect(byPage[1].ocr).toBe(false);
    // 2: no ink at all (never rendered); 3: a white rectangle; 4: a blank scanned sheet (both rendered, then dropped).
    for (const n of [2, 3, 4]) expect(byPage[n], `page ${n}`).toMatchObject({ markdown: "", ocr: false });
    expect(byPage[5]).toMatchObject({ markdown: "Recognised page 5", ocr: true });
    // One call to the recogniser, for pages 3–5 (page 2 never left pdf.js); it was handed page 5 only.
    expect(recognised).toHaveBeenCalledTimes(1);
    expect(handed).toEqual([5]);
  });

  it("reads 1,000 empty pages without rendering or recognising any", async () => {
    const bytes = await emptyPagesPdf(1000);
    const file = path.join(dir, "empty.pdf");
    fs.writeFileSync(file, bytes);
    recognised.mockClear();
    const out = await convertPdf({
      bytes,
      path: file,
      filename: "empty.pdf",
      type: { kind: "pdf", mimeType: "application/pdf", extension: "pdf" },
      options: { ocr: "auto", ocrLanguages: ["eng"] },
    });
    expect(out.pageCount).toBe(1000);
    expect(out.pages.every((p) => p.markdown === "" && !p.ocr)).toBe(true);
    expect(recognised).not.toHaveBeenCalled();
  });
});

describe("blank pages in ingestion", () => {
  it("ingests a file of 1,000 empty pages (the default page cap) without OCR", async () => {
    const form = new FormData();
    form.append("file", new Blob([(await emptyPagesPdf(1000)) as Uint8Array<ArrayBuffer>]), "empty-1000.pdf");
    const res = await api.post("/api/v3/files", { key: acme.admin.key, raw: form });
    expect(res.status, res.text).toBe(201);
    await drainJobs();
    const file = await api.get(`/api/v3/files/${res.body.id}`, { key: acme.admin.key });
    expect(file.body).toMatchObject({ status: "embedded", total_pages: 1000 });
    const pages = await db().filePage.findMany({ where: { fileId: res.body.id }, select: { ocr: true } });
    expect(pages).toHaveLength(1000);
    expect(pages.filter((p) => p.ocr)).toHaveLength(0);
  }, 180_000);
});
