import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Charts whose labels are text (issue 14, class 5: tables over-detected): a value axis and bar labels.
const prose = (top: number) => lines(["A paragraph of running text above the figure that reads like prose.", "It ends here."], 72, top);

describe("charts drawn with text labels", () => {
  it("reads a bar chart's axis and bar labels as text, not as a table", () => {
    // Axis ticks 100 … 0, right-aligned at x = 96, 14 pt apart; bar labels of two series at the bars' heights.
    const tick = (v: string, top: number) => item(v, 96 - v.length * 4, top, 8);
    const out = md([
      ...prose(80),
      item("Series A", 150, 130, 8),
      item("Series B", 260, 130, 8),
      tick("100", 150),
      item("97", 130, 146, 8),
      item("95", 170, 146, 8),
      item("94", 250, 146, 8),
      item("88", 330, 152, 8),
      tick("75", 164),
      item("73", 210, 160, 8),
      item("70", 290, 160, 8),
      item("66", 370, 160, 8),
      tick("50", 178),
      item("52", 410, 176, 8),
      tick("25", 192),
      item("26", 450, 190, 8),
      item("10", 490, 190, 8),
      tick("0", 206),
      item("CWE-131", 130, 220, 8),
      item("CWE-943", 210, 220, 8),
      item("CWE-787", 290, 220, 8),
      item("CWE-327", 370, 220, 8),
      item("Figure 3: Breakdown per vulnerability.", 72, 240, 10),
    ]);
    expect(out).not.toContain("|");
    expect(out).toContain("97 95 94");
    expect(out).toContain("Figure 3: Breakdown per vulnerability.");
  });

  it("keeps a numeric table whose first column falls by a constant step (years) as a table", () => {
    const row = (cells: string[], top: number) => cells.map((c, k) => item(c, 72 + k * 100, top, 10));
    const out = md([
      ...prose(80),
      ...row(["Year", "Revenue", "Staff"], 130),
      ...row(["2024", "120", "14"], 144),
      ...row(["2023", "110", "12"], 158),
      ...row(["2022", "", "11"].filter(Boolean), 172),
      ...row(["2021", "90", "9"], 186),
    ]);
    expect(out).toContain("| Year | Revenue | Staff |");
  });
});
