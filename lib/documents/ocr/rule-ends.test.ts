import { describe, expect, it } from "vitest";
import { type CellWord, tableCells } from "./table-cells";
import type { Rule, TableGrid } from "./table-lines";

const h = (y: number, x0: number, x1: number): Rule => ({ dir: "h", x0, x1, y0: y - 1, y1: y + 1 });
const v = (x: number, y0: number, y1: number): Rule => ({ dir: "v", x0: x - 1, x1: x + 1, y0, y1 });

/** Words of a cell text at (x, y), 10 px per character, 20 px tall. */
function words(text: string, x: number, y: number): CellWord[] {
  let at = x;
  return text.split(" ").map((w) => {
    const word = { text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } };
    at += 10 * w.length + 6;
    return word;
  });
}

describe("column rules under a shaded header spanning the columns", () => {
  // Columns at 400 and 600 whose rules were found from the top of the header's grey band (y 4), through the
  // words of "THRESHOLD FOR RELEASES" (x 395…607, over all three value columns), down to the bottom.
  const hRules = [h(0, 0, 800), h(40, 200, 800), h(100, 0, 800), h(140, 0, 800), h(180, 0, 800)];
  const grid: TableGrid = {
    box: { x0: 0, y0: 0, x1: 800, y1: 180 },
    cols: [
      { x: 200, rules: [v(200, 0, 180)] },
      { x: 400, rules: [v(400, 4, 180)] },
      { x: 600, rules: [v(600, 4, 180)] },
    ],
    rows: [40, 100, 140],
    rowRules: hRules,
  };
  const ws = [
    ...words("THRESHOLD FOR RELEASES", 395, 10),
    ...words("to air", 250, 50),
    ...words("to water", 450, 50),
    ...words("to land", 650, 50),
    ...words("Arsenic", 20, 110),
    ...words("20", 250, 110),
    ...words("5", 450, 110),
    ...words("5", 650, 110),
    ...words("Cadmium", 20, 150),
    ...words("10", 250, 150),
    ...words("5", 450, 150),
    ...words("1", 650, 150),
  ];

  it("keeps the rules as column borders below the header's words, the header repeated over its columns", () => {
    expect(tableCells(grid, ws)).toEqual([
      ["", "THRESHOLD FOR RELEASES", "THRESHOLD FOR RELEASES", "THRESHOLD FOR RELEASES"],
      ["", "to air", "to water", "to land"],
      ["Arsenic", "20", "5", "5"],
      ["Cadmium", "10", "5", "1"],
    ]);
  });

  it("does not split a header word at a rule that begins below it", () => {
    // "THRESHOLD" over x 360…450, its characters known; the rule at 400 runs from under the header down
    const word: CellWord = {
      text: "THRESHOLD",
      bbox: { x0: 360, y0: 10, x1: 450, y1: 30 },
      symbols: [..."THRESHOLD"].map((ch, i) => ({ text: ch, bbox: { x0: 360 + 10 * i, y0: 10, x1: 369 + 10 * i, y1: 30 } })),
    };
    const below: TableGrid = {
      ...grid,
      cols: [
        { x: 200, rules: [v(200, 0, 180)] },
        { x: 400, rules: [v(400, 31, 180)] },
      ],
    };
    const rows = tableCells(below, [word, ...ws.filter((w) => w.bbox.y0 > 40)])!;
    expect(rows[0].join(" ")).toContain("THRESHOLD");
  });
});
