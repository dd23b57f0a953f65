import { describe, expect, it } from "vitest";
import { item, md, rule } from "./test-items";

// Frames of one column (issue 14, class 5; ICDAR 2013 tables): a table ruled between its rows only, and a
// box of prose ruled like lined paper, are not one-column tables.
const hLines = (ys: number[], x0: number, x1: number) => ys.map((y) => rule(x0, y, x1, y));
const frame = (ys: number[]) => [...hLines(ys, 57, 457), rule(57, ys[0], 57, ys[ys.length - 1]), rule(457, ys[0], 457, ys[ys.length - 1])];

describe("one-column ruled frames", () => {
  it("reads a table ruled between its rows only by its columns of text", () => {
    const rows = [
      ["District", "FY 2010", "FY 2011"],
      ["Matters received", "402", "387"],
      ["Defendants charged", "259", "215"],
      ["Cases charged", "177", "168"],
    ];
    const items = rows.flatMap(([a, b, c], k) => [item(a, 62, 116 + 20 * k), item(b, 260, 116 + 20 * k), item(c, 360, 116 + 20 * k)]);
    expect(md(items, frame([100, 120, 140, 160, 180]))).toBe(
      [
        "| District | FY 2010 | FY 2011 |",
        "| --- | --- | --- |",
        "| Matters received | 402 | 387 |",
        "| Defendants charged | 259 | 215 |",
        "| Cases charged | 177 | 168 |",
      ].join("\n"),
    );
  });

  it("reads a box of running text ruled line by line as a paragraph", () => {
    const text = [
      "On 10 May 2010, following the escalation of tensions in the",
      "sovereign debt markets, the finance ministers unveiled a",
      "stabilisation mechanism based on an article of the treaty and",
      "an agreement of the member states of the euro area, subject",
    ];
    const items = text.map((t, k) => item(t, 62, 116 + 16 * k));
    const out = md(items, frame([100, 120, 136, 152, 168]));
    expect(out).not.toContain("|");
    expect(out).toContain("the escalation of tensions in the sovereign debt markets");
  });
});
