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
