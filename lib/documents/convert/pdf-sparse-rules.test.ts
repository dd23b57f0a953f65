// A ruled table whose cells are mostly empty (pictures the text layer does not hold, a form's blank answers)
// shows nothing of a table in its text: on a page of a few lines, the ruling lines are read anyway (issue 14).
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ConverterInput } from "@/lib/documents/types";
import { convertPdf } from "./pdf";

async function ruledPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const line = (x0: number, y0: number, x1: number, y1: number) => page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.5 });
  // Two rows, two columns; the right-hand cells hold equations drawn as pictures (nothing in the text layer).
  for (const y of [770, 745, 720]) line(85, y, 510, y);
  for (const x of [85, 227, 510]) line(x, 770, x, 720);
  page.drawText("The next cell has an equation", { x: 88, y: 754, size: 10, font });
  page.drawText("The next cell has another", { x: 88, y: 733, size: 10, font });
  page.drawText("equation", { x: 88, y: 723, size: 10, font });
  return doc.save();
}

const input = (bytes: Uint8Array): ConverterInput => ({ path: "ruled.pdf", bytes, options: { ocr: "off" } }) as ConverterInput;

describe("convertPdf on a page of a few lines with a ruled table", () => {
  it("reads the table from its rules although its text is one column of lines", async () => {
    const out = await convertPdf(input(await ruledPdf()));
    expect(out.pages[0].markdown).toBe(
      ["| The next cell has an equation |  |", "| --- | --- |", "| The next cell has another equation |  |"].join("\n"),
    );
  });
});
