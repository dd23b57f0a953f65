import { describe, expect, it } from "vitest";
import { item, md, rule } from "./test-items";

// Merged cells of ruled tables (issue 14, class 5; ICDAR 2013 tables): a row without vertical borders is
// one cell only when its text says so, and a sliver between double rules is no row of its own.
const hLines = (ys: number[], x0: number, x1: number) => ys.map((y) => rule(x0, y, x1, y));
const vLines = (xs: number[], y0: number, y1: number) => xs.map((x) => rule(x, y0, x, y1));

describe("merged cells of ruled tables", () => {
  it("keeps the cells of rows whose column borders are ruled in the header only", () => {
    const row = (top: number, texts: string[]) => texts.map((t, k) => item(t, 62 + 100 * k, top));
    const items = [...row(116, ["Country", "Domestic", "Total"]), ...row(136, ["Austria", "92.9", "5,821"]), ...row(156, ["Belgium", "0", "5,906"])];
    const rules = [...hLines([100, 120, 140, 160], 57, 357), ...vLines([57, 357], 100, 160), ...vLines([157, 257], 100, 120)];
    expect(md(items, rules)).toBe(
      ["| Country | Domestic | Total |", "| --- | --- | --- |", "| Austria | 92.9 | 5,821 |", "| Belgium | 0 | 5,906 |"].join("\n"),
    );
  });

  it("gives each group header of a header row without vertical borders the pair of columns it stands over", () => {
    // Columns at 57 | 157 | 217 | 277 | 337 | 397: a label column, then two years over "Amount" and "%" each.
    const items = [
      item("2009", 187, 116, 12, { width: 40 }),
      item("2010", 307, 116, 12, { width: 40 }),
      ...["Loan type", "Amount", "%", "Amount", "%"].map((t, k) => item(t, [62, 162, 222, 282, 342][k], 136)),
      ...["Mortgage", "4,151", "25.0", "4,090", "27.5"].map((t, k) => item(t, [62, 162, 222, 282, 342][k], 156)),
    ];
    const rules = [...hLines([100, 120, 140, 160], 57, 397), ...vLines([57, 397], 100, 160), ...vLines([157, 217, 277, 337], 120, 160)];
    expect(md(items, rules)).toBe(
      [
        "|  | 2009 | 2009 | 2010 | 2010 |",
        "| --- | --- | --- | --- | --- |",
        "| Loan type | Amount | % | Amount | % |",
        "| Mortgage | 4,151 | 25.0 | 4,090 | 27.5 |",
      ].join("\n"),
    );
  });

  it("still repeats a label that spans the columns of its row", () => {
    const items = [
      item("Region", 62, 116),
      item("Share", 162, 116),
      item("Northern region total", 110, 136),
      item("North", 62, 156),
      item("12", 162, 156),
    ];
    const rules = [...hLines([100, 120, 140, 160], 57, 257), ...vLines([57, 257], 100, 160), rule(157, 100, 157, 120), rule(157, 140, 157, 160)];
    expect(md(items, rules)).toBe(
      ["| Region | Share |", "| --- | --- |", "| Northern region total | Northern region total |", "| North | 12 |"].join("\n"),
    );
  });

  it("does not repeat a header cell into the sliver between double rules under it", () => {
    const items = [
      item("Name", 62, 116),
      item("Total", 162, 116),
      item("North", 62, 141),
      item("12", 162, 141),
      item("South", 62, 161),
      item("7", 162, 161),
    ];
    // The header's rule at 119 runs under the first column only; the double rule at 124 under both.
    const rules = [...hLines([100, 124, 145, 165], 57, 257), rule(57, 119, 157, 119), ...vLines([57, 157, 257], 100, 165)];
    expect(md(items, rules)).toBe(["| Name | Total |", "| --- | --- |", "| North | 12 |", "| South | 7 |"].join("\n"));
  });
});
