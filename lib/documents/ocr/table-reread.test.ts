import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { findTables } from "./erase-rules";
import { ocrImage, shutdownOcr } from "./index";
import type { Recognition } from "./native-tesseract";
import { parsePgmHeader, prepareOcrImage } from "./prepare-image";
import type { TableGrid } from "./table-lines";
import {
  darkCells,
  gridCells,
  needsTableReread,
  readAcrossRules,
  rereadTables,
  straddledRows,
  TABLE_PSM,
  tableCrop,
  unreadCells,
  withTableReading,
} from "./table-reread";
import type { TBlock } from "./tesseract-blocks";
import { invoiceImage, LETTER_TABLE, letterTableImage } from "./test-scans";

afterAll(() => shutdownOcr());

type Box = { x0: number; y0: number; x1: number; y1: number };
const word = (text: string, bbox: Box, confidence = 90) => ({ text, confidence, bbox, symbols: null });
/** A reading of the given words, one line each. */
const reading = (...words: ReturnType<typeof word>[]): Recognition => ({
  confidence: 90,
  blocks: [
    {
      paragraphs: [
        {
          bbox: words[0]?.bbox ?? { x0: 0, y0: 0, x1: 0, y1: 0 },
          confidence: 90,
          lines: words.map((w) => ({ bbox: w.bbox, confidence: 90, words: [w] })),
        },
      ],
    },
  ] as TBlock[],
});
const texts = (r: Recognition) => (r.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
const inCell = (c: Box) => ({ x0: c.x0 + 8, y0: c.y0 + 8, x1: c.x0 + 40, y1: c.y1 - 8 });

describe("ruled tables read again when the page's reading left them empty", () => {
  it("counts the printed cells of a grid that hold no word", async () => {
    const page = await prepareOcrImage(await invoiceImage({ format: "png" }));
    const { grids } = findTables(page);
    expect(grids).toHaveLength(1);
    const cells = gridCells(grids[0]);
    expect(cells).toHaveLength(16);
    // every cell of the invoice's table is printed; a reading with a word in each leaves none unread
    const all = cells.map((c, i) => word(`w${i}`, inCell(c)));
    expect(unreadCells(page, grids[0], all)).toEqual({ printed: 16, unread: 0 });
    expect(needsTableReread(unreadCells(page, grids[0], all))).toBe(false);
    // one column read (the others taken for a picture): read again; one cell missed out of 16: not
    const firstColumn = all.filter((_, i) => i % 4 === 0);
    expect(unreadCells(page, grids[0], firstColumn)).toEqual({ printed: 16, unread: 12 });
    expect(needsTableReread(unreadCells(page, grids[0], firstColumn))).toBe(true);
    expect(needsTableReread(unreadCells(page, grids[0], all.slice(1)))).toBe(false);
  });

  it("puts the crop's words in place of the page's inside the table, when it read more", () => {
    const box = { x0: 100, y0: 100, x1: 500, y1: 300 };
    const page = reading(word("Heading", { x0: 100, y0: 20, x1: 300, y1: 60 }), word("Descr", { x0: 110, y0: 110, x1: 200, y1: 130 }));
    // crop coordinates: the crop starts at (88, 88) in the page (not turned)
    const toPage = (x: number, y: number) => ({ x: x + 88, y: y + 88 });
    const crop = reading(
      word("Description", { x0: 22, y0: 22, x1: 150, y1: 42 }),
      word("Qty", { x0: 300, y0: 22, x1: 340, y1: 42 }),
      word("4", { x0: 300, y0: 70, x1: 312, y1: 90 }),
    );
    const merged = withTableReading(page, box, crop, toPage);
    expect(texts(merged)).toEqual(["Heading", "Description", "Qty", "4"]);
    const qty = merged.blocks!.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words))).find((w) => w.text === "Qty")!;
    expect(qty.bbox).toEqual({ x0: 388, y0: 110, x1: 428, y1: 130 });
    // a crop that reads less leaves the page's reading as it was
    expect(withTableReading(page, box, reading(), toPage)).toBe(page);
    // …and so does one read with low confidence (Korean read with English data: more words, all garbage)
    const garbage = reading(...["jal", "wr", "AIA"].map((t, i) => word(t, { x0: 22 + 60 * i, y0: 22, x1: 70 + 60 * i, y1: 42 }, 30)));
    expect(withTableReading(page, box, garbage, toPage)).toBe(page);
  });

  it("takes a crop that read the table's rows with a few hard words and rules left as bars, not one that read worse throughout", () => {
    const box = { x0: 100, y0: 100, x1: 700, y1: 400 };
    const toPage = (x: number, y: number) => ({ x: x + 88, y: y + 88 });
    const at = (i: number, y: number) => ({ x0: 22 + 100 * i, y0: y, x1: 90 + 100 * i, y1: y + 20 });
    // the page read the header and one row only, confidently
    const page = reading(
      ...["Species", "Otter", "1930", "764"].map((t, i) => word(t, { x0: 110 + 100 * i, y0: 110, x1: 170 + 100 * i, y1: 130 }, 95)),
    );
    // the crop reads every row; a misread name (26) and the rules read as bars (70) pull its mean down
    const rows = [
      ["Species", "GLWQI", "Report"],
      ["Mink", "2880", "1038"],
      ["Otter", "1930", "764"],
      ["Eagte", "1920", "1818"],
    ];
    const crop = reading(
      ...rows.flatMap((r, y) => r.map((t, i) => word(t, at(i, 22 + 40 * y), t === "Eagte" ? 26 : t === "Mink" ? 70 : 95))),
      ...[0, 1, 2, 3].map((y) => word("|", at(3, 22 + 40 * y), 60)),
    );
    expect(texts(withTableReading(page, box, crop, toPage))).toEqual(texts(crop));
    // a reading worse throughout (every word 20 points below the page's) is not taken
    const worse = reading(...rows.flatMap((r, y) => r.map((t, i) => word(t, at(i, 22 + 40 * y), 75))));
    expect(withTableReading(page, box, worse, toPage)).toBe(page);
  });

  it("reads a grid again when its words run across a column rule on many rows, and keeps the reading that does not", () => {
    // a grid of 6 rows (y 100…400, 50 px each) with a column rule at x 300; words set against the rule were
    // read as one word across it ("106/22/2015" of "06/22/2015" and the rule) on 3 rows
    const rule = { dir: "v" as const, x0: 299, x1: 301, y0: 100, y1: 400 };
    const grid: TableGrid = { box: { x0: 100, y0: 100, x1: 500, y1: 400 }, cols: [{ x: 300, rules: [rule] }], rows: [150, 200, 250, 300, 350] };
    const row = (k: number) => ({ y0: 110 + 50 * k, y1: 140 + 50 * k });
    const across = [0, 1, 2].map((k) => word("106/22/2015", { x0: 180, x1: 320, ...row(k) }));
    const apart = [3, 4, 5].flatMap((k) => [word("06/22/2015", { x0: 180, x1: 296, ...row(k) }), word("Leidos", { x0: 304, x1: 380, ...row(k) })]);
    const page = reading(...across, ...apart);
    expect(straddledRows(grid, [...across, ...apart])).toEqual({ rows: 6, straddled: 3 });
    expect(readAcrossRules(straddledRows(grid, [...across, ...apart]))).toBe(true);
    expect(readAcrossRules(straddledRows(grid, [across[0], ...apart]))).toBe(false); // one row: a header spanning columns
    // the crop read every row apart (page coordinates here): it replaces the page's words in the grid
    const toPage = (x: number, y: number) => ({ x, y });
    const rowWords = (k: number) => [word("06/22/2015", { x0: 180, x1: 296, ...row(k) }), word("Leidos", { x0: 304, x1: 380, ...row(k) })];
    const crop = reading(...[0, 1, 2, 3, 4, 5].flatMap(rowWords));
    expect(texts(withTableReading(page, grid.box, crop, toPage, { across: grid }))).toEqual(texts(crop));
    // a crop read across the rule as often, or that lost words, leaves the page's reading
    expect(withTableReading(page, grid.box, page, toPage, { across: grid })).toBe(page);
    expect(withTableReading(page, grid.box, reading(...[0, 1, 2].flatMap(rowWords)), toPage, { across: grid })).toBe(page);
  });

  it("finds the cells of light letters on a dark ground and turns them into dark letters on paper in the crop", async () => {
    // a ruled table at 150 dpi: a header row in dark gray with white letters over four rows of black letters on
    // white, one of them shaded mid-gray (no light letters: not a dark cell)
    const t = (x: number, y: number, s: string, fill: string) =>
      `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="26" fill="${fill}">${s}</text>`;
    const rows = ["Tuition", "Fees", "Books", "Travel"];
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="#fff"/>`,
      `<rect x="100" y="300" width="900" height="60" fill="#555"/><rect x="102" y="482" width="896" height="58" fill="#777"/>`,
      ...[300, 360, 420, 480, 540, 600].map((y) => `<rect x="100" y="${y}" width="900" height="2" fill="#000"/>`),
      ...[100, 550, 998].map((x) => `<rect x="${x}" y="300" width="2" height="302" fill="#000"/>`),
      t(120, 340, "Item name", "#fff"),
      t(570, 340, "Description of it", "#fff"),
      ...rows.flatMap((r, i) => [t(120, 400 + 60 * i, r, "#000"), t(570, 400 + 60 * i, `${r} costs`, "#000")]),
      "</svg>",
    ].join("");
    const png = await sharp(Buffer.from(svg)).greyscale().png().withMetadata({ density: 150 }).toBuffer();
    const page = await prepareOcrImage(png);
    const { grids } = findTables(page);
    expect(grids).toHaveLength(1);
    expect(grids[0].cols).toHaveLength(1);
    const dark = darkCells(page, grids[0]);
    expect(dark).toHaveLength(2);
    expect(dark.every((c) => c.y1 < grids[0].rows[0])).toBe(true);
    // in the crop the header cells read as dark letters on paper: mostly white, some ink
    const { crop, toPage } = await tableCrop(page, grids[0], dark);
    const head = parsePgmHeader(crop.pgm)!;
    const origin = toPage(0, 0);
    for (const cell of dark) {
      let white = 0;
      let ink = 0;
      for (let y = Math.ceil(cell.y0 - origin.y); y < cell.y1 - origin.y; y++)
        for (let x = Math.ceil(cell.x0 - origin.x); x < cell.x1 - origin.x; x++) {
          const v = crop.pgm[head.offset + y * head.width + x];
          if (v > 230) white++;
          else if (v < 100) ink++;
        }
      const n = (cell.x1 - cell.x0) * (cell.y1 - cell.y0);
      expect(white / n).toBeGreaterThan(0.6);
      expect(ink / n).toBeGreaterThan(0.02);
    }
  });

  it("reads again only the grids left empty, as one block of text (psm 6)", async () => {
    const page = await prepareOcrImage(await invoiceImage({ format: "png" }));
    const { grids } = findTables(page);
    const cells = gridCells(grids[0]);
    const calls: number[] = [];
    // the crop's reading is in the crop's coordinates (its origin: the grid's corner less the margins)
    const { toPage } = await tableCrop(page, grids[0]);
    const origin = toPage(0, 0);
    const read = async (_img: unknown, psm: number) => {
      calls.push(psm);
      return reading(
        ...cells.map((c, i) =>
          word(`c${i}`, { x0: c.x0 + 20 - origin.x, y0: c.y0 + 20 - origin.y, x1: c.x0 + 50 - origin.x, y1: c.y1 - 4 - origin.y }),
        ),
      );
    };
    const full = reading(...cells.map((c, i) => word(`w${i}`, inCell(c))));
    expect(await rereadTables(page, grids, full, read)).toBe(full);
    expect(calls).toEqual([]);
    const empty = reading(word("INVOICE", { x0: 70, y0: 60, x1: 300, y1: 110 }));
    const reread = await rereadTables(page, grids, empty, read);
    expect(calls).toEqual([TABLE_PSM]);
    expect(texts(reread)).toHaveLength(17);
    expect(texts(reread)[0]).toBe("INVOICE");
    const none: TableGrid[] = [];
    expect(await rereadTables(page, none, empty, read)).toBe(empty);
  });

  it("reads a ruled table of one-letter cells scanned slightly askew, which the page's reading left (nearly) empty", async () => {
    for (const skew of [-0.6, 1]) {
      const { markdown } = await ocrImage(await letterTableImage(skew));
      const rows = markdown.split("\n").filter((l) => l.startsWith("|") && !l.startsWith("| ---"));
      const cells = rows.map((r) =>
        r
          .split("|")
          .slice(1, -1)
          .map((c) => c.trim()),
      );
      // every cell in its place ("Tabl" for "Tab1", "Cc" for "C": tesseract's reading of the glyphs, not the table's)
      expect(cells.map((r) => r.length)).toEqual([3, 3, 3]);
      cells.forEach((row, r) =>
        row.forEach((cell, c) => expect(cell.slice(0, Math.min(3, LETTER_TABLE[r][c].length))).toBe(LETTER_TABLE[r][c].slice(0, 3))),
      );
      expect(markdown).toMatch(/^Some text before/);
      expect(markdown).toMatch(/Some text after$/);
    }
  });
});
