// Integration tests of the PDF converter on real PDFs that LibreOffice renders from HTML at test time.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shutdownOcr } from "@/lib/documents/ocr";
import type { ConverterInput, ParseOptions } from "@/lib/documents/types";
import { AppError } from "@/lib/errors";
import { convertPdf, createPdfConverter, ocrReadsMore } from "./pdf";
import type { OcrPdfPages } from "./pdf-ocr";

const run = promisify(execFile);

const LEFT = Array.from({ length: 14 }, (_, i) => `Alpha sentence ${i + 1} belongs to the left column.`).join(" ");
const RIGHT = Array.from({ length: 14 }, (_, i) => `Omega sentence ${i + 1} belongs to the right column.`).join(" ");

const STRUCTURED = `<html><head><meta charset="utf-8"><title>Fixture</title></head><body>
<h1>Quarterly Report Title</h1>
<p>This opening paragraph is long enough to wrap over several lines of the rendered page, so the converter
has to join the lines back into one paragraph of flowing text without losing or repeating any words.</p>
<h2>Section Two Heading</h2>
<p>Prices went up by 3.5 percent in the period, to $4.20 a unit.</p>
<ul><li>First bullet item</li><li>Second bullet item<ul><li>Nested bullet item</li></ul></li><li>Third bullet item</li></ul>
<ol><li>Numbered step one</li><li>Numbered step two</li></ol>
<table border="1" width="100%"><tr><th>Product</th><th>Units</th><th>Price</th></tr>
<tr><td>Apples</td><td>120</td><td>1.50</td></tr><tr><td>Pears</td><td>75</td><td>2.25</td></tr>
<tr><td>Plums</td><td>310</td><td>0.80</td></tr></table>
<p>Closing words of the first page.</p>
<h2 style="page-break-before: always">Second Page</h2>
<p>The second page has a short paragraph.</p>
<h2 style="page-break-before: always">Two Column Part</h2>
<div style="column-count: 2"><p>${LEFT}</p><p>${RIGHT}</p></div>
<p>Text after the columns, across the full width of the page again.</p>
</body></html>`;

const SCANNED = `<html><head><meta charset="utf-8"></head><body>
<p>The first page has a normal text layer with enough characters to be usable.</p>
<p style="page-break-before: always">Scanned page attached below for reference</p>
<p><img src="scan.png" width="640" height="860"></p>
</body></html>`;

// A table of contents with dot leaders, and a page whose readable text sits over a page-sized picture.
const CONTENTS = `<html><head><meta charset="utf-8"></head><body>
${["Introduction", "Scope of the review", "Findings and measurements", "Recommendations", "Annex A: Sites", "Annex B: Glossary"]
  .map((t, i) => `<p>${i + 1}. ${t} ${".".repeat(110 - 2 * t.length)} ${3 + 4 * i}</p>`)
  .join("\n")}
<p style="page-break-before: always">This slide has a readable text layer of its own: the quarterly figures, the regional results and the
outlook for the next year are all written here in ordinary words that any reader can copy, search and quote.</p>
<p><img src="scan.png" width="640" height="860"></p>
</body></html>`;

// Ruled tables that have little text for the layout to go by: an empty form, a one-column checklist, a
// label/value table under a header cell spanning both columns, a table of one row under its header.
const FORMS = `<html><head><meta charset="utf-8"></head><body>
<p>Fill in the boxes below before any equipment leaves the store.</p>
<table border="1" cellpadding="4" cellspacing="0" width="100%"><tr><td width="30%">Full name</td><td></td></tr>
<tr><td>Department</td><td></td></tr><tr><td>Date of request</td><td></td></tr></table>
<p>Items requested:</p>
<table border="1" cellpadding="4" cellspacing="0" width="100%"><tr><th>Asset tag</th><th>Description</th><th>Quantity</th><th>Return date</th></tr>
<tr><td></td><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td><td></td></tr></table>
<p>Checks before handing out:</p>
<table border="1" cellpadding="4" cellspacing="0" width="50%"><tr><th>Check</th></tr><tr><td>Battery charged</td></tr>
<tr><td>Case and strap present</td></tr><tr><td>Serial number matches</td></tr></table>
<p>Contact:</p>
<table border="1" cellpadding="4" cellspacing="0" width="70%"><tr><th colspan="2">Central equipment store</th></tr>
<tr><td>Building</td><td>North wing, level 0</td></tr><tr><td>Email</td><td>store@example.org</td></tr></table>
<p>Deposit:</p>
<table border="1" cellpadding="4" cellspacing="0" width="40%"><tr><th>Item class</th><th>Deposit</th></tr><tr><td>Small</td><td>20 EUR</td></tr></table>
</body></html>`;

