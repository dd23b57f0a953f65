// ODF spans: bold/italic marks go inside the span's outer white space, in linear time.
import { describe, expect, it } from "vitest";
import { convertOdt } from "@/lib/documents/convert/odf";
import type { ParseOptions } from "@/lib/documents/types";
import { zipFiles } from "@/tests/helpers/zip-writer";

const OPTIONS: ParseOptions = { ocr: "auto", ocrLanguages: ["eng"] };
const NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"`;

async function odt(paragraph: string): Promise<string> {
  const content = `<?xml version="1.0"?><office:document-content ${NS}><office:automatic-styles><style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles><office:body><office:text><text:p>${paragraph}</text:p></office:text></office:body></office:document-content>`;
  const bytes = zipFiles({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": content });
  return (await convertOdt({ bytes, path: "", filename: "t.odt", type: { kind: "odt" } as never, options: OPTIONS })).pages[0].markdown;
}

describe("ODF bold spans", () => {
  it("puts the marks inside the span's outer spaces", async () => {
    expect(await odt(`Say<text:span text:style-name="B"> loud </text:span>now`)).toBe("Say **loud** now");
  });

  it("stays linear on a span with a long run of spaces inside", async () => {
    const started = Date.now();
    const md = await odt(`<text:span text:style-name="B">a${" ".repeat(60_000)}b</text:span>`);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(md.startsWith("**a")).toBe(true);
  });
});
