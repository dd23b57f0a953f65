// OCR service and PDF rendering. Test images are generated here and in test-fixtures.ts: text rendered from
// SVG with sharp (DejaVu fonts), and a small hand-written PDF for poppler. OCR calls take ~1–3 s each, so
// they are few and reused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { effectiveDpi, pdfInfo, pdfPageCount, renderPdfPages } from "../render";
import { ocrImage, ocrPages, ocrStats, parsePgmHeader, shutdownOcr } from "./index";
import { expectAppError, textImage } from "./test-fixtures";
import { INVOICE_ROWS, invoiceImage, sparseNoisyPage } from "./test-scans";

// ---------------------------------------------------------------------------------------------------------
// Fixtures

/** Words of `expected` (≥ 4 letters) found in `actual`, case-insensitive. */
function wordRecall(actual: string, expected: string): number {
  const have = new Set(actual.toLowerCase().match(/[\p{L}]+/gu) ?? []);
  const want = (expected.toLowerCase().match(/[\p{L}]+/gu) ?? []).filter((w) => w.length >= 4);
  return want.filter((w) => have.has(w)).length / want.length;
}

/** A minimal PDF with one line of Helvetica text per page. */
function makePdf(pageTexts: string[]): Buffer {
  const objects: string[] = [];
  const n = pageTexts.length;
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageTexts.map((_, i) => `${4 + i * 2} 0 R`).join(" ")}] /Count ${n} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  pageTexts.forEach((text, i) => {
    const content = `BT /F1 28 Tf 72 700 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
    objects[4 + i * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`;
    objects[5 + i * 2] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = out.length;
    out += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) out += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A "scanned" PDF: each page is one 8-bit gray image (Flate), sized so that it has the given resolution. */
async function makeScannedPdf(images: Buffer[], dpi: number): Promise<Buffer> {
  const objects: (string | Buffer)[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${images.map((_, i) => `${3 + i * 3} 0 R`).join(" ")}] /Count ${images.length} >>`;
  for (let i = 0; i < images.length; i++) {
    const { data, info } = await sharp(images[i]).grayscale().raw().toBuffer({ resolveWithObject: true });
    const w = (info.width / dpi) * 72;
    const h = (info.height / dpi) * 72;
    const content = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    objects[3 + i * 3] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /XObject << /Im0 ${5 + i * 3} 0 R >> >> /Contents ${4 + i * 3} 0 R >>`;
    objects[4 + i * 3] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    const z = zlib.deflateSync(data);
    objects[5 + i * 3] = Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${z.length} >>\nstream\n`,
        "latin1",
      ),
      z,
      Buffer.from("\nendstream", "latin1"),
    ]);
  }
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let size = parts[0].length;
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = size;
    const body = Buffer.concat([
      Buffer.from(`${i} 0 obj\n`, "latin1"),
      Buffer.from(objects[i] as string | Buffer),
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(body);
    size += body.length;
  }
  let tail = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) tail += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(tail, "latin1"));
  return Buffer.concat(parts);
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const EN = [
  ["The committee reviewed the quarterly results and found that", "revenue increased in every region during the year."],
  ["Shipping expenses remained stable although fuel prices rose,", "and customers reported satisfaction with delivery times."],
];
const DE = [["Der Ausschuss prüfte die Größe der Lieferung und stellte fest,", "dass die Bücher während der Prüfung geöffnet blieben."]];
const FR = [["Le comité a examiné les résultats trimestriels et constaté", "que le chiffre d'affaires a augmenté dans toutes les régions."]];

afterAll(async () => {
  await shutdownOcr();
  setEnvForTests({});
});

// ---------------------------------------------------------------------------------------------------------

describe("OCR", () => {
  it("recognises English paragraphs and keeps them apart", async () => {
    const img = await textImage(EN, { heading: "Quarterly Review" });
    const r = await ocrImage(img, { languages: ["eng"] });
    expect(wordRecall(r.text, EN.flat().join(" "))).toBeGreaterThanOrEqual(0.85);
    const paragraphs = r.markdown.split("\n\n");
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(paragraphs[0]).toMatch(/^#{1,2} Quarterly Review$/i);
    // the two lines of a paragraph are joined into one, with a blank line before the next paragraph
    expect(r.markdown).toMatch(/found that revenue increased/i);
    expect(r.markdown).toMatch(/year\.\n\nShipping/i);
    expect(r.confidence).toBeGreaterThan(70);
    expect(r.words.length).toBeGreaterThan(20);
    const word = r.words.find((w) => /committee/i.test(w.text))!;
    expect(word.bbox.x0).toBeGreaterThan(0);
    expect(word.bbox.x1).toBeLessThan(2000);
    expect(r.width).toBe(2000);
  });

  it("recognises German with deu (umlauts, ß)", async () => {
    const r = await ocrImage(await textImage(DE), { languages: ["deu"] });
    expect(wordRecall(r.text, DE.flat().join(" "))).toBeGreaterThanOrEqual(0.8);
    expect(r.text).toMatch(/Größe|Prüfung|Bücher|während/);
  });

  it("recognises French with fra+eng (accents)", async () => {
    const r = await ocrImage(await textImage(FR), { languages: ["fra", "eng"] });
    expect(wordRecall(r.text, FR.flat().join(" "))).toBeGreaterThanOrEqual(0.8);
    expect(r.text).toMatch(/examiné|résultats|régions|augmenté/);
    expect(ocrStats().workerLanguages.length).toBeLessThanOrEqual(ocrStats().maxWorkers);
  });

  it('reads a sparsely printed, slightly noisy 300 dpi scan (the preparation used to make it unreadable: "")', async () => {
    const lines = ["The committee reviewed the quarterly results.", "Revenue increased in every region this year."];
    const r = await ocrImage(await sparseNoisyPage(lines));
    expect(wordRecall(r.text, lines.join(" "))).toBeGreaterThanOrEqual(0.9);
  });

  it("reads a 120 dpi invoice scan, labelled 120 or wrongly 300 dpi, with its ruled table as a GFM table", async () => {
    const table = [
      "| Description | Qty | Price | Amount |",
      "| --- | --- | --- | --- |",
      ...INVOICE_ROWS.slice(1).map((r) => `| ${r.join(" | ")} |`),
    ].join("\n");
    for (const density of [120, 300]) {
      const r = await ocrImage(await invoiceImage({ density }));
      expect(r.markdown).toContain(table);
      expect(r.blocks.filter((b) => b.kind === "table")).toHaveLength(1);
      // the heading is not merged into the line directly below it; no rule is read as text
      expect(r.markdown).toMatch(/^# INVOICE\n\nCustomer: Northwind Traders Ltd\./);
      const outsideTable = r.markdown.split("\n").filter((l) => !l.startsWith("|"));
      expect(outsideTable.join("\n")).not.toMatch(/[|[\]]/);
      expect(wordRecall(r.text, "Payment is due within thirty days of the invoice date.")).toBeGreaterThanOrEqual(0.8);
    }
  });

  it("reads a page again from its own pixels when scaling by its dpi metadata left nothing readable", async () => {
    // 2600 px square labelled 500 dpi: scaled to 200 dpi its 18 px text would be 7 px high.
    const lines = ["The committee reviewed the quarterly results carefully.", "Revenue increased in every region during the year."];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2600" height="2600"><rect width="100%" height="100%" fill="#fff"/>${lines
      .map((l, i) => `<text x="100" y="${200 + i * 30}" font-family="DejaVu Serif" font-size="18">${l}</text>`)
      .join("")}</svg>`;
    const r = await ocrImage(await sharp(Buffer.from(svg)).withMetadata({ density: 500 }).png().toBuffer());
    expect(wordRecall(r.text, lines.join(" "))).toBeGreaterThanOrEqual(0.9);
    // boxes are reported in the input's pixels either way
    expect(r.words[0].bbox.x0).toBeGreaterThan(90);
    expect(r.words[0].bbox.x0).toBeLessThan(110);
  });

  it("rejects corrupt images with unsupported_file_format (the content's fault, issue 16)", async () => {
    await expectAppError(ocrImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5])), "unsupported_file_format");
  });
});

