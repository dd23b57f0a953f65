import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { convertDocx } from "@/lib/documents/convert/docx";
import { convertHtml } from "@/lib/documents/convert/html";
import { convertLegacyOffice, convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { convertOdf } from "@/lib/documents/convert/odf";
import { convertPptx } from "@/lib/documents/convert/pptx";
import { convertText } from "@/lib/documents/convert/text";
import { detectType } from "@/lib/documents/detect";
import type { Converter, DocumentKind, ParseOptions, ParseOutput } from "@/lib/documents/types";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { handmadeDocx, W } from "@/tests/helpers/docx-writer";

const CONVERTERS: Partial<Record<DocumentKind, Converter>> = {
  docx: convertDocx,
  pptx: convertPptx,
  odt: convertOdf,
  odp: convertOdf,
  doc: convertLegacyOffice,
  ppt: convertLegacyOffice,
  html: convertHtml,
  xhtml: convertHtml,
  txt: convertText,
  md: convertText,
};

const REPORT = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Report</title></head><body>
<h1>Annual Report</h1><p>Sales grew in 2024. Version 1.2 shipped.</p>
<h2>Highlights</h2><ul><li>Alpha</li><li>Beta<ul><li>Beta one</li></ul></li></ul>
<table border="1"><tr><td>Name</td><td>Qty</td></tr><tr><td>Apples</td><td>3</td></tr><tr><td>Pears</td><td>5</td></tr></table>
<h1 style="page-break-before: always">Second Page</h1><p>Text on page two.</p>
<p style="page-break-before: always">Third page text.</p></body></html>`;

const slide = (title: string, body: string) =>
  `<draw:page draw:master-page-name="Default" presentation:presentation-page-layout-name="AL1T1"><draw:frame presentation:class="title" presentation:style-name="Default-title" draw:layer="layout" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${title}</text:p></draw:text-box></draw:frame>${body}</draw:page>`;
const outline = (list: string) =>
  `<draw:frame presentation:class="outline" presentation:style-name="Default-outline1" draw:layer="layout" svg:x="1cm" svg:y="5cm" svg:width="20cm" svg:height="10cm"><draw:text-box>${list}</draw:text-box></draw:frame>`;
const DECK = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:styles><style:style style:name="Default-title" style:family="presentation"/><style:style style:name="Default-outline1" style:family="presentation"/><style:presentation-page-layout style:name="AL1T1"><presentation:placeholder presentation:object="title" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="3cm"/><presentation:placeholder presentation:object="outline" svg:x="1cm" svg:y="5cm" svg:width="20cm" svg:height="10cm"/></style:presentation-page-layout></office:styles>
<office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="21cm"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"><draw:frame presentation:class="title" presentation:style-name="Default-title" draw:layer="backgroundobjects" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="3cm"/><draw:frame presentation:class="outline" presentation:style-name="Default-outline1" draw:layer="backgroundobjects" svg:x="1cm" svg:y="5cm" svg:width="20cm" svg:height="10cm"/></style:master-page></office:master-styles>
<office:body><office:presentation>
${slide("Quarterly Review", outline("<text:list><text:list-item><text:p>Revenue up</text:p><text:list><text:list-item><text:p>Europe strong</text:p></text:list-item></text:list></text:list-item><text:list-item><text:p>Costs flat</text:p></text:list-item></text:list>"))}
${slide("Numbers", `<draw:frame svg:x="1cm" svg:y="5cm" svg:width="20cm" svg:height="6cm"><table:table><table:table-column table:number-columns-repeated="2"/><table:table-row><table:table-cell><text:p>Region</text:p></table:table-cell><table:table-cell><text:p>Sales</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell><text:p>North</text:p></table:table-cell><table:table-cell><text:p>42</text:p></table:table-cell></table:table-row></table:table></draw:frame>`)}
${slide("Thanks", "")}
</office:presentation></office:body></office:document>`;

const para = (text: string, pPr = "") => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ""}<w:r><w:t>${text}</w:t></w:r></w:p>`;

let dir: string;
const paths: Record<string, string> = {};

async function soffice(target: string, input: string): Promise<void> {
  const profile = await mkdtemp(join(tmpdir(), "lo-test-"));
  try {
    await promisify(execFile)(
      "soffice",
      ["--headless", `-env:UserInstallation=${pathToFileURL(profile).href}`, "--convert-to", target, "--outdir", dir, input],
      { timeout: 120_000 },
    );
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "office-test-"));
  await writeFile(join(dir, "report.html"), REPORT);
  await writeFile(join(dir, "deck.fodp"), DECK);
  await Promise.all([
    soffice("docx:MS Word 2007 XML", join(dir, "report.html")),
    soffice("odt", join(dir, "report.html")),
    soffice("pptx", join(dir, "deck.fodp")),
    soffice("odp", join(dir, "deck.fodp")),
  ]);
  await Promise.all([soffice("doc:MS Word 97", join(dir, "report.docx")), soffice("ppt", join(dir, "deck.pptx"))]);
  for (const ext of ["docx", "odt", "doc"]) paths[ext] = join(dir, `report.${ext}`);
  for (const ext of ["pptx", "odp", "ppt"]) paths[ext] = join(dir, `deck.${ext}`);
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const OPTIONS: ParseOptions = { ocr: "auto", ocrLanguages: ["eng"] };

/** Detects the type from the bytes, then converts like the orchestrator does. */
async function parse(bytes: Buffer, filename: string, options: Partial<ParseOptions> = {}, path = join(dir, "unused")): Promise<ParseOutput> {
  const type = await detectType(bytes, filename);
  const converter = CONVERTERS[type.kind];
  if (!converter) throw new Error(`no converter for ${type.kind}`);
  return converter({ bytes, path, filename, type, options: { ...OPTIONS, ...options } });
}
const parseFile = async (kind: string, options: Partial<ParseOptions> = {}) =>
  parse(await readFile(paths[kind]), `file.${kind}`, options, paths[kind]);

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function expectReport(out: ParseOutput): void {
  expect(out.pageCount).toBe(3);
  expect(out.pages.map((p) => p.page)).toEqual([1, 2, 3]);
  const [one, two, three] = out.pages.map((p) => p.markdown);
  expect(one).toMatch(/^# Annual Report\n\nSales grew in 2024\. Version 1\.2 shipped\.\n\n## Highlights/);
  expect(one).not.toContain("\\.");
  expect(one).toContain("- Alpha\n- Beta\n  - Beta one");
  expect(one).toContain("| Name | Qty |\n| --- | --- |\n| Apples | 3 |\n| Pears | 5 |");
  expect(two).toBe("# Second Page\n\nText on page two.");
  expect(three).toBe("Third page text.");
  expect(out.pages.every((p) => p.ocr === false)).toBe(true);
}

function expectDeck(out: ParseOutput): void {
  expect(out.pageCount).toBe(3);
  const [one, two, three] = out.pages.map((p) => p.markdown);
  expect(one).toBe("# Quarterly Review\n\n- Revenue up\n  - Europe strong\n- Costs flat");
  expect(two).toBe("# Numbers\n\n| Region | Sales |\n| --- | --- |\n| North | 42 |");
  expect(three).toBe("# Thanks");
}

describe("word processing documents", () => {
  it("docx: headings, lists, tables; pages split at page breaks", async () => expectReport(await parseFile("docx")));
  it("odt: headings, lists, tables; pages split at break-before styles", async () => expectReport(await parseFile("odt")));
  it("doc through LibreOffice", async () => expectReport(await parseFile("doc")), 60_000);

  it("docx: w:pageBreakBefore (direct and by style), Title style, docProps/app.xml <Pages>", async () => {
    const styles = `<?xml version="1.0"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Chapter"><w:name w:val="Chapter"/><w:pPr><w:pageBreakBefore/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="SubChapter"><w:name w:val="Sub"/><w:basedOn w:val="Chapter"/></w:style></w:styles>`;
    const body =
      para("The Title", '<w:pStyle w:val="Title"/>') +
      para("Intro.") +
      para("Chapter one", '<w:pStyle w:val="Chapter"/>') +
      para("Direct", "<w:pageBreakBefore/>") +
      para("Not a break", '<w:pageBreakBefore w:val="false"/>') +
      para("Inherited", '<w:pStyle w:val="SubChapter"/>');
    const bytes = handmadeDocx(body, {
      "word/styles.xml": styles,
      "docProps/app.xml": `<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>6</Pages></Properties>`,
    });
    const out = await parse(bytes, "x.docx");
    expect(out.pageCount).toBe(6);
    expect(out.pages.map((p) => p.markdown)).toEqual(["# The Title\n\nIntro.", "Chapter one", "Direct\n\nNot a break", "Inherited", "", ""]);
    const sixth = await parse(bytes, "x.docx", { pages: [2, 6] });
    expect(sixth.pages.map((p) => p.page)).toEqual([2, 6]);
    expect((await failure(parse(bytes, "x.docx", { pages: [7] }))).code).toBe("invalid_page_range");
  });

  it("page selection returns only the requested pages and reports progress", async () => {
    const onProgress = vi.fn();
    const out = await parseFile("docx", { pages: [2], onProgress });
    expect(out.pageCount).toBe(3);
    expect(out.pages).toEqual([{ page: 2, markdown: "# Second Page\n\nText on page two.", ocr: false }]);
    expect(onProgress).toHaveBeenLastCalledWith(1, 1);
    for (const kind of ["docx", "odt", "pptx", "odp"]) {
      const err = await failure(parseFile(kind, { pages: [2, 4] }));
      expect(err.code).toBe("invalid_page_range");
      expect(err.detail).toMatch(/3 pages/);
    }
  });

  it("corrupt docx files: truncated or with broken parts → unsupported_file_format (issue 16)", async () => {
    const real = await readFile(paths.docx);
    const truncated = real.subarray(0, real.length - 200);
    expect((await failure(parse(truncated, "x.docx"))).code).toBe("unsupported_file_format");
    // Detected as docx, but its document part is not XML: the converter fails cleanly.
    const type = await detectType(real, "x.docx");
    const malformed = handmadeDocx("<w:p><w:r><w:t>unclosed");
    const err = await failure(convertDocx({ bytes: malformed, path: "", filename: "x.docx", type, options: OPTIONS }));
    expect(err.code).toBe("unsupported_file_format");
  });

  it("honours an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    await expect(parseFile("docx", { signal: controller.signal })).rejects.toThrow("cancelled");
    await expect(parseFile("doc", { signal: controller.signal })).rejects.toThrow("cancelled");
  });
});

