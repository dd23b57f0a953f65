import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Tables without rules whose rows are padded (HTML tables rendered by a word processor): rows 2.5 em apart,
// the header further above the body, cells set closer than a word space and a half.
const X = [72, 140, 200, 260];
const cells = (texts: string[], top: number, bold = false) =>
  texts.map((t, i) => (t ? item(t, X[i], top, 12, { bold }) : null)).filter((x) => x !== null);

describe("padded tables without rules", () => {
  it("keeps a bold header set further above the body than a line pitch when the body rows are padded", () => {
    const out = md([
      ...lines(["Figures of the first months are given below for each of the products."], 72, 60),
      ...cells(["Product", "Month", "Revenue", "Cost"], 100, true),
      ...cells(["Apples", "January", "$134", "$162"], 150),
      ...cells(["Pears", "February", "$150", "$155"], 181),
      ...cells(["Plums", "March", "$160", "$143"], 212),
      ...cells(["Figs", "April", "$210", "$150"], 243),
    ]);
    expect(out.split("\n\n")[1]).toBe(
      [
        "| Product | Month | Revenue | Cost |",
        "| --- | --- | --- | --- |",
        "| Apples | January | $134 | $162 |",
        "| Pears | February | $150 | $155 |",
        "| Plums | March | $160 | $143 |",
        "| Figs | April | $210 | $150 |",
      ].join("\n"),
    );
  });

  it("does not take a bold line far above a table of ordinary pitch as its header", () => {
    const out = md([
      ...cells(["Summary of the year"], 100, true),
      ...cells(["Apples", "January", "$134", "$162"], 150),
      ...cells(["Pears", "February", "$150", "$155"], 167),
      ...cells(["Plums", "March", "$160", "$143"], 184),
      ...cells(["Figs", "April", "$210", "$150"], 201),
    ]);
    expect(out.split("\n\n")[0]).not.toContain("|");
    expect(out).toContain("| Apples | January | $134 | $162 |");
  });

  it("splits a label from the amount of the next column when they are set closer than a segment gap", () => {
    // "September" (9 chars, 54 pt) ends 4 pt before the amount column: pdf.js gives it and the amount as one run.
    const row = (label: string, amount: string, cost: string, top: number) => [item(label, 140, top), item(amount, 198, top), item(cost, 260, top)];
    const out = md([
      item("Month", 140, 100, 12, { bold: true }),
      item("Revenue", 198, 100, 12, { bold: true }),
      item("Cost", 260, 100, 12, { bold: true }),
      ...row("January", "$134", "$162", 117),
      ...row("September", "$150", "$155", 134),
      ...row("March", "$160", "$143", 151),
    ]);
    expect(out).toBe(
      [
        "| Month | Revenue | Cost |",
        "| --- | --- | --- |",
        "| January | $134 | $162 |",
        "| September | $150 | $155 |",
        "| March | $160 | $143 |",
      ].join("\n"),
    );
  });

  it("keeps the rows of a padded table together across a wider gap where a row-spanning label starts a group", () => {
    const out = md([
      ...cells(["Year", "Quarter", "Month", "Revenue"], 100, true),
      ...cells(["", "", "January", "$134"], 130),
      ...cells(["", "Q1", "February", "$150"], 161),
      ...cells(["2025", "", "March", "$160"], 192),
      ...cells(["", "Q2", "April", "$210"], 242),
      ...cells(["", "", "May", "$280"], 273),
      ...lines(["A paragraph of ordinary body text follows the table on this page."], 72, 320),
    ]);
    expect(out.split("\n\n")[0].split("\n").slice(2)).toEqual([
      "|  |  | January | $134 |",
      "|  | Q1 | February | $150 |",
      "| 2025 |  | March | $160 |",
      "|  | Q2 | April | $210 |",
      "|  |  | May | $280 |",
    ]);
  });
});

describe("cells that pdf.js ran together", () => {
  // Each body row is one text item: cells set under 0.6 em apart, which pdf.js joins with a space.
  const header = (top: number) => ["Header 1", "Header 2", "Header 3"].map((t, i) => item(t, [72, 150, 228][i], top, 12, { bold: true }));

  it("splits the rows under a bold header where its columns start", () => {
    const out = md([
      ...header(100),
      item("Row 1, Col 1 Row 1, Col 2 Row 1, Col 3", 72, 130),
      item("Row 2, Col 1 Row 2, Col 2 Row 2, Col 3", 72, 160),
      item("Row 3, Col 1 Row 3, Col 2 Row 3, Col 3", 72, 190),
    ]);
    expect(out).toBe(
      [
        "| Header 1 | Header 2 | Header 3 |",
        "| --- | --- | --- |",
        "| Row 1, Col 1 | Row 1, Col 2 | Row 1, Col 3 |",
        "| Row 2, Col 1 | Row 2, Col 2 | Row 2, Col 3 |",
        "| Row 3, Col 1 | Row 3, Col 2 | Row 3, Col 3 |",
      ].join("\n"),
    );
  });

  it("does not split prose under a bold numbered heading where the heading's title starts", () => {
    // "On" and "A" end about where the title starts: each line breaks at the title's column by chance.
    const out = md([
      item("2", 72, 100, 14, { bold: true }),
      item("Results of the survey", 90, 100, 14, { bold: true }),
      item("On the findings of the survey", 72, 130),
      ...lines(["A paragraph of ordinary body text follows the heading on this page."], 72, 170),
      ...lines(["A paragraph of ordinary body text follows the heading on this page."], 72, 184),
    ]);
    expect(out).not.toContain("|");
  });

  it("does not split a list item below a table whose rows have cells of their own", () => {
    const body = [
      ["Item 0", "6", "371.00"],
      ["Item 1", "23", "703.00"],
      ["Item 2", "56", "95.00"],
      ["Item 3", "96", "750.00"],
    ].flatMap((r, k) =>
      r.map((t, i) => item(t, [58, i === 1 ? 218 - 7 * t.length : 203, 409][i], 476 + 17 * k, 12, { width: [40, 7 * t.length, 7 * t.length][i] })),
    );
    const out = md([
      item("Item", 114, 459, 12, { bold: true, width: 31 }),
      item("Quantity", 275, 459, 12, { bold: true, width: 59 }),
      item("Price", 470, 459, 12, { bold: true, width: 35 }),
      ...body,
      item("1. Than three such be that for in an.", 78, 543, 12, { width: 219 }),
      item("2. Two two most contract of their but have.", 78, 559, 12, { width: 263 }),
    ]);
    expect(out.split("\n\n")[0]).toBe(
      [
        "| Item | Quantity | Price |",
        "| --- | --- | --- |",
        "| Item 0 | 6 | 371.00 |",
        "| Item 1 | 23 | 703.00 |",
        "| Item 2 | 56 | 95.00 |",
        "| Item 3 | 96 | 750.00 |",
      ].join("\n"),
    );
  });
});
