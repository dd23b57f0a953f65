import { describe, expect, it } from "vitest";
import { type TextWord, textTables } from "./text-tables";

/** Words of one line: [text, x0] pairs at y, 10 px per character, 20 px tall. */
function line(y: number, ...cells: [string, number][]): TextWord[] {
  const out: TextWord[] = [];
  for (const [text, x] of cells) {
    let at = x;
    for (const w of text.split(" ")) {
      out.push({ text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } });
      at += 10 * w.length + 6;
    }
  }
  return out;
}

describe("unruled tables: a header over two or more columns", () => {
  it("keeps the columns under a spanning header apart and repeats the header over them", () => {
    // "Fused aluminum oxide" over 2009 | 2010, "Silicon carbide" over 2009 | 2010 (a USGS summary)
    const words = [
      ...line(0, ["Fused aluminum oxide", 400], ["Silicon carbide", 900]),
      ...line(30, ["2009", 420], ["2010", 560], ["2009", 900], ["2010", 1040]),
      ...line(60, ["United States", 100], ["60,400", 400], ["60,400", 540], ["42,600", 880], ["42,600", 1020]),
      ...line(90, ["Brazil", 100], ["50,000", 400], ["50,000", 540], ["43,000", 880], ["43,000", 1020]),
      ...line(120, ["China", 100], ["700,000", 390], ["700,000", 530], ["455,000", 870], ["455,000", 1010]),
    ];
    const [t, ...more] = textTables(words);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["", "Fused aluminum oxide", "Fused aluminum oxide", "Silicon carbide", "Silicon carbide"],
      ["", "2009", "2010", "2009", "2010"],
      ["United States", "60,400", "60,400", "42,600", "42,600"],
      ["Brazil", "50,000", "50,000", "43,000", "43,000"],
      ["China", "700,000", "700,000", "455,000", "455,000"],
    ]);
  });

  it("does not span a list item over the bullet and the text of an indented item below it", () => {
    const words = [
      ...line(0, ["eo", 100], ["List item 1", 160]),
      ...line(30, ["eo", 100], ["List item 2", 160]),
      ...line(60, ["eo", 100], ["List item 3", 160]),
      ...line(90, ["o", 160], ["List item 3.1", 220]),
      ...line(120, ["o", 160], ["List item 3.2", 220]),
    ];
    for (const t of textTables(words)) expect(t.rows.flat()).not.toContain("List item 2");
  });
});
