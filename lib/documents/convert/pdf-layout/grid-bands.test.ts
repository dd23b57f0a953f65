import { describe, expect, it } from "vitest";
import { type OpCodes, rulesFromOperatorList } from "./index";
import type { PdfRule } from "./rules";
import { item, md, rule } from "./test-items";

// Shaded bands in ruled tables (issue 14, class 5; ICDAR 2013 tables printed by SPSS): a cell's background
// is painted behind each line of its text, inset from its borders. Those bands' edges are no cell borders:
// a label wrapped or centred in a cell spanning two rows is one cell, and a band behind one cell does not
// cut the header row beside it in two.
const hLines = (ys: number[], x0: number, x1: number) => ys.map((y) => rule(x0, y, x1, y));
const vLines = (xs: number[], y0: number, y1: number) => xs.map((x) => rule(x, y0, x, y1));
/** A shaded band's top and bottom edges, as rules.ts gives them. */
const band = (x0: number, top: number, x1: number, bottom: number): PdfRule[] => [
  { ...rule(x0, top, x1, top), band: true },
  { ...rule(x0, bottom, x1, bottom), band: true },
];
const table = (rows: string[][]) => [rows[0], rows[0].map(() => "---"), ...rows.slice(1)].map((r) => `| ${r.join(" | ")} |`).join("\n");

