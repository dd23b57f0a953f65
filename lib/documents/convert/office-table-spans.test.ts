// Merged table cells in the converters that write tables themselves (HTML/DOCX through html-to-markdown, ODF,
// PPTX): a cell spanning rows or columns is repeated over the positions it covers, tables nested in a cell are
// written inline in that cell, and a row that only holds cells going on into the next row is not written twice.
import { describe, expect, it } from "vitest";
import { convertOdt } from "@/lib/documents/convert/odf";
import { slideMarkdown } from "@/lib/documents/convert/pptx";
import { htmlToMarkdown } from "@/lib/documents/html-to-markdown";
import type { ParseOptions } from "@/lib/documents/types";
import { parseXml } from "@/lib/documents/xml";
import { zipFiles } from "@/tests/helpers/zip-writer";

const OPTIONS: ParseOptions = { ocr: "auto", ocrLanguages: ["eng"] };

describe("HTML tables", () => {
  it("repeats row- and column-spanning cells over the positions they cover", () => {
    const html = `<table><tr><th>H1</th><th colspan="2">H2 and H3</th></tr>
<tr><td rowspan="2">Rows 1-2</td><td>b1</td><td>c1</td></tr><tr><td colspan="2">Row 2, B and C</td></tr>
<tr><td>a3</td><td>b3</td><td>c3</td></tr></table>`;
    expect(htmlToMarkdown(html)).toBe(
      [
        "| H1 | H2 and H3 | H2 and H3 |",
        "| --- | --- | --- |",
        "| Rows 1-2 | b1 | c1 |",
        "| Rows 1-2 | Row 2, B and C | Row 2, B and C |",
        "| a3 | b3 | c3 |",
      ].join("\n"),
    );
  });

  it("does not write a pivot table's row that holds only a cell going on into the next rows", () => {
    const html = `<table><tr><th>Year</th><th>Month</th><th>Revenue</th></tr><tr><th rowspan="3">2025</th></tr>
<tr><td>January</td><td>$134</td></tr><tr><td>February</td><td>$150</td></tr></table>`;
    expect(htmlToMarkdown(html)).toBe(
      ["| Year | Month | Revenue |", "| --- | --- | --- |", "| 2025 | January | $134 |", "| 2025 | February | $150 |"].join("\n"),
    );
  });

  it("writes a table nested in a cell inline in that cell, and keeps a data table inside a one-cell wrapper", () => {
    const nested = `<table><tr><th>A</th><th>B</th></tr><tr><td>x <table><tr><td>I</td><td>II</td></tr><tr><td>III</td><td>IV</td></tr></table></td><td>2</td></tr></table>`;
    expect(htmlToMarkdown(nested)).toBe("| A | B |\n| --- | --- |\n| x I II III IV | 2 |");
    const wrapped = `<table><tr><td><table><tr><td>T1</td><td>T2</td></tr><tr><td>a</td><td>b</td></tr></table></td></tr></table>`;
    expect(htmlToMarkdown(wrapped)).toBe("| T1 | T2 |\n| --- | --- |\n| a | b |");
  });

  it("hostile spans stay bounded: huge rowspan/colspan values are clamped and stop repeating past the budget", () => {
    const rows = Array.from({ length: 300 }, (_, i) => `<tr><td rowspan="65534" colspan="65534">${i}</td></tr>`).join("");
    const started = Date.now();
    const md = htmlToMarkdown(`<table>${rows}</table>`);
    expect(Date.now() - started).toBeLessThan(3000);
    // Spans are clamped to 1000 and, past the budget of positions, ignored: every cell's text is still written.
    expect(md.split("\n").length).toBeLessThanOrEqual(301);
    for (let i = 0; i < 300; i += 23) expect(md).toContain(`| ${i} |`);
    expect(md.length).toBeLessThan(5_000_000);
  });
});

describe("ODF tables", () => {
  it("repeats a merged cell's text over its covered cells", async () => {
    const cell = (text: string, attrs = "") => `<table:table-cell${attrs}><text:p>${text}</text:p></table:table-cell>`;
    const content = `<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text><table:table>
<table:table-row>${cell("Merged 2x2", ' table:number-rows-spanned="2" table:number-columns-spanned="2"')}<table:covered-table-cell/>${cell("C1")}</table:table-row>
<table:table-row><table:covered-table-cell/><table:covered-table-cell/>${cell("C2")}</table:table-row>
<table:table-row>${cell("A3")}${cell("B3")}${cell("C3")}</table:table-row></table:table></office:text></office:body></office:document-content>`;
    const bytes = zipFiles({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": content });
    const out = await convertOdt({ bytes, path: "", filename: "t.odt", type: { kind: "odt" } as never, options: OPTIONS });
    expect(out.pages[0].markdown).toBe(
      ["| Merged 2x2 | Merged 2x2 | C1 |", "| --- | --- | --- |", "| Merged 2x2 | Merged 2x2 | C2 |", "| A3 | B3 | C3 |"].join("\n"),
    );
  });
});

describe("ODF nested tables", () => {
  it("writes a table nested in a cell as its text, inline in that cell", async () => {
    const cell = (inner: string) => `<table:table-cell>${inner}</table:table-cell>`;
    const p = (text: string) => `<text:p>${text}</text:p>`;
    const nested = `<table:table><table:table-row>${cell(p("A"))}${cell(p("B"))}</table:table-row><table:table-row>${cell(p("1"))}${cell(p("2"))}</table:table-row></table:table>`;
    const content = `<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text><table:table>
<table:table-row>${cell(p("Left"))}${cell(p("Right"))}</table:table-row><table:table-row>${cell(p("Plain"))}${cell(p("Rich cell") + nested)}</table:table-row></table:table></office:text></office:body></office:document-content>`;
    const bytes = zipFiles({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": content });
    const out = await convertOdt({ bytes, path: "", filename: "t.odt", type: { kind: "odt" } as never, options: OPTIONS });
    expect(out.pages[0].markdown).toBe("| Left | Right |\n| --- | --- |\n| Plain | Rich cell<br>A B 1 2 |");
  });
});

describe("PPTX tables", () => {
  it("repeats a merged cell's text over the cells it covers (hMerge from the left, vMerge from above)", () => {
    const tc = (text: string, attrs = "") => `<a:tc${attrs}><a:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></a:txBody></a:tc>`;
    const slide = parseXml(`<p:sld><p:cSld><p:spTree><p:graphicFrame><a:graphic><a:graphicData><a:tbl>
<a:tr>${tc("Wide", ' gridSpan="2"')}${tc("", ' hMerge="1"')}${tc("H3")}</a:tr>
<a:tr>${tc("Tall", ' rowSpan="2"')}${tc("b1")}${tc("c1")}</a:tr>
<a:tr>${tc("", ' vMerge="1"')}${tc("b2")}${tc("c2")}</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame></p:spTree></p:cSld></p:sld>`);
    expect(slideMarkdown(slide)).toBe(["| Wide | Wide | H3 |", "| --- | --- | --- |", "| Tall | b1 | c1 |", "| Tall | b2 | c2 |"].join("\n"));
  });
});