describe("pool limits, abort and timeout", () => {
  let slow: Buffer;
  beforeAll(async () => {
    await shutdownOcr();
    setEnvForTests({ OCR_WORKERS: "1", OCR_QUEUE_MAX: "1" });
    // a dense page: several seconds of engine time
    const lines = Array.from({ length: 45 }, (_, i) => `Line ${i} of the slow page with enough words to keep the engine busy for a while`);
    slow = await textImage([lines], { fontSize: 30, width: 2400 });
    await ocrImage(await textImage([["warm up"]])); // the worker is ready: aborts and timeouts hit recognition
  });
  afterEach(() => {
    expect(ocrStats().running).toBe(0);
  });
  afterAll(async () => {
    await shutdownOcr();
    setEnvForTests({});
  });

  it("rejects with 429 ocr_concurrent_limit when running + queued reach capacity, and aborts free the worker", async () => {
    const a = new AbortController();
    const b = new AbortController();
    const first = ocrImage(slow, { signal: a.signal });
    const second = ocrImage(slow, { signal: b.signal });
    expect(ocrStats()).toMatchObject({ capacity: 2, maxWorkers: 1 });
    expect(ocrStats().running + ocrStats().queued).toBe(2);
    const err = await expectAppError(ocrImage(slow), "ocr_concurrent_limit");
    expect(err.options.retryAfterSeconds).toBeDefined();
    // once the first page is being recognised, abort both (one running, one queued)
    const started = Date.now();
    while (ocrStats().running === 0 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 400));
    expect(ocrStats()).toMatchObject({ running: 1, queued: 1, workers: 1 });
    a.abort();
    b.abort(new Error("cancelled by test"));
    await expect(first).rejects.toMatchObject({ name: "AbortError" });
    await expect(second).rejects.toThrow("cancelled by test");
    // the busy worker was terminated rather than left recognising
    expect(ocrStats()).toMatchObject({ running: 0, queued: 0, workers: 0 });
    // the aborted worker was replaced: the pool still works
    const ok = await ocrImage(await textImage([["Recovered after the abort"]]));
    expect(ok.text).toMatch(/Recovered/i);
  });

  it("times out a page, terminates its worker and keeps serving", async () => {
    await ocrImage(await textImage([["warm up again"]]));
    await expectAppError(ocrImage(slow, { timeoutMs: 200 }), "file_rendering_failed", /did not finish within/);
    expect(ocrStats().workers).toBe(0);
    const ok = await ocrImage(await textImage([["Still working after a timeout"]]));
    expect(ok.text).toMatch(/working/i);
  });

  it("rejects an already aborted signal without queueing", async () => {
    const err = await ocrImage(slow, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((err as Error).name).toBe("AbortError");
    expect(ocrStats().queued).toBe(0);
  });
});

