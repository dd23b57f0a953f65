import { describe, expect, it } from "vitest";
import { parsePgmHeader, prepareOcrImage } from "./prepare-image";
import { detectRules, type Rule, tableGrids } from "./table-lines";
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

  it("follows a thin rule on a skewed scan as one rule although its steps only touch end to end", () => {
    // a 1 px rule at 0.5° across a 1200 px page: steps of ~115 px, each one pixel row lower than the last
    const W = 1200;
    const H = 200;
    const gray = new Uint8Array(W * H).fill(255);
    for (let x = 100; x < 1100; x++) gray[(50 + Math.floor((x - 100) / 115)) * W + x] = 0;
    const rules = detectRules(gray, W, H).filter((r) => r.dir === "h");
    expect(rules).toHaveLength(1);
    expect(rules[0].x0).toBeLessThanOrEqual(101);
    expect(rules[0].x1).toBeGreaterThanOrEqual(1098);
  });

  it("finds a long column rule with the cell text set against it on both sides", () => {
    // a table of 30 rows 40 px high (y 100…1300), framed at x 100 and 1100, its column rule at x 600; in every
    // row "figures" set right against the rule on its left and "text" set left against it on its right
    // (glyph strokes 1–2 px from the rule, 18 px high), as in a spreadsheet export
    const W = 1200;
    const H = 1400;
    const gray = new Uint8Array(W * H).fill(255);
    const fill = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) gray.fill(0, y * W + x0, y * W + x1);
    };
    for (let y = 100; y <= 1300; y += 40) fill(100, y, 1101, y + 2);
    for (const x of [100, 599, 1099]) fill(x, 100, x + 2, 1302);
    for (let y = 100; y < 1300; y += 40) {
      for (let x = 594; x > 550; x -= 6) fill(x, y + 14, x + 3, y + 32);
      for (let x = 602; x < 640; x += 6) fill(x, y + 14, x + 3, y + 32);
    }
    const [grid, ...more] = tableGrids(detectRules(gray, W, H), H);
    expect(more).toEqual([]);
    expect(grid.cols.map((c) => Math.round(c.x))).toEqual([600]);
    expect(grid.rows).toHaveLength(29);
  });

  it("finds a long column rule with paper on one side and every row's text set hard against the other", () => {
    // as above, but the rule at x 600 has paper on its left and dates starting right at it on its right,
    // 30 of each row's 40 px inked (a spreadsheet export's date column); beside a picture's solid edge it is none
    const W = 1200;
    const H = 1400;
    const page = (rightOfRule: (fill: (x0: number, y0: number, x1: number, y1: number) => void) => void) => {
      const gray = new Uint8Array(W * H).fill(255);
      const fill = (x0: number, y0: number, x1: number, y1: number) => {
        for (let y = y0; y < y1; y++) gray.fill(0, y * W + x0, y * W + x1);
      };
      for (let y = 100; y <= 1300; y += 40) fill(100, y, 1101, y + 2);
      for (const x of [100, 599, 1099]) fill(x, 100, x + 2, 1302);
      rightOfRule(fill);
      return tableGrids(detectRules(gray, W, H), H);
    };
    const dates = page((fill) => {
      for (let y = 100; y < 1300; y += 40) for (let x = 602; x < 700; x += 5) fill(x, y + 6, x + 3, y + 36);
    });
    expect(dates).toHaveLength(1);
    expect(dates[0].cols.map((c) => Math.round(c.x))).toEqual([600]);
    const picture = page((fill) => fill(602, 102, 700, 1300));
    expect(picture.flatMap((g) => g.cols.map((c) => Math.round(c.x)))).not.toContain(600);
  });

  it("keeps a row rule that falls short of a box's sides as one of the box's rows", () => {
    const h = (y: number, x0: number, x1: number): Rule => ({ dir: "h", x0, x1, y0: y - 1, y1: y + 1 });
    const v = (x: number, y0: number, y1: number): Rule => ({ dir: "v", x0: x - 1, x1: x + 1, y0, y1 });
    // the rule at y 100 lost 25 px at each end (skewed, blurred scan): it crosses neither side
    const found = tableGrids([h(50, 100, 1100), h(100, 125, 1075), h(150, 100, 1100), h(400, 100, 1100), v(100, 50, 400), v(1100, 50, 400)], 1600);
    expect(found).toHaveLength(1);
    expect(found[0].rows.map(Math.round)).toEqual([100, 150]);
  });

  it("leaves a table nested in a cell out of the outer table's columns and rows", () => {
    const h = (y: number, x0: number, x1: number): Rule => ({ dir: "h", x0, x1, y0: y - 1, y1: y + 1 });
    const v = (x: number, y0: number, y1: number): Rule => ({ dir: "v", x0: x - 1, x1: x + 1, y0, y1 });
    // outer: framed 200…1500 × 100…400, one column rule at 850, rows at 140 and 180; nested: 215…835 ×
    // 180…270 (its top on the outer row rule) with columns at 420 and 630
    const outer = [h(100, 200, 1500), h(140, 200, 1500), h(180, 200, 1500), h(400, 200, 1500), v(200, 100, 400), v(850, 100, 400), v(1500, 100, 400)];
    const nested = [h(225, 215, 835), h(270, 215, 835), v(215, 180, 270), v(420, 180, 270), v(630, 180, 270), v(835, 180, 270)];
    const [grid, ...more] = tableGrids([...outer, ...nested], 1600);
    expect(more).toEqual([]);
    expect(grid.cols.map((c) => Math.round(c.x))).toEqual([850]);
    expect(grid.rows.map(Math.round)).toEqual([140, 180]);
    // a partial rule that ends on outer rules (a cell merged across rows) stays
    const merged = tableGrids([...outer, h(300, 850, 1500)], 1600)[0];
    expect(merged.rows.map(Math.round)).toEqual([140, 180, 300]);
  });

  it("finds a boxed table between two page-wide separator lines, not a table of the separators' rows", () => {
    const r = (dir: "h" | "v", x0: number, x1: number, y0: number, y1: number): Rule => ({ dir, x0, x1, y0, y1 });
    // (the rules found on a scanned E-PRTR page) separators at y 800 and 1155 (x 192…1463) under two section
    // titles; the table 264…1391 × 828…1093, a bold label's underline inside it
    const rules = [
      r("h", 192, 1463, 800, 803),
      ...[828, 864, 918, 948, 976, 1004, 1032, 1060, 1090].map((y) => r("h", 264, 1391, y, y + 3)),
      r("h", 192, 1463, 1154, 1157),
      r("v", 264, 267, 828, 1093),
      r("v", 714, 717, 828, 1093),
      r("v", 944, 947, 864, 1093),
      r("v", 1188, 1191, 864, 1093),
      r("v", 1388, 1391, 828, 1093),
      r("h", 280, 495, 1046, 1049),
      r("h", 264, 717, 1088, 1091),
    ];
    const found = tableGrids(rules, 2339);
    expect(found).toHaveLength(1);
    expect(found[0].box).toEqual({ x0: 264, y0: 828, x1: 1391, y1: 1093 });
    expect(found[0].cols.map((c) => Math.round(c.x))).toEqual([716, 946, 1190]);
  });
});