describe("shaded bands in ruled tables", () => {
  it("repeats a wrapped label in both rows it spans though a band's edge runs between its lines", () => {
    const items = [
      ...[item("Illness", 62, 116), item("Measure", 162, 116), item("Cases", 262, 116)],
      ...[item("Chronic fatigue", 62, 134), item("Count", 162, 136), item("19", 262, 136)],
      ...[item("syndrome", 62, 146), item("Percentage", 162, 156), item("3.8%", 262, 156)],
    ];
    const rules = [
      ...hLines([100, 120, 160], 57, 357),
      rule(157, 140, 357, 140),
      ...vLines([57, 157, 257, 357], 100, 160),
      ...band(58, 124, 156, 138.5),
      ...band(58, 138.5, 156, 150),
    ];
    expect(md(items, rules)).toBe(
      table([
        ["Illness", "Measure", "Cases"],
        ["Chronic fatigue syndrome", "Count", "19"],
        ["Chronic fatigue syndrome", "Percentage", "3.8%"],
      ]),
    );
  });

  it("does not part a header row where a band behind one of its cells begins", () => {
    const items = [
      ...[item("Symptom", 62, 124), item("At least every", 162, 124), item("Rarely", 262, 134)],
      item("week", 162, 136),
      ...[item("Headache", 62, 156), item("239", 162, 156), item("128", 262, 156)],
      ...[item("Back-ache", 62, 176), item("139", 162, 176), item("219", 262, 176)],
    ];
    const rules = [...hLines([100, 140, 160, 180], 57, 357), ...vLines([57, 157, 257, 357], 100, 180), ...band(258, 126, 356, 138)];
    expect(md(items, rules)).toBe(
      table([
        ["Symptom", "At least every week", "Rarely"],
        ["Headache", "239", "128"],
        ["Back-ache", "139", "219"],
      ]),
    );
  });

  it("keeps no row of its own under header text whose bands stop short of the rule", () => {
    const items = [
      ...[item("Therapy", 62, 110), item("Suffered", 162, 110), item("Followed", 262, 110)],
      ...[item("from", 162, 122), item("treatment", 262, 122)],
      ...[item("Asthma", 62, 146), item("31", 162, 146), item("22", 262, 146)],
      ...[item("Diabetes", 62, 166), item("1", 162, 166), item("1", 262, 166)],
    ];
    const rules = [
      ...hLines([100, 134, 150, 170], 57, 357),
      ...vLines([57, 157, 257, 357], 100, 170),
      // Each header cell's background, painted behind each of its two lines, ending above the rule.
      ...[58, 158, 258].flatMap((x) => [...band(x, 101, x + 98, 125), { ...rule(x, 113, x + 98, 113), band: true as const, joint: true as const }]),
    ];
    expect(md(items, rules)).toBe(
      table([
        ["Therapy", "Suffered from", "Followed treatment"],
        ["Asthma", "31", "22"],
        ["Diabetes", "1", "1"],
      ]),
    );
  });

  it("marks the edge two abutting shaded bands share (painted line by line) as joint, a band painted twice once", () => {
    const OPS = Object.fromEntries(["constructPath", "fill", "stroke"].map((c, i) => [c, i + 1])) as unknown as OpCodes;
    const rect = (x: number, y: number, w: number, h: number) => [0, x, y, 1, x + w, y, 1, x + w, y + h, 1, x, y + h, 4];
    const list = {
      fnArray: [OPS.constructPath, OPS.constructPath, OPS.constructPath, OPS.constructPath],
      argsArray: [
        [OPS.fill, [rect(10, 100, 90, 10)], null],
        [OPS.fill, [rect(10, 100, 90, 10)], null], // painted twice: counts once
        [OPS.fill, [rect(10, 110, 90, 10)], null], // abuts the band below: their shared edge is joint
        [OPS.fill, [rect(10, 140, 90, 10)], null], // apart: a band of its own
      ],
    };
    expect(rulesFromOperatorList(list, OPS)).toEqual([
      { x0: 10, y0: 100, x1: 100, y1: 100, band: true },
      { x0: 10, y0: 110, x1: 100, y1: 110, band: true, joint: true },
      { x0: 10, y0: 120, x1: 100, y1: 120, band: true },
      { x0: 10, y0: 140, x1: 100, y1: 140, band: true },
      { x0: 10, y0: 150, x1: 100, y1: 150, band: true },
    ]);
  });

  describe("tables drawn as filled cells", () => {
    const OPS = Object.fromEntries(["constructPath", "fill", "stroke", "setFillGray"].map((c, i) => [c, i + 1])) as unknown as OpCodes;
    const GRAY = OPS.setFillGray as number;
    const rect = (x: number, y: number, w: number, h: number) => [0, x, y, 1, x + w, y, 1, x + w, y + h, 1, x, y + h, 4];
    const line = (x0: number, y0: number, x1: number, y1: number) => [0, x0, y0, 1, x1, y1];
    const cells = (gray: [number, number], extra: { fn: number; args: unknown }[] = []) => ({
      fnArray: [GRAY, OPS.constructPath, OPS.constructPath, GRAY, OPS.constructPath, OPS.constructPath, ...extra.map((e) => e.fn)],
      argsArray: [
        [gray[0]],
        [OPS.fill, [rect(10, 100, 90, 20)], null], // row 1, first cell
        [OPS.fill, [rect(10, 123, 90, 20)], null], // row 2, first cell (3 pt above)
        [gray[1]],
        [OPS.fill, [rect(103, 100, 60, 20)], null], // second cells, 3 pt right of the first
        [OPS.fill, [rect(103, 123, 60, 20)], null],
        ...extra.map((e) => e.args),
      ],
    });
    const columnBorders = (list: ReturnType<typeof cells>) => rulesFromOperatorList(list, OPS).filter((r) => !r.band && r.x0 === r.x1);

    it("draws a column border in the gap between cells filled side by side, reaching into the gaps between rows", () => {
      expect(columnBorders(cells([0.5, 0.5]))).toEqual([
        { x0: 101.5, y0: 97, x1: 101.5, y1: 123 },
        { x0: 101.5, y0: 120, x1: 101.5, y1: 146 },
      ]);
    });

    it("leaves cells of one colour between drawn column lines alone (backgrounds of a merged cell), parts two colours", () => {
      const ruled = [{ fn: OPS.constructPath, args: [OPS.stroke, [line(101.5, 100, 101.5, 143)], null] }];
      expect(columnBorders(cells([0.5, 0.5], ruled))).toEqual([{ x0: 101.5, y0: 100, x1: 101.5, y1: 143 }]);
      expect(columnBorders(cells([0.2, 0.8], ruled))).toHaveLength(3);
    });
  });
});