let dir = "";
const fixtures: Record<string, string> = {};

async function soffice(files: string[], outDir: string, filter = "pdf:writer_pdf_Export"): Promise<void> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lo-pdftest-"));
  try {
    await run(
      "soffice",
      [`-env:UserInstallation=file://${profile}`, "--headless", "--infilter=HTML (StarWriter)", "--convert-to", filter, "--outdir", outDir, ...files],
      { timeout: 120_000 },
    );
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-converter-test-"));
  fs.writeFileSync(path.join(dir, "structured.html"), STRUCTURED);
  fs.writeFileSync(path.join(dir, "scanned.html"), SCANNED);
  fs.writeFileSync(path.join(dir, "contents.html"), CONTENTS);
  fs.writeFileSync(path.join(dir, "forms.html"), FORMS);
  // The "scan": an image of text (no text layer), big enough to cover most of its page.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="1720">
    <rect width="100%" height="100%" fill="white"/>
    <text x="80" y="200" font-family="DejaVu Sans" font-size="72">Scanned Invoice 4711</text>
    <text x="80" y="360" font-family="DejaVu Sans" font-size="48">Total amount due today</text>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path.join(dir, "scan.png"));
  await soffice(
    [path.join(dir, "structured.html"), path.join(dir, "scanned.html"), path.join(dir, "contents.html"), path.join(dir, "forms.html")],
    dir,
  );
  const encrypted = path.join(dir, "enc");
  fs.mkdirSync(encrypted);
  const encrypt = '{"EncryptFile":{"type":"boolean","value":"true"},"DocumentOpenPassword":{"type":"string","value":"secret"}}';
  await soffice([path.join(dir, "structured.html")], encrypted, `pdf:writer_pdf_Export:${encrypt}`);
  fixtures.structured = path.join(dir, "structured.pdf");
  fixtures.scanned = path.join(dir, "scanned.pdf");
  fixtures.contents = path.join(dir, "contents.pdf");
  fixtures.forms = path.join(dir, "forms.pdf");
  fixtures.encrypted = path.join(encrypted, "structured.pdf");
  for (const f of Object.values(fixtures)) expect(fs.existsSync(f), f).toBe(true);
}, 120_000);

