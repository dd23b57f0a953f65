import { describe, expect, it } from "vitest";
import type { CellWord } from "./table-cells";
import { tableWithHeader } from "./table-header";
import type { Rule, TableGrid } from "./table-lines";

const h = (y: number): Rule => ({ dir: "h", x0: 0, x1: 1000, y0: y - 2, y1: y + 2 });

/** Words of a text at (x, y), 10 px per character, 20 px tall. */
function words(text: string, x: number, y: number): CellWord[] {
  const out: CellWord[] = [];
  let at = x;
  for (const w of text.split(" ")) {
    out.push({ text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } });
    at += 10 * w.length + 6;
  }
  return out;
}

// A table ruled only below its header (a thick rule under it, thin ones between the rows): the grid found in
// the pixels starts at the rule under the header.
const grid: TableGrid = { box: { x0: 0, y0: 100, x1: 1000, y1: 340 }, cols: [], rows: [180, 260], rowRules: [h(100), h(180), h(260), h(340)] };
const body = [
  ...words("Leaves", 200, 130),
  ...words("Ash, Elm, Maple", 370, 130),
  ...words("50", 700, 130),
  ...words("Berries", 200, 210),
  ...words("Blueberry, Cranberry", 370, 210),
  ...words("150", 700, 210),
  ...words("Grain", 200, 290),
  ...words("Corn, Barley", 370, 290),
  ...words("200", 700, 290),
];
const inBox = (all: CellWord[]) => (box: TableGrid["box"]) =>
  all.filter((w) => {
    const cx = (w.bbox.x0 + w.bbox.x1) / 2;
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
  });
const bodyRows = [
  ["Leaves", "Ash, Elm, Maple", "50"],
  ["Berries", "Blueberry, Cranberry", "150"],
  ["Grain", "Corn, Barley", "200"],
];

describe("header row above a table's top rule", () => {
  it("takes a wrapped header directly above the top rule into the table as its first row", () => {
    const page = [...words("Food", 370, 40), ...words("Calories per", 700, 40), ...words("portion", 700, 66), ...body];
    const t = tableWithHeader(grid, inBox(page));
    expect(t?.rows).toEqual([["", "Food", "Calories per portion"], ...bodyRows]);
    expect(t?.grid.box.y0).toBeLessThan(40);
  });

  it("leaves a caption or a paragraph above the table as text", () => {
    const caption = [...words("Table 1: What a respectful duck could eat and how many calories it gets", 10, 66), ...body];
    expect(tableWithHeader(grid, inBox(caption))).toEqual({ grid, rows: bodyRows });
    // a header line too far above the rule is not the table's
    const far = [...words("Food", 370, 20), ...words("Calories", 700, 20), ...body];
    expect(tableWithHeader(grid, inBox(far))?.rows).toEqual(bodyRows);
  });

  it("leaves a caption above a grid ruled into columns as text, and a boxed grid's header inside it", () => {
    const v = (x: number, y0: number): Rule => ({ dir: "v", x0: x - 1, x1: x + 1, y0, y1: 340 });
    // columns ruled below the top rule only: the caption's words would fall into the columns without changing them
    const ruled: TableGrid = {
      ...grid,
      cols: [
        { x: 350, rules: [v(350, 120)] },
        { x: 680, rules: [v(680, 120)] },
      ],
    };
    const caption = [...words("A non-uniform table with horizontal spans", 10, 66), ...body];
    expect(tableWithHeader(ruled, inBox(caption))?.rows).toEqual(bodyRows);
    // boxed: the column rules reach the top rule
    const boxed: TableGrid = {
      ...grid,
      cols: [
        { x: 350, rules: [v(350, 100)] },
        { x: 680, rules: [v(680, 100)] },
      ],
    };
    const header = [...words("Food", 370, 66), ...words("Calories", 700, 66), ...body];
    expect(tableWithHeader(boxed, inBox(header))?.rows).toEqual(bodyRows);
  });
});
