// Charts embedded in ODF documents (draw:object → "Object N/content.xml"): the chart's title and its local data
// table where the chart stands.
import { describe, expect, it } from "vitest";
import { convertOdt } from "@/lib/documents/convert/odf";
import type { ParseOptions } from "@/lib/documents/types";
import { zipFiles } from "@/tests/helpers/zip-writer";

const OPTIONS: ParseOptions = { ocr: "auto", ocrLanguages: ["eng"] };
const NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"`;
const cell = (text: string) => `<table:table-cell><text:p>${text}</text:p></table:table-cell>`;
const row = (cells: string[]) => `<table:table-row>${cells.map(cell).join("")}</table:table-row>`;
const CHART = `<?xml version="1.0"?><office:document-content ${NS}><office:body><office:chart><chart:chart chart:class="chart:bar"><chart:title><text:p>Sales</text:p></chart:title><chart:plot-area/>
<table:table table:name="local-table"><table:table-header-rows>${row(["", "2024", "2025"])}</table:table-header-rows><table:table-rows>${row(["North", "9.1", "3.2"])}${row(["South", "2.4", "8.8"])}</table:table-rows></table:table></chart:chart></office:chart></office:body></office:document-content>`;

describe("ODF charts", () => {
  it("an embedded chart object is its title and data table, in document order", async () => {
    const content = `<?xml version="1.0"?><office:document-content ${NS}><office:body><office:text><text:p>Before.</text:p>
<text:p><draw:frame draw:name="Object1"><draw:object xlink:href="./Object 1"/><draw:image xlink:href="./ObjectReplacements/Object 1"/></draw:frame></text:p><text:p>After.</text:p>
<text:p><draw:frame><draw:object xlink:href="./Missing"/></draw:frame></text:p></office:text></office:body></office:document-content>`;
    const bytes = zipFiles({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": content, "Object 1/content.xml": CHART });
    const out = await convertOdt({ bytes, path: "", filename: "t.odt", type: { kind: "odt" } as never, options: OPTIONS });
    expect(out.pages[0].markdown).toBe(
      ["Before.", "Sales", "|  | 2024 | 2025 |\n| --- | --- | --- |\n| North | 9.1 | 3.2 |\n| South | 2.4 | 8.8 |", "After."].join("\n\n"),
    );
  });
});