afterAll(async () => {
  await shutdownOcr();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function input(file: string, options: Partial<ParseOptions> = {}, bytes?: Uint8Array): ConverterInput {
  return {
    bytes: bytes ?? new Uint8Array(fs.readFileSync(file)),
    path: file,
    filename: path.basename(file),
    type: { kind: "pdf", mimeType: "application/pdf", extension: "pdf" },
    options: { ocr: "auto", ocrLanguages: ["eng"], ...options },
  };
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("convertPdf on a LibreOffice document", () => {
  it("keeps headings, paragraphs, lists and tables", async () => {
    const out = await convertPdf(input(fixtures.structured));
    expect(out.pageCount).toBe(3);
    expect(out.pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const md = out.pages[0].markdown;
    expect(md).toMatch(/^# Quarterly Report Title$/m);
    expect(md).toMatch(/^## Section Two Heading$/m);
    expect(md).toContain("This opening paragraph is long enough to wrap over several lines of the rendered page, so the converter has to join");
    expect(md).toContain("Prices went up by 3.5 percent in the period, to $4.20 a unit.");
    expect(md).toMatch(/^- First bullet item$/m);
    expect(md).toMatch(/^ {2}- Nested bullet item$/m);
    expect(md).toMatch(/^- Third bullet item$/m);
    expect(md).toMatch(/^1\. Numbered step one\n2\. Numbered step two$/m);
    expect(md).toContain("| Product | Units | Price |\n| --- | --- | --- |\n| Apples | 120 | 1.50 |\n| Pears | 75 | 2.25 |\n| Plums | 310 | 0.80 |");
    expect(md).toMatch(/^Closing words of the first page\.$/m);
    expect(md).not.toContain("\\.");
  });

  it("reads two columns column by column", async () => {
    const out = await convertPdf(input(fixtures.structured));
    const md = out.pages[2].markdown;
    expect(md).toMatch(/^## Two Column Part$/m);
    expect(md).toContain(LEFT);
    expect(md).toContain(RIGHT);
    expect(md.indexOf(LEFT)).toBeLessThan(md.indexOf(RIGHT));
    expect(md.indexOf(RIGHT)).toBeLessThan(md.indexOf("Text after the columns, across the full width of the page again."));
    expect(md).not.toContain("|");
  });

  it("finds ruled tables with empty cells, one column, a spanning header cell or a single row", async () => {
    const out = await convertPdf(input(fixtures.forms));
    const md = out.pages.map((p) => p.markdown).join("\n\n");
    expect(md).toContain("| Full name |  |\n| --- | --- |\n| Department |  |\n| Date of request |  |");
    expect(md).toContain("| Asset tag | Description | Quantity | Return date |\n| --- | --- | --- | --- |\n|  |  |  |  |\n|  |  |  |  |");
    expect(md).toContain("| Check |\n| --- |\n| Battery charged |\n| Case and strap present |\n| Serial number matches |");
    expect(md).toContain(
      "| Central equipment store | Central equipment store |\n| --- | --- |\n| Building | North wing, level 0 |\n| Email | store@example.org |",
    );
    expect(md).toContain("| Item class | Deposit |\n| --- | --- |\n| Small | 20 EUR |");
  });

  it("processes only the selected pages, in order, with progress", async () => {
    const progress: [number, number][] = [];
    const out = await convertPdf(input(fixtures.structured, { pages: [2, 3], onProgress: (d, t) => progress.push([d, t]) }));
    expect(out.pageCount).toBe(3);
    expect(out.pages.map((p) => p.page)).toEqual([2, 3]);
    // Heading levels rank the sizes seen on the processed pages: h2 is the largest here.
    expect(out.pages[0].markdown).toMatch(/^#{1,2} Second Page\n\nThe second page has a short paragraph\.$/);
    expect(out.pages[1].markdown).toContain("Two Column Part");
    expect(out.pages.map((p) => p.markdown).join("\n")).not.toContain("Quarterly");
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it("refuses a page range beyond the last page", async () => {
    const err = await failure(convertPdf(input(fixtures.structured, { pages: [2, 4] })));
    expect(err.code).toBe("invalid_page_range");
    expect(err.detail).toContain("3 pages");
  });

  it("stops when the signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(convertPdf(input(fixtures.structured, { signal: controller.signal }))).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("convertPdf on bad input", () => {
  // Damaged content is the client's 400, an engine limit (time budget) stays 500 (issue 16).
  it("reports a truncated PDF as unsupported_file_format", async () => {
    const bytes = new Uint8Array(fs.readFileSync(fixtures.structured));
    const err = await failure(convertPdf(input(fixtures.structured, {}, bytes.slice(0, Math.floor(bytes.length / 2)))));
    expect(err.code).toBe("unsupported_file_format");
  });

  it("reports bytes that are not a PDF, and a bare header, as unsupported_file_format", async () => {
    const err = await failure(convertPdf(input(fixtures.structured, {}, new TextEncoder().encode("%PDF-1.7\nnot really a pdf"))));
    expect(err.code).toBe("unsupported_file_format");
    const header = await failure(convertPdf(input(fixtures.structured, {}, new TextEncoder().encode("%PDF-1.7\n"))));
    expect(header.code).toBe("unsupported_file_format");
    expect(header.detail).toMatch(/damaged or truncated/);
  });

  it("gives up on a page that exceeds its time budget", async () => {
    const convert = createPdfConverter({ pageTimeoutMs: 0 });
    const err = await failure(convert(input(fixtures.structured)));
    expect(err.code).toBe("file_rendering_failed");
    expect(err.detail).toMatch(/Reading page 1 took longer than/);
  });

  it("reports a password-protected PDF as unsupported_file_format", async () => {
    const err = await failure(convertPdf(input(fixtures.encrypted)));
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(/password/i);
  });
});

describe("OCR decisions", () => {
  /** What the fake OCR reads on a page: a scanned invoice's words, more than the stamp over it. */
  const scanReading = (p: number) => `OCR text of page ${p}: Invoice 4711 from Example Supplies Ltd, amount due 120.00 EUR by March`;
  function fakeOcr(read: (page: number) => string = scanReading) {
    const calls: number[][] = [];
    const ocrPages: OcrPdfPages = vi.fn(async (req, onPage) => {
      calls.push(req.pages);
      for (const p of req.pages) onPage(p, read(p));
    });
    return { calls, convert: createPdfConverter({ ocrPages }) };
  }

  it("auto: OCRs only the page whose text layer is missing (mostly an image)", async () => {
    const { calls, convert } = fakeOcr();
    const out = await convert(input(fixtures.scanned, { ocr: "auto" }));
    expect(calls).toEqual([[2]]);
    expect(out.pages.map((p) => p.ocr)).toEqual([false, true]);
    expect(out.pages[0].markdown).toContain("normal text layer");
    expect(out.pages[1].markdown).toBe(scanReading(2));
  });

  it("auto: a few words over a page-sized image go to OCR, but the text layer stays when the OCR reads nothing more", async () => {
    // A slide's background picture, a photo: the reading holds the layer's own words and a little noise.
    const { calls, convert } = fakeOcr(() => "Scanned page attached below for reference ~ ;");
    const out = await convert(input(fixtures.scanned, { ocr: "auto" }));
    expect(calls).toEqual([[2]]);
    expect(out.pages.map((p) => p.ocr)).toEqual([false, false]);
    expect(out.pages[1].markdown).toBe("Scanned page attached below for reference");
  });

  it("auto: keeps readable text layers (dot leaders of a table of contents, text over a page-sized picture)", async () => {
    const { calls, convert } = fakeOcr();
    const out = await convert(input(fixtures.contents, { ocr: "auto" }));
    expect(calls).toEqual([]);
    expect(out.pages.map((p) => p.ocr)).toEqual([false, false]);
    expect(out.pages[0].markdown).toContain("Findings and measurements");
    expect(out.pages[1].markdown).toContain("quarterly figures");
  });

  it("drops the running header and page numbers that OCR reads on every scanned page", async () => {
    const body = (p: number) => `${scanReading(p)}. Payment terms are thirty days net from the date of this statement.`;
    const { convert } = fakeOcr((p) => `Example Supplies Ltd — Quarterly statement\n\n${body(p)}\n\nPage ${p} of 2`);
    const out = await convert(input(fixtures.scanned, { ocr: "force" }));
    expect(out.pages.map((p) => p.markdown)).toEqual([body(1), body(2)]);
  });

  it("ocrReadsMore: new words, not misreadings of the layer's own", () => {
    const layer = "## Complex list\n\nHello\n\n- List item 1\n- List item 2";
    expect(ocrReadsMore("Complex Iist Hello List itern 1 List item 2 ~", layer)).toBe(false); // misreadings only
    expect(ocrReadsMore("Complex list Hello Invoice 4711 total due", layer)).toBe(true);
    expect(ocrReadsMore("Complex list Hello invoice", layer)).toBe(false); // one word is noise, not a page
    // A chart under its caption: the OCR lays its labels and ticks out as a table of fragments.
    const caption = "Figure 3.69: confidence intervals by gender\n\n66";
    const chart = "| Score Well-Being 2.049 Positive | P-value = 0.005 |\n| --- | --- |\n| Male Gender Female | 1st year Course Year |";
    expect(ocrReadsMore(`${caption}\n\n${chart}`, caption)).toBe(false);
    expect(ocrReadsMore(`${caption}\n\nThe survey asked every student four questions.\n\n${chart}`, caption)).toBe(true);
    // …or, around a chart's gridlines, as text the OCR reports as the page's figure text
    const labels = "Gender Male Female Faculty Biosciences Humanities";
    expect(ocrReadsMore(`${caption}\n\n${labels}`, caption)).toBe(true);
    expect(ocrReadsMore(`${caption}\n\n${labels}`, caption, labels)).toBe(false);
    expect(ocrReadsMore(`${caption}\n\nThe survey asked every student four questions.\n\n${labels}`, caption, labels)).toBe(true);
  });

  it("auto with the real OCR: renders and recognises the scanned page", async () => {
    const out = await convertPdf(input(fixtures.scanned, { ocr: "auto" }));
    expect(out.pages.map((p) => p.ocr)).toEqual([false, true]);
    expect(out.pages[1].markdown).toMatch(/Invoice 4711/i);
    expect(out.pages[1].markdown).toMatch(/amount due/i);
  }, 60_000);

  it("force: OCRs every selected page; off: never", async () => {
    const forced = fakeOcr();
    const out = await forced.convert(input(fixtures.scanned, { ocr: "force" }));
    expect(forced.calls).toEqual([[1, 2]]);
    expect(out.pages.every((p) => p.ocr)).toBe(true);
    expect(out.pages[1].markdown).toBe(scanReading(2));

    const off = fakeOcr();
    const plain = await off.convert(input(fixtures.scanned, { ocr: "off" }));
    expect(off.calls).toEqual([]);
    expect(plain.pages.map((p) => p.ocr)).toEqual([false, false]);
    expect(plain.pages[1].markdown).toBe("Scanned page attached below for reference");
  });
});