describe("presentations", () => {
  it("pptx: one page per slide with titles, nested bullets and tables", async () => expectDeck(await parseFile("pptx")));
  it("odp: one page per draw:page", async () => expectDeck(await parseFile("odp")));
  it("ppt through LibreOffice", async () => expectDeck(await parseFile("ppt")), 60_000);

  it("converts only the requested slides", async () => {
    const onProgress = vi.fn();
    const out = await parseFile("pptx", { pages: [3], onProgress });
    expect(out).toEqual({ pageCount: 3, pages: [{ page: 3, markdown: "# Thanks", ocr: false }] });
    expect(onProgress).toHaveBeenCalledWith(1, 1);
    expect((await parseFile("odp", { pages: [1, 3] })).pages.map((p) => p.page)).toEqual([1, 3]);
  });
});

describe("LibreOffice", () => {
  it("converts to PDF for previews", async () => {
    const pdf = await convertWithLibreOffice(paths.odt, "pdf");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  }, 60_000);

  it("kills the conversion after the timeout", async () => {
    const started = Date.now();
    const err = await failure(convertWithLibreOffice(paths.doc, "docx", { timeoutMs: 200 }));
    expect(err.code).toBe("file_rendering_failed");
    expect(err.detail).toMatch(/did not finish/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("fails cleanly when LibreOffice produces nothing, or is missing", async () => {
    // Writer cannot export a presentation format: no output file.
    const err = await failure(convertWithLibreOffice(paths.odt, "pptx"));
    expect(err.code).toBe("file_rendering_failed");
    expect(err.detail).toMatch(/could not convert the file to pptx/);
    setEnvForTests({ LIBREOFFICE_PATH: "/nonexistent/soffice" });
    try {
      expect((await failure(convertWithLibreOffice(paths.doc, "docx"))).detail).toMatch(/not installed/);
    } finally {
      setEnvForTests({});
    }
  }, 60_000);
});

describe("HTML and text", () => {
  it("html: drops head, scripts and styles; tables without <thead> keep their first row as header", async () => {
    const html = `<!DOCTYPE html><html><head><title>Hidden title</title><style>p{color:red}</style><script>alert("x")</script></head>
<body><noscript>Enable JS</noscript><template><p>tpl</p></template><h1>Hello</h1><p>First <b>bold</b> and <i>it</i>. Costs 1.5 <a href="https://example.com">link</a>.</p>
<table><tr><td>A</td><td>B</td></tr><tr><td>1</td><td>2</td></tr></table><ol><li>one</li><li>two<ul><li>sub</li></ul></li></ol>
<pre><code>const x = 1;</code></pre><script>document.write("no")</script></body></html>`;
    const out = await parse(Buffer.from(html), "page.html");
    expect(out.pageCount).toBe(1);
    expect(out.pages[0].markdown).toBe(
      "# Hello\n\nFirst **bold** and *it*. Costs 1.5 [link](https://example.com).\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n1. one\n2. two\n   - sub\n\n```\nconst x = 1;\n```",
    );
  });

  it("hostile html: absurd nesting fails fast, large tables stay linear", async () => {
    const deep = Buffer.from(`<html><body>${"<div>".repeat(50_000)}x</body></html>`);
    const started = Date.now();
    expect((await failure(parse(deep, "deep.html"))).code).toBe("unsupported_file_format");
    expect(Date.now() - started).toBeLessThan(1000);
    const rows = Array.from({ length: 5000 }, (_, i) => `<tr><td>${i}</td><td>x</td></tr>`).join("");
    const t = Date.now();
    const out = await parse(Buffer.from(`<table>${rows}</table>`), "big.html");
    expect(out.pages[0].markdown.split("\n")).toHaveLength(5001);
    expect(Date.now() - t).toBeLessThan(5000);
  });

  it("xhtml", async () => {
    const xhtml = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body><h2>Sub</h2><p>Para<br/>line</p><table><thead><tr><th>H</th></tr></thead><tbody><tr><td>v</td></tr></tbody></table></body></html>`;
    const out = await parse(Buffer.from(xhtml), "doc.xhtml");
    expect(out.pages[0].markdown).toBe("## Sub\n\nPara\nline\n\n| H |\n| --- |\n| v |");
  });

  it("txt and md are kept as they are (BOM and CRLF normalised)", async () => {
    const txt = await parse(Buffer.from("\uFEFFFirst paragraph\r\nsame paragraph.\r\n\r\nSecond 1.5 * 2_x\r\n"), "notes.txt");
    expect(txt.pages).toEqual([{ page: 1, markdown: "First paragraph\nsame paragraph.\n\nSecond 1.5 * 2_x", ocr: false }]);
    const md = await parse(Buffer.from("# Title\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n"), "README.md");
    expect(md.pages[0].markdown).toBe("# Title\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |");
    expect((await failure(parse(Buffer.from("x"), "a.txt", { pages: [2] }))).code).toBe("invalid_page_range");
  });
});
