// Charts in PPTX slides and DOCX documents: the chart part's title and cached data as a table (categories down, a
// column per series), where the chart stands.
import { describe, expect, it } from "vitest";
import { convertDocx } from "@/lib/documents/convert/docx";
import { chartMarkdown } from "@/lib/documents/convert/ooxml-chart";
import { convertPptx } from "@/lib/documents/convert/pptx";
import { detectType } from "@/lib/documents/detect";
import type { ParseOptions } from "@/lib/documents/types";
import { parseXml } from "@/lib/documents/xml";
import { handmadeDocx } from "@/tests/helpers/docx-writer";
import { zipFiles } from "@/tests/helpers/zip-writer";

const OPTIONS: ParseOptions = { ocr: "auto", ocrLanguages: ["eng"] };
const NS = `xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
const cache = (kind: "str" | "num", values: string[]) =>
  `<c:${kind}Ref><c:f>Sheet1!A1</c:f><c:${kind}Cache><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`).join("")}</c:${kind}Cache></c:${kind}Ref>`;
const series = (name: string, values: string[]) =>
  `<c:ser><c:idx val="0"/><c:tx>${cache("str", [name])}</c:tx><c:cat>${cache("str", ["Q1", "Q2", "Q3"])}</c:cat><c:val>${cache("num", values)}</c:val></c:ser>`;
const CHART = `<?xml version="1.0"?><c:chartSpace ${NS}><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Revenue by quarter</a:t></a:r></a:p></c:rich></c:tx></c:title>
<c:plotArea><c:barChart>${series("North", ["4.3", "2.5", "3.5"])}${series("South", ["2.4", "4.4", "1.8"])}</c:barChart></c:plotArea></c:chart></c:chartSpace>`;

describe("charts", () => {
  it("a chart part: title, then categories down and one column per series", () => {
    expect(chartMarkdown(parseXml(CHART))).toBe(
      [
        "Revenue by quarter",
        "",
        "|  | North | South |",
        "| --- | --- | --- |",
        "| Q1 | 4.3 | 2.4 |",
        "| Q2 | 2.5 | 4.4 |",
        "| Q3 | 3.5 | 1.8 |",
      ].join("\n"),
    );
  });

  it("a chart without series is its title; without a title, only the table", () => {
    expect(
      chartMarkdown(
        parseXml(
          `<c:chartSpace ${NS}><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Empty</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea/></c:chart></c:chartSpace>`,
        ),
      ),
    ).toBe("Empty");
    const untitled = CHART.replace(/<c:title>.*?<\/c:title>/s, "");
    expect(chartMarkdown(parseXml(untitled)).startsWith("|  | North | South |")).toBe(true);
  });

  it("a PPTX slide's chart frame is read from the slide's relationships", async () => {
    const P = `xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ${NS}`;
    const rels = (targets: Record<string, string>) =>
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Object.entries(targets)
        .map(([id, t]) => `<Relationship Id="${id}" Type="x" Target="${t}"/>`)
        .join("")}</Relationships>`;
    const bytes = zipFiles({
      "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>`,
      "_rels/.rels": rels({ rId1: "ppt/presentation.xml" }),
      "ppt/presentation.xml": `<?xml version="1.0"?><p:presentation ${P}><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>`,
      "ppt/_rels/presentation.xml.rels": rels({ rId1: "slides/slide1.xml" }),
      "ppt/slides/slide1.xml": `<?xml version="1.0"?><p:sld ${P}><p:cSld><p:spTree><p:graphicFrame><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId2"/></a:graphicData></a:graphic></p:graphicFrame></p:spTree></p:cSld></p:sld>`,
      "ppt/slides/_rels/slide1.xml.rels": rels({ rId2: "../charts/chart1.xml" }),
      "ppt/charts/chart1.xml": CHART,
    });
    const out = await convertPptx({ bytes, path: "", filename: "deck.pptx", type: await detectType(bytes, "deck.pptx"), options: OPTIONS });
    expect(out.pages[0].markdown).toContain("| Q2 | 2.5 | 4.4 |");
    expect(out.pages[0].markdown.startsWith("Revenue by quarter")).toBe(true);
  });

  it("a DOCX chart drawing (which mammoth drops) becomes its table where it stands; in a table cell, its title", async () => {
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="x" Target="charts/chart1.xml"/></Relationships>`;
    const drawing = `<w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><a:graphic ${NS}><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId7"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
    const p = (inner: string) => `<w:p>${inner}</w:p>`;
    const t = (text: string) => `<w:r><w:t>${text}</w:t></w:r>`;
    const body = p(t("Before.")) + p(drawing) + p(t("After.")) + `<w:tbl><w:tr><w:tc>${p(t("Cell"))}</w:tc><w:tc>${p(drawing)}</w:tc></w:tr></w:tbl>`;
    const bytes = handmadeDocx(body, { "word/_rels/document.xml.rels": rels, "word/charts/chart1.xml": CHART });
    const out = await convertDocx({ bytes, path: "", filename: "x.docx", type: await detectType(bytes, "x.docx"), options: OPTIONS });
    const md = out.pages[0].markdown;
    expect(md).toContain("Before.\n\nRevenue by quarter\n\n|  | North | South |");
    expect(md).toContain("| Q3 | 3.5 | 1.8 |\n\nAfter.");
    expect(md).toContain("| Cell | Revenue by quarter |");
    expect(md).not.toContain("\uE010");
  });
});

describe("hostile chart references", () => {
  it("many chart references outside drawings stay linear and change nothing; a chart without its part leaves no marker", async () => {
    // Varied paragraphs, so that the ZIP is no bomb by its compression ratio.
    const junk = Array.from(
      { length: 20_000 },
      (_, i) =>
        `<w:p><w:r><w:t>w${(i * 7919) % 100_003} ${i.toString(36)}</w:t></w:r><w:r><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId${i}"/></w:r></w:p>`,
    ).join("");
    const orphan = `<w:p><w:r><w:drawing><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdNone"/></w:drawing></w:r></w:p>`;
    const bytes = handmadeDocx(`<w:p><w:r><w:t>Text</w:t></w:r></w:p>${orphan}${junk}`);
    const started = Date.now();
    const out = await convertDocx({ bytes, path: "", filename: "x.docx", type: await detectType(bytes, "x.docx"), options: OPTIONS });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out.pages[0].markdown.startsWith("Text")).toBe(true);
    expect(out.pages[0].markdown).not.toContain("\uE010");
  });
});
