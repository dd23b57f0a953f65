import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Tables of figures set at line pitch (statistical reports): a header cell's wrapped lines are as far apart
// as the body rows, so spacing cannot group them; their alignment does (issue 14, born-digital tables).

const SIZE = 9;
const PITCH = 11;
/** A piece of text right-aligned on x1, like a header or figure in a column of numbers. */
const right = (text: string, x1: number, top: number) => item(text, x1 - text.length * SIZE * 0.5, top, SIZE);
const COLUMN_ENDS = [250, 330, 410];

function table(header: (string | null)[][]) {
  const body = [
    ["Austria", "100", "5", "98"],
    ["Belgium", "100", "6", "82"],
    ["Canada", "100", "10", "94"],
    ["Denmark", "100", "7", "95"],
  ];
  const rows = [...header, ...body];
  return [
    ...lines(["Coverage of the target population and participation rates, by country."], 72, 60),
    ...rows.flatMap((cells, k) => {
      const top = 90 + PITCH * k;
      return cells.flatMap((t, c) => (t === null ? [] : c === 0 ? [item(t, 72, top, SIZE)] : [right(t, COLUMN_ENDS[c - 1], top)]));
    }),
    ...lines(["A paragraph of ordinary body text follows the table on this page."], 72, 90 + PITCH * rows.length + 30),
  ];
}

describe("wrapped header lines of a dense table of figures", () => {
  it("joins the lines of each header cell into one header row", () => {
    const out = md(
      table([
        [null, "Percentage of", null, "Combined"],
        [null, "desired", "National", "school and"],
        ["Country", "coverage", "exclusion", "student rate"],
      ]),
    );
    expect(out.split("\n\n")[1].split("\n").slice(0, 3)).toEqual([
      "| Country | Percentage of desired coverage | National exclusion | Combined school and student rate |",
      "| --- | --- | --- | --- |",
      "| Austria | 100 | 5 | 98 |",
    ]);
  });

  it("keeps a line with a label centred over two columns as a row of its own", () => {
    const centred = "Participation";
    const mid = (COLUMN_ENDS[0] + 30 + COLUMN_ENDS[2]) / 2 - (centred.length * SIZE * 0.5) / 2;
    const out = md([
      ...table([
        [null, "Percentage of", null, null],
        [null, "desired", "National", "Combined"],
        ["Country", "coverage", "exclusion", "rate"],
      ]),
      item(centred, mid, 90, SIZE),
    ]);
    const rows = out.split("\n\n")[1].split("\n");
    expect(rows[0]).toBe("|  | Percentage of | Participation |  |");
    expect(rows[2]).toBe("| Country | desired coverage | National exclusion | Combined rate |");
  });
});
