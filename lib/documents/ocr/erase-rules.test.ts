import { describe, expect, it } from "vitest";
import { erasableRules, eraseTableRules, findTables, MAX_ERASED_THICKNESS } from "./erase-rules";
import { parsePgmHeader, prepareOcrImage } from "./prepare-image";
import type { Rule, TableGrid } from "./table-lines";
import { invoiceImage } from "./test-scans";

const darkPixels = (pgm: Buffer, x0: number, y0: number, x1: number, y1: number) => {
  const h = parsePgmHeader(pgm)!;
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (pgm[h.offset + y * h.width + x] < 128) n++;
  return n;
};

describe("table rules painted out before recognition", () => {
  it("paints the grid's rules in the paper's colour and keeps the cells' text and the page outside the table", async () => {
    const prepared = await prepareOcrImage(await invoiceImage({ format: "png" }));
    const { rules, grids } = findTables(prepared);
    const image = eraseTableRules(prepared, rules, grids);
    expect(grids).toHaveLength(1);
    const { box } = grids[0];
    expect(image.pgm).not.toBe(prepared.pgm);
    expect(image).toMatchObject({ width: prepared.width, height: prepared.height, scale: prepared.scale });
    // the table's top rule runs along the box's top edge: gone
    expect(darkPixels(prepared.pgm, box.x0 + 20, box.y0 - 1, box.x1 - 20, box.y0 + 3)).toBeGreaterThan(500);
    expect(darkPixels(image.pgm, box.x0 + 20, box.y0 - 1, box.x1 - 20, box.y0 + 3)).toBe(0);
    // the cells' letters stay, and so does everything above the table (the heading)
    const cell = [box.x0 + 6, grids[0].rows[0] + 6, grids[0].cols[0].x - 6, grids[0].rows[1] - 6] as const; // "Assembly kit, steel"
    expect(darkPixels(prepared.pgm, ...cell)).toBeGreaterThan(200);
    expect(darkPixels(image.pgm, ...cell)).toBe(darkPixels(prepared.pgm, ...cell));
    expect(darkPixels(image.pgm, 0, 0, prepared.width, box.y0 - 10)).toBe(darkPixels(prepared.pgm, 0, 0, prepared.width, box.y0 - 10));
  });

  it("leaves a page without a table grid as it is", async () => {
    const prepared = await prepareOcrImage(await invoiceImage({ format: "png" }));
    const h = parsePgmHeader(prepared.pgm)!;
    const blank = { ...prepared, pgm: Buffer.concat([prepared.pgm.subarray(0, h.offset), Buffer.alloc(h.width * h.height, 255)]) };
    expect(findTables(blank)).toEqual({ rules: [], grids: [] });
    expect(eraseTableRules(blank, [], [])).toBe(blank);
  });

  it("paints only thin rules that belong to a grid (a rule's box on a skewed page holds the letters beside it)", () => {
    const grid: TableGrid = { box: { x0: 100, y0: 100, x1: 900, y1: 400 }, cols: [], rows: [] };
    const rule = (x0: number, y0: number, x1: number, y1: number, dir: "h" | "v" = "h"): Rule => ({ dir, x0, y0, x1, y1 });
    const thin = rule(100, 100, 900, 102);
    const drifting = rule(100, 200, 900, 200 + MAX_ERASED_THICKNESS);
    const vertical = rule(500, 100, 503, 400, "v");
    const elsewhere = rule(100, 600, 900, 602);
    expect(erasableRules([thin, drifting, vertical, elsewhere], [grid])).toEqual([thin, vertical]);
  });
});
