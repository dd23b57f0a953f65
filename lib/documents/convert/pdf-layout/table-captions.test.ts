import { describe, expect, it } from "vitest";
import { item, md } from "./test-items";

// Tables without rules under a bold caption, with a bold totals row (issue 14, class 5; ICDAR 2013 tables):
// the caption is no header row, and figures that pdf.js ran together are cells of their own.
const b = { bold: true };
const right = (t: string, x1: number, top: number, opts = {}) => item(t, x1 - t.length * 6, top, 12, opts);

describe("tables without rules under a caption", () => {
  const states: [string, string, string, string][] = [
    ["Maine", "6.1", "-10.6", "-3.2"],
    ["Vermont", "1.5", "-16.4", "-5.8"],
    ["Ohio", "2.7", "-17.0", "-1.4"],
    ["Iowa", "-1.2", "-3.7", "2.7"],
    ["Texas", "8.2", "14.7", "11.8"],
  ];
  const body = (top: number) =>
    states.flatMap(([s, a, c, d], k) => [
      item(s, 45, top + 14 * k),
      right(a, 250, top + 14 * k),
      right(c, 360, top + 14 * k),
      right(d, 470, top + 14 * k),
    ]);
  const header = (top: number) => [
    item("Region and state", 36, top),
    right("2008–09", 250, top),
    right("2015–16", 360, top),
    right("2021–22", 470, top),
  ];

  it("does not take a bold caption in as the table's header, its second line across the first column's gutter", () => {
    const out = md([
      item("Table 15.", 36, 60, 12, b),
      item("Actual and projected changes in graduates, by region and state:", 100, 60, 12, b),
      item("2003–04 through 2021–22", 100, 74, 12, b),
      ...header(100),
      ...body(114),
    ]);
    expect(out).toContain(
      [
        "| Region and state | 2008–09 | 2015–16 | 2021–22 |",
        "| --- | --- | --- | --- |",
        "| Maine | 6.1 | -10.6 | -3.2 |",
        "| Vermont | 1.5 | -16.4 | -5.8 |",
      ].join("\n"),
    );
    expect(out).not.toContain("| Table 15.");
  });

  it("splits a bold totals row whose figures pdf.js gave as one run", () => {
    const total = "10.4         0.9         3.8";
    const out = md([...header(100), item("United States", 49, 114, 12, b), item(total, 226, 114, 12, { bold: true, width: 244 }), ...body(128)]);
    expect(out).toContain("| United States | 10.4 | 0.9 | 3.8 |");
  });
});
