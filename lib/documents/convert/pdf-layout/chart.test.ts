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

  it("reads a chart with a value axis on each side and words for bar labels as text, not as a table", () => {
    // Left axis 100 … 0 right-aligned at x = 96, right axis 40 … 0 at x = 420, 14 pt apart; decades as bar labels.
    const left = (v: string, top: number) => item(v, 96 - v.length * 4, top, 8);
    const right = (v: string, top: number) => item(v, 420, top, 8);
    const out = md([
      ...prose(80),
      ...[
        ["100", "2000s", "40"],
        ["75", "Enrolled 1990s", "30"],
        ["50", "1980s", "20"],
        ["25", "1970s 1960s", "10"],
        ["0", "1950s", "0"],
      ].flatMap(([a, b, c], k) => [left(a, 150 + 14 * k), item(b, 200, 150 + 14 * k, 8), right(c, 150 + 14 * k)]),
      item("Figure 1: Enrolment and incidents per decade.", 72, 240, 10),
    ]);
    expect(out).not.toContain("|");
    expect(out).toContain("Figure 1: Enrolment and incidents per decade.");
  });

  it("reads two charts stacked one above the other, their axes aligned, as text", () => {
    const tick = (v: string, top: number) => item(v, 96 - v.length * 4, top, 8);
    // Each chart: ticks 40 … 0 and two series' values beside them (one bar without a label).
    const chart = (top: number) =>
      ["40", "30", "20", "10", "0"].flatMap((v, k) => [
        tick(v, top + 12 * k),
        ...(k === 2 ? [] : [item(String(35 - 5 * k), 150, top + 12 * k, 8)]),
        item(String(22 - 4 * k), 250, top + 12 * k, 8),
      ]);
    const out = md([...prose(80), ...chart(150), ...chart(226), item("Figure 2: Two series, two periods.", 72, 300, 10)]);
    expect(out).not.toContain("|");
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
