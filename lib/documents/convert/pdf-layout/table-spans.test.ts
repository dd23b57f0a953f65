import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Cells spanning rows in tables without rules (issue 14, born-digital): an HTML rowspan or a pivot table's
// row header, vertically centred on the rows it spans, on a line of its own between two of them.

describe("row-spanning labels in tables without rules", () => {
  it("repeats a label set between two rows in each row that leaves its column empty", () => {
    const body = (cells: string[], top: number) => cells.map((t, i) => item(t, [120, 200][i], top));
    const out = md([
      ...["Year", "Month", "Revenue"].map((t, i) => item(t, [60, 120, 200][i], 41, 12, { bold: true })),
      ...body(["January", "$134"], 91.3),
      ...body(["February", "$150"], 122.2),
      item("2025", 60, 143.6, 12, { bold: true }),
      ...body(["March", "$160"], 153.2),
      ...body(["April", "$210"], 184.1),
      ...body(["May", "$280"], 215.1),
      ...lines(["A paragraph of ordinary body text follows the table on this page."], 60, 260),
    ]);
    expect(out.split("\n\n")[0].split("\n").slice(2)).toEqual([
      "| 2025 | January | $134 |",
      "| 2025 | February | $150 |",
      "| 2025 | March | $160 |",
      "| 2025 | April | $210 |",
      "| 2025 | May | $280 |",
    ]);
  });

  it("splits the rows around a label spanning two of them (an HTML rowspan), up to a row with a cell of its own", () => {
    const out = md([
      item("Header 1", 113, 87.2, 12, { bold: true }),
      item("Header 2", 237.5, 87.2, 12, { bold: true }),
      item("Row 1, Col 2", 232.3, 104.0),
      item("Row 1 & 2, Col 1", 58.2, 112.4),
      item("Row 2, Col 2", 232.3, 120.8),
      item("Row 3, Col 1", 58.2, 137.6),
      item("Row 3, Col 2", 232.3, 137.6),
    ]);
    expect(out.split("\n").slice(2)).toEqual([
      "| Row 1 & 2, Col 1 | Row 1, Col 2 |",
      "| Row 1 & 2, Col 1 | Row 2, Col 2 |",
      "| Row 3, Col 1 | Row 3, Col 2 |",
    ]);
  });

  it("keeps a value centred beside a cell's wrapped lines in that one row", () => {
    // "2..." sits between two lines of the first cell, set at line pitch (14 pt): one row, not two.
    const out = md([
      item("Name", 58.2, 110.2, 12, { bold: true }),
      item("Count", 192.5, 110.2, 12, { bold: true }),
      item("Alpha", 58.2, 127.0),
      item("12", 192.5, 127.0),
      item("Beta, first line", 58.2, 144.0),
      item("34", 192.5, 151.0),
      item("and its second", 58.2, 158.0),
      item("Gamma", 58.2, 175.0),
      item("56", 192.5, 175.0),
    ]);
    expect(out).toContain("| Beta, first line and its second | 34 |");
    expect(out).not.toMatch(/\| 34 \|[^\n]*\n[^\n]*\| 34 \|/);
  });
});
