import { describe, expect, it } from "vitest";
import { item, md, rule } from "./test-items";

// A ruled frame boxing a table's caption above its header and its notes under its last row (issue 14,
// class 5; ICDAR 2013 tables): those bands read as text, not as table rows.
const hLines = (ys: number[], x0: number, x1: number) => ys.map((y) => rule(x0, y, x1, y));

describe("caption and notes boxed with a ruled table", () => {
  const body = [
    item("Site", 62, 136),
    item("Staff", 212, 136),
    item("North", 62, 156),
    item("12", 212, 156),
    item("South", 62, 176),
    item("7", 212, 176),
  ];
  const frame = (ys: number[]) => [...hLines(ys, 57, 357), rule(57, ys[0], 57, ys[ys.length - 1]), rule(357, ys[0], 357, ys[ys.length - 1])];
  const table = ["| Site | Staff |", "| --- | --- |", "| North | 12 |", "| South | 7 |"].join("\n");

  it("reads a caption band above the header and a notes band under the last row as text", () => {
    const items = [item("Table 2. Staff by site, 2024", 62, 114), ...body, item("Source: staff survey.", 62, 198)];
    const rules = [...frame([100, 120, 140, 160, 180, 205]), rule(207, 120, 207, 180)];
    expect(md(items, rules)).toBe(["Table 2. Staff by site, 2024", table, "Source: staff survey."].join("\n\n"));
  });

  it("keeps a first row spanning the columns that is no caption", () => {
    const items = [item("Staff on duty", 62, 114), ...body];
    const rules = [...frame([100, 120, 140, 160, 180]), rule(207, 120, 207, 180)];
    expect(md(items, rules).split("\n")[0]).toBe("| Staff on duty | Staff on duty |");
  });
});
