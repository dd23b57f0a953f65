// Right-to-left lines read from their right end (tesseract lists a line's words as they stand, left to right).
import { describe, expect, it } from "vitest";
import { ocrLayoutToMarkdown } from "./layout-markdown";
import { inReadingOrder, lineText } from "./reading-order";
import { textTables } from "./text-tables";

const word = (text: string, x0: number, y0 = 100) => ({ text, confidence: 90, bbox: { x0, y0, x1: x0 + 80, y1: y0 + 30 } });
const line = (...words: ReturnType<typeof word>[]) => ({
  words,
  confidence: 90,
  bbox: { x0: words[0].bbox.x0, y0: words[0].bbox.y0, x1: words[words.length - 1].bbox.x1, y1: words[0].bbox.y1 },
});

describe("right-to-left lines", () => {
  it("are read from the right: 'نام استاندارد ملی' set right to left on the page", () => {
    // On the page (left to right): ملی · استاندارد · نام
    const l = line(word("ملی", 100), word("استاندارد", 200), word("نام", 300));
    expect(inReadingOrder(l.words).map((w) => w.text)).toEqual(["نام", "استاندارد", "ملی"]);
    const out = ocrLayoutToMarkdown([{ paragraphs: [{ lines: [l], bbox: l.bbox, confidence: 90 }] }], 1);
    expect(out.markdown).toBe("نام استاندارد ملی");
  });

  it("keep left-to-right lines, and lines mostly left to right with a right-to-left word, as they stand", () => {
    expect(inReadingOrder([word("Total", 100), word("20300", 200)]).map((w) => w.text)).toEqual(["Total", "20300"]);
    expect(inReadingOrder([word("Code", 100), word("ملی", 200), word("A1", 300)]).map((w) => w.text)).toEqual(["Code", "ملی", "A1"]);
  });

  it("join the words of a right-to-left table cell from the right, and read its columns from the right", () => {
    // Two columns drawn left to right: value | label; each cell's words set right to left.
    const row = (y: number, value: string[], label: string[]) => [
      ...value.map((t, k) => word(t, 100 + 90 * k, y)),
      ...label.map((t, k) => word(t, 700 + 90 * k, y)),
    ];
    const words = [
      ...row(100, ["ايران", "سازمان"], ["مرجع", "نام"]),
      ...row(160, ["20300"], ["ملی", "شماره"]),
      ...row(220, ["436"], ["جلسه", "شماره"]),
      ...row(280, ["1403"], ["پذيرش", "تاريخ"]),
    ];
    expect(lineText(words.slice(0, 2))).toBe("سازمان ايران");
    const [t] = textTables(words);
    expect(t.rows).toEqual([
      ["سازمان ايران", "نام مرجع"],
      ["20300", "شماره ملی"],
      ["436", "شماره جلسه"],
      ["1403", "تاريخ پذيرش"],
    ]);
  });
});
