// Numbered headings in DOCX: the number Word shows before a heading ("2.1", "Article II") is written before its
// text; lists sharing the headings' numbering advance it; bullets and numId 0 add nothing.
import { describe, expect, it } from "vitest";
import { convertDocx, replacePPr } from "@/lib/documents/convert/docx";
import { formatNumber } from "@/lib/documents/convert/docx-numbering";
import { detectType } from "@/lib/documents/detect";
import type { ParseOptions } from "@/lib/documents/types";
import { handmadeDocx, W } from "@/tests/helpers/docx-writer";

const OPTIONS: ParseOptions = { ocr: "auto", ocrLanguages: ["eng"] };
const lvl = (i: number, format: string, text: string, start = 1) =>
  `<w:lvl w:ilvl="${i}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
const NUMBERING = `<?xml version="1.0"?><w:numbering ${W}>
<w:abstractNum w:abstractNumId="0">${lvl(0, "decimal", "%1.")}${lvl(1, "decimal", "%1.%2")}${lvl(2, "lowerLetter", "(%3)")}</w:abstractNum>
<w:abstractNum w:abstractNumId="1">${lvl(0, "upperRoman", "Article %1")}</w:abstractNum>
<w:abstractNum w:abstractNumId="2">${lvl(0, "bullet", "•")}</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num></w:numbering>`;
const style = (id: string, name: string, numPr = "") =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:pPr>${numPr}</w:pPr></w:style>`;
const numPr = (numId: number, ilvl?: number) =>
  `<w:numPr>${ilvl === undefined ? "" : `<w:ilvl w:val="${ilvl}"/>`}<w:numId w:val="${numId}"/></w:numPr>`;
const STYLES = `<?xml version="1.0"?><w:styles ${W}>${style("Heading1", "heading 1", numPr(1, 0))}${style("Heading2", "heading 2", numPr(1, 1))}${style("Heading3", "heading 3")}</w:styles>`;
const para = (text: string, pPr = "") => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ""}<w:r><w:t>${text}</w:t></w:r></w:p>`;
const h = (level: number, text: string, extra = "") => para(text, `<w:pStyle w:val="Heading${level}"/>${extra}`);

async function markdown(body: string, parts: Record<string, string>): Promise<string> {
  const bytes = handmadeDocx(body, parts);
  const out = await convertDocx({ bytes, path: "", filename: "x.docx", type: await detectType(bytes, "x.docx"), options: OPTIONS });
  return out.pages.map((p) => p.markdown).join("\n\n");
}

describe("numbered headings", () => {
  it("writes Word's number before each numbered heading, levels restarting under a new parent", async () => {
    const body = [
      h(1, "Scope"),
      h(2, "Terms"),
      h(2, "Symbols"),
      h(1, "Requirements"),
      h(2, "General"),
      para("Shared item", numPr(1, 1)),
      h(2, "Detail"),
      h(3, "Sub detail", numPr(1, 2)),
      h(1, "Final", numPr(2, 0)),
      h(1, "Unnumbered", numPr(0, 0)),
      h(3, "Bulleted", numPr(3, 0)),
    ].join("");
    const md = await markdown(body, { "word/numbering.xml": NUMBERING, "word/styles.xml": STYLES });
    const headings = md.split("\n").filter((line) => line.startsWith("#"));
    expect(headings).toEqual([
      "# 1. Scope",
      "## 1.1 Terms",
      "## 1.2 Symbols",
      "# 2. Requirements",
      "## 2.1 General",
      "## 2.3 Detail",
      "### (a) Sub detail",
      "# Article I Final",
      "# Unnumbered",
      "### Bulleted",
    ]);
    expect(md).toContain("Shared item");
  });

  it("leaves numbered paragraphs of other styles to the list they are (no number written twice)", async () => {
    const styles = STYLES.replace(
      "</w:styles>",
      `<w:style w:type="paragraph" w:styleId="Outline"><w:name w:val="Outline"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style></w:styles>`,
    );
    const md = await markdown(para("Listed", `<w:pStyle w:val="Outline"/>${numPr(1, 0)}`) + h(1, "Next"), {
      "word/numbering.xml": NUMBERING,
      "word/styles.xml": styles,
    });
    expect(md).toBe("1. Listed\n\n# 2. Next");
  });

  it("adds nothing without a numbering part", async () => {
    expect(await markdown(h(1, "Scope"), { "word/styles.xml": STYLES })).toBe("# Scope");
  });

  it("formats counters like Word", () => {
    expect([4, 9, 14, 1994].map((n) => formatNumber(n, "upperRoman"))).toEqual(["IV", "IX", "XIV", "MCMXCIV"]);
    expect(formatNumber(3, "lowerRoman")).toBe("iii");
    expect([1, 26, 27, 28].map((n) => formatNumber(n, "upperLetter"))).toEqual(["A", "Z", "AA", "BB"]);
    expect(formatNumber(7, "decimalZero")).toBe("07");
    expect(formatNumber(12, "ordinalText")).toBe("12");
  });
});

describe("paragraph properties scan", () => {
  it("replaces each <w:pPr>…</w:pPr> like the pattern did, and stays linear on unclosed properties", () => {
    const xml = `<w:p><w:pPr><w:pStyle w:val="A"/></w:pPr></w:p><w:p><w:pPr/></w:p><w:p><w:pPr w:x="1"><w:pPrChange><w:pPr>old</w:pPr></w:pPrChange></w:pPr></w:p>`;
    const pattern = /<w:pPr(?:\s[^>]*)?>(?:(?!<\/w:pPr>)[\s\S])*<\/w:pPr>/g;
    expect(replacePPr(xml, (p) => `[${p}]`)).toBe(xml.replace(pattern, (p) => `[${p}]`));
    const hostile = "<w:p><w:pPr><w:r><w:t>x</w:t></w:r></w:p>".repeat(30_000);
    const started = Date.now();
    expect(replacePPr(hostile, (p) => `[${p}]`)).toBe(hostile);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
