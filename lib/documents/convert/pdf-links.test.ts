// Link annotations of a real PDF (built with pdf-lib) through the converter: Markdown links around the
// words they cover (issue 14).
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ConverterInput } from "@/lib/documents/types";
import { convertPdf } from "./pdf";

async function linkedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const size = 11;
  const before = "The source code is kept in the ";
  const word = "repository";
  const after = " of the project, next to its issue tracker.";
  page.drawText(before + word + after, { x: 72, y: 700, size, font });
  page.drawText("Write to the maintainers for anything else about the parser.", { x: 72, y: 680, size, font });
  const x0 = 72 + font.widthOfTextAtSize(before, size);
  const x1 = x0 + font.widthOfTextAtSize(word, size);
  const link = (rect: number[], uri: string) =>
    doc.context.register(doc.context.obj({ Type: "Annot", Subtype: "Link", Rect: rect, Border: [0, 0, 0], A: { S: "URI", URI: PDFString.of(uri) } }));
  const m0 = 72 + font.widthOfTextAtSize("Write to the ", size);
  const m1 = m0 + font.widthOfTextAtSize("maintainers", size);
  page.node.set(
    PDFName.of("Annots"),
    doc.context.obj([link([x0, 697, x1, 710], "https://example.org/parser"), link([m0, 677, m1, 690], "mailto:team@example.org")]),
  );
  return doc.save();
}

const input = (bytes: Uint8Array, links = true): ConverterInput => ({ path: "links.pdf", bytes, options: { ocr: "off", links } }) as ConverterInput;

describe("convertPdf with link annotations", () => {
  it("wraps the words under each link as a Markdown link, the rest of the line untouched", async () => {
    const out = await convertPdf(input(await linkedPdf()));
    expect(out.pages[0].markdown).toBe(
      [
        "The source code is kept in the [repository](https://example.org/parser) of the project, next to its issue tracker.",
        "Write to the [maintainers](mailto:team@example.org) for anything else about the parser.",
      ].join("\n\n"),
    );
  });

  it("reads no link annotations when links are not asked for: the words alone", async () => {
    const out = await convertPdf(input(await linkedPdf(), false));
    expect(out.pages[0].markdown).toBe(
      [
        "The source code is kept in the repository of the project, next to its issue tracker.",
        "Write to the maintainers for anything else about the parser.",
      ].join("\n\n"),
    );
  });
});
