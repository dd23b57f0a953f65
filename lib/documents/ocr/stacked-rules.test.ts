import { describe, expect, it } from "vitest";
import { type CellWord, tableCells } from "./table-cells";
import { type Rule, tableGrids } from "./table-lines";

const h = (y: number, x0: number, x1: number): Rule => ({ dir: "h", x0, x1, y0: y - 2, y1: y + 2 });

/** Words of a line at (x, y), 10 px per character, 20 px tall. */
function line(cells: [string, number][], y: number): CellWord[] {
  return cells.flatMap(([text, x]) => {
    let at = x;
    return text.split(" ").map((w) => {
      const word = { text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } };
      at += 10 * w.length + 6;
      return word;
    });
  });
}

describe("tables ruled at the top, under the header and at the bottom (booktabs)", () => {
  // A page 1700 × 2200: top rule 582, a partial rule under a spanning header 618, the header's rule 686, the
  // bottom rule 1782 (1096 px below: half the page), an underlined link in the notes at 1852.
  const rules = [h(140, 196, 1505), h(582, 200, 1501), h(618, 928, 1501), h(686, 200, 1501), h(1782, 200, 1501), h(1852, 938, 1347)];

  it("takes the body between the header rule and the far bottom rule into one grid, not the notes below", () => {
    const [grid, ...more] = tableGrids(rules, 2200);
    expect(more).toEqual([]);
    expect(grid.box).toMatchObject({ x0: 200, y0: 580, x1: 1501, y1: 1784 });
    expect(grid.rows.map(Math.round)).toEqual([618, 686]);
  });

  it("leaves a running head's rule over the caption out of the table, and a short rule in the body (a dash) does not close it", () => {
    const page = [h(400, 196, 1505), h(582, 200, 1501), h(686, 200, 1501), h(1200, 380, 521), h(1782, 200, 1501)];
    const [grid, ...more] = tableGrids(page, 2200);
    expect(more).toEqual([]);
    expect(grid.box).toMatchObject({ x0: 200, y0: 580, x1: 1501, y1: 1784 });
  });

  it("does not join rules with other rules between them (underlined links in a list of references)", () => {
    const links = [h(334, 256, 700), h(468, 256, 700), h(900, 256, 420), h(1912, 256, 700)];
    expect(tableGrids(links, 2339)).toEqual([]);
  });

  // (a header cell that no partial rule closes off repeats over the header's rows)
  it("reads the open body's lines as rows of their own while the header's bands stay one row each", () => {
    const [grid] = tableGrids(rules, 2200);
    const ws = [
      ...line([["Amount borrowed", 1060]], 594),
      ...line(
        [
          ["Characteristic", 207],
          ["Percent", 700],
          ["Less", 1000],
          ["More", 1300],
        ],
        650,
      ),
      ...line(
        [
          ["Total", 242],
          ["44.8", 722],
          ["23.2", 1000],
          ["10.3", 1300],
        ],
        720,
      ),
      ...line(
        [
          ["Public 4-year", 221],
          ["44.4", 722],
          ["25.5", 1000],
          ["10.2", 1300],
        ],
        770,
      ),
      ...line(
        [
          ["Private 4-year", 221],
          ["40.0", 722],
          ["27.3", 1000],
          ["11.3", 1300],
        ],
        820,
      ),
      ...line(
        [
          ["Other", 221],
          ["46.5", 722],
          ["24.7", 1000],
          ["9.7", 1300],
        ],
        870,
      ),
      ...line(
        [
          ["Education", 221],
          ["45.9", 722],
          ["20.3", 1000],
          ["10.3", 1300],
        ],
        920,
      ),
      ...line(
        [
          ["Business", 221],
          ["46.1", 722],
          ["24.8", 1000],
          ["8.9", 1300],
        ],
        970,
      ),
    ];
    const rows = tableCells(grid, ws)!;
    expect(rows.map((r) => r[0])).toEqual([
      "Characteristic",
      "Characteristic",
      "Total",
      "Public 4-year",
      "Private 4-year",
      "Other",
      "Education",
      "Business",
    ]);
    expect(rows[3]).toEqual(["Public 4-year", "44.4", "25.5", "10.2"]);
  });
});
