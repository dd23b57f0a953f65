import { describe, expect, it } from "vitest";
import { layoutDocument } from "./index";
import { item, lines, page } from "./test-items";

// Running footers of left and right pages, printed page numbers that skip (issue 14, class 1).
const body = (n: number) =>
  lines([`Body text of page ${n} that is long enough to be ordinary running text here.`, `A second line of the body on page ${n}.`], 72, 120);

describe("running headers and footers", () => {
  it("drops a left-page footer seen on a third of the pages whose printed page numbers skip", () => {
    const printed = [2, 4, 10, 20];
    const pages = Array.from({ length: 12 }, (_, i) => i + 1).map((n) => {
      const k = (n - 2) / 3;
      const footer =
        Number.isInteger(k) && k < printed.length
          ? [item(`${printed[k]}`, 72, 762, 9), item("Row and Column Access Control in DB2", 100, 762, 9)]
          : [];
      return page([...body(n), ...footer], n);
    });
    const out = layoutDocument(pages);
    expect(out.join("\n")).not.toContain("Row and Column Access Control");
    expect(out[1]).toBe(`Body text of page 2 that is long enough to be ordinary running text here. A second line of the body on page 2.`);
  });

  it("keeps a short bottom line whose number rises but is part of its text", () => {
    const pages = Array.from({ length: 8 }, (_, i) => i + 1).map((n) =>
      page([...body(n), item(`Station S-${10 * n} recorded events`, 72, 762, 9)], n),
    );
    const out = layoutDocument(pages);
    for (const [i, m] of out.entries()) expect(m).toContain(`Station S-${10 * (i + 1)} recorded events`);
  });
});
