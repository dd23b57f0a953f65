import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// A totals row set in bold under a table's body (issue 14, class 5): a bold row under regular rows usually
// opens another table (its header), but a bold row of figures closes this one.

const row = (cells: string[], top: number, bold = false) => cells.map((t, i) => item(t, [72, 220, 300][i], top, 12, { bold }));

describe("bold rows under a table's body", () => {
  const body = [
    ...lines(["Enquiries received by the centre in the year, by topic of the enquiry."], 72, 60),
    ...row(["Topic", "Enquiries", "Share"], 100, true),
    ...row(["Institutions", "3.597", "24%"], 118),
    ...row(["Member States", "1.847", "12%"], 136),
    ...row(["Employment", "1.783", "12%"], 154),
  ];

  it("keeps a bold row of figures (a totals row) in the table", () => {
    const out = md([...body, ...row(["Total", "14.862", "100%"], 172, true)]);
    expect(out.split("\n\n")[1].split("\n").slice(-2)).toEqual(["| Employment | 1.783 | 12% |", "| **Total** | **14.862** | **100%** |"]);
  });

  it("still opens another table at a bold row of labels or of years under the body", () => {
    for (const header of [
      ["Region", "Enquiries", "Share"],
      ["Year", "2008", "2009"],
    ]) {
      const out = md([...body, ...row(header, 172, true), ...row(["North", "412", "3%"], 190), ...row(["South", "388", "3%"], 208)]);
      expect(out.split("\n\n").filter((b) => b.startsWith("|"))).toHaveLength(2);
    }
  });
});
