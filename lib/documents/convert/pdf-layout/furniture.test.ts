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

  it("drops running footers whose text changes with the chapter but that show a page number at one height (roman, then arabic)", () => {
    const footers: [string, string][] = [
      ["Copyright 2014. All rights reserved.", "iii"],
      ["Copyright 2014. All rights reserved.", "xi"],
      ["Copyright 2014. All rights reserved.", "1"],
      ["Chapter 2. Roles and duties", "11"],
      ["Chapter 3. Access control", "15"],
      ["Chapter 3. Access control", "19"],
    ];
    const pages = footers.map(([text, number], i) =>
      page([...body(i + 1), item(text, 72, 762, 9), item(number, 530, 762, 10, { bold: true })], i + 1),
    );
    const out = layoutDocument(pages);
    for (const [i, m] of out.entries())
      expect(m).toBe(`Body text of page ${i + 1} that is long enough to be ordinary running text here. A second line of the body on page ${i + 1}.`);
  });

  it("keeps closing lines that show the same figure at one height, whatever their text", () => {
    const pages = Array.from({ length: 6 }, (_, i) => i + 1).map((n) =>
      page([...body(n), item(`Subtotal of section ${"ABCDEF"[n - 1]}`, 72, 762, 9), item("15", 530, 762, 9)], n),
    );
    const out = layoutDocument(pages);
    for (const [i, m] of out.entries()) expect(m).toContain(`Subtotal of section ${"ABCDEF"[i]} 15`);
  });

  it("keeps a long table's first and last rows, set at the same heights on every page with figures of their own", () => {
    // A listing continued over pages (a WARN report): each page's rows stand at the same heights, and their
    // figure columns change from page to page, like page numbers would, but without rising with the page.
    const figures = [
      [65, 113, 66],
      [12, 7, 140],
      [88, 31, 5],
      [20, 94, 61],
      [150, 2, 47],
      [9, 73, 38],
    ];
    const pages = figures.map((counts, i) => {
      const rowsAt = (tops: number[]) =>
        tops.flatMap((top, k) => [
          item(`Company ${i}-${top}-${k}`, 72, top, 9),
          item(String(counts[k]), 400, top, 9),
          item("Layoff Permanent", 460, top, 9),
        ]);
      return page([...rowsAt([40, 52, 64]), ...body(i + 1), ...rowsAt([740, 752, 764])], i + 1);
    });
    const out = layoutDocument(pages);
    for (const [i, m] of out.entries()) {
      expect(m).toContain(`Company ${i}-40-0`);
      expect(m).toContain(`Company ${i}-764-2`);
    }
  });
});
