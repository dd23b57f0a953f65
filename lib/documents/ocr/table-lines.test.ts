import { describe, expect, it } from "vitest";
import { parsePgmHeader, prepareOcrImage } from "./prepare-image";
import { detectRules, tableGrids } from "./table-lines";
import { textImage } from "./test-fixtures";
import { invoiceImage } from "./test-scans";

async function grids(image: Buffer) {
  const p = await prepareOcrImage(image);
  const h = parsePgmHeader(p.pgm)!;
  return tableGrids(detectRules(p.pgm, h.width, h.height, h.offset), h.height);
}

describe("ruling lines → table grids", () => {
  // The invoice's table: x 70…923, columns at 470, 620, 780; rows every 44 px from y 326.
  it("finds the ruled table of a scanned invoice with its column and row boundaries", async () => {
    const [grid, ...more] = await grids(await invoiceImage());
    expect(more).toEqual([]);
    expect(grid.box.x0).toBeCloseTo(70, -1);
    expect(grid.box.x1).toBeCloseTo(923, -1);
    expect(grid.cols.map((c) => Math.round(c.x / 10) * 10)).toEqual([470, 620, 780]);
    expect(grid.rows).toHaveLength(3);
  });

  it("follows skewed rules and ignores paper noise", async () => {
    const found = await grids(await invoiceImage({ skew: 0.8, noise: 25 }));
    expect(found).toHaveLength(1);
    expect(found[0].cols).toHaveLength(3);
    expect(found[0].rows).toHaveLength(3);
  });

  it("keeps the column rules of a shaded header row apart from the shading", async () => {
    const found = await grids(await invoiceImage({ shadedHeader: true }));
    expect(found).toHaveLength(1);
    expect(found[0].cols).toHaveLength(3);
  });

  it("finds no table on a page of plain text (letters are not rules)", async () => {
    const page = await textImage(
      [
        ["Bold lines, long words: Illinois Mississippi ||| lllll IIIII", "Another line of ordinary text here"],
        ["A paragraph with underscores ____ and dashes ------ in it"],
      ],
      { heading: "HEADING WITH CAPITALS" },
    );
    expect(await grids(page)).toEqual([]);
  });
});