describe("renderPdfPages and ocrPages", () => {
  let dir: string;
  let pdf: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ocr-test-"));
    pdf = path.join(dir, "doc.pdf");
    fs.writeFileSync(pdf, makePdf(["Hello from page one", "Second page says goodbye", "Third page"]));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads the page count and sizes", async () => {
    expect(await pdfPageCount(pdf)).toBe(3);
    const info = await pdfInfo(pdf, { firstPage: 1, lastPage: 2 });
    expect(info.pageSizes.get(2)).toMatchObject({ width: 612, height: 792 });
    expect(effectiveDpi({ width: 612, height: 792, rotation: 0 }, 300, 4000)).toBe(300);
    expect(effectiveDpi({ width: 14400, height: 14400, rotation: 0 }, 300, 4000)).toBe(36);
  });

  it("renders requested pages to PGM (default) or PNG", async () => {
    const pages = [];
    for await (const p of renderPdfPages(pdf, [1, 3], { dpi: 150 })) pages.push(p);
    expect(pages.map((p) => p.page)).toEqual([1, 3]);
    expect(pages[0]).toMatchObject({ format: "pgm", dpi: 150, width: 1275, height: 1650 });
    expect(parsePgmHeader(pages[0].image)).toMatchObject({ width: 1275, height: 1650 });
    const [png] = await collect(renderPdfPages(pdf, [2], { dpi: 72, format: "png" }));
    expect(png.image.subarray(1, 4).toString()).toBe("PNG");
    expect(png).toMatchObject({ width: 612, height: 792 });
  });

  it("fails with file_rendering_failed for missing pages, unsupported_file_format for broken files, and honours abort", async () => {
    await expectAppError(collect(renderPdfPages(pdf, [4])), "file_rendering_failed", /has 3 pages/);
    const broken = path.join(dir, "broken.pdf");
    fs.writeFileSync(broken, "%PDF-1.4\nthis is not really a pdf\n");
    await expectAppError(collect(renderPdfPages(broken, [1])), "unsupported_file_format", /damaged or truncated/);
    const ac = new AbortController();
    ac.abort();
    await expect(collect(renderPdfPages(pdf, [1], { signal: ac.signal }))).rejects.toMatchObject({ name: "AbortError" });
  });

  it("renders a scanned page at the scan's resolution (not below 200 dpi) and OCRs it", async () => {
    const scanned = path.join(dir, "scanned.pdf");
    const page = await textImage([["This page was scanned at two hundred dpi", "and rendered without upsampling."]], { fontSize: 28, width: 1400 });
    fs.writeFileSync(scanned, await makeScannedPdf([page, page], 200));
    const [matched] = await collect(renderPdfPages(scanned, [2]));
    expect(matched).toMatchObject({ page: 2, dpi: 200, width: 1400 });
    const [full] = await collect(renderPdfPages(scanned, [1], { matchScanDpi: false }));
    expect(full).toMatchObject({ dpi: 300, width: 2100 });
    const results = [];
    for await (const r of ocrPages(renderPdfPages(scanned, [1]), { languages: ["eng"] })) results.push(r);
    expect(results[0].result.text).toMatch(/scanned at two hundred dpi and rendered without upsampling/i);
  });

  it("OCRs rendered pages through the pool", async () => {
    const results = new Map<number, string>();
    for await (const { page, result } of ocrPages(renderPdfPages(pdf, [1, 2], { dpi: 200 }), { languages: "eng" })) results.set(page, result.text);
    expect([...results.keys()].sort()).toEqual([1, 2]);
    expect(results.get(1)).toMatch(/Hello from page one/i);
    expect(results.get(2)).toMatch(/goodbye/i);
    expect(ocrStats()).toMatchObject({ running: 0, queued: 0 });
  });
});
