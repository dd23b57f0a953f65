import { describe, expect, it } from "vitest";
import { withoutFrameText } from "./table-frame";
import type { Rule, TableGrid } from "./table-lines";

const h = (y: number): Rule => ({ dir: "h", x0: 0, x1: 900, y0: y - 1, y1: y + 1 });
const v = (x: number, y0: number, y1: number): Rule => ({ dir: "v", x0: x - 1, x1: x + 1, y0, y1 });

/** Words of a line at (x, y), 10 px per character, 20 px tall. */
function line(text: string, x: number, y: number) {
  let at = x;
  return text.split(" ").map((w) => {
    const word = { text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } };
    at += 10 * w.length + 6;
    return word;
  });
}

describe("a frame around a table, its caption and its notes", () => {
  // Frame 0…400; caption band 0…100, the table's rows 100…300 (column rules at 400 and 650), notes 300…400.
  const grid: TableGrid = {
    box: { x0: 0, y0: 0, x1: 900, y1: 400 },
    cols: [
      { x: 400, rules: [v(400, 100, 300)] },
      { x: 650, rules: [v(650, 100, 300)] },
    ],
    rows: [100, 200, 300],
    rowRules: [h(0), h(100), h(200), h(300), h(400)],
  };
  const table = [
    ...line("Designation", 20, 140),
    ...line("Identified", 420, 140),
    ...line("Not identified", 670, 140),
    ...line("Low-performing", 20, 240),
    ...line("34%", 420, 240),
    ...line("3%", 670, 240),
  ];

  it("cuts the caption's and the notes' bands of prose off the grid", () => {
    const words = [
      ...line("Exhibit 19 Percentage of Schools Identified and Not Identified for Improvement", 20, 30),
      ...table,
      ...line("Note: Analysis includes principal survey respondents in 2006-07 schools", 20, 340),
    ];
    const cut = withoutFrameText(grid, words);
    expect(cut.box).toMatchObject({ y0: 100, y1: 300 });
    expect(cut.rows).toEqual([200]);
  });

  it("keeps a short header spanning every column as a row", () => {
    const words = [...line("Assignment Categories", 350, 30), ...table];
    expect(withoutFrameText(grid, words)).toBe(grid);
  });
});
