import { describe, expect, it } from "vitest";
import { renderTable } from "@/lib/documents/convert/pdf-layout/markdown";
import { escapeMarkdownInline, escapeMarkdownText, inLogicalColumnOrder, markdownTable } from "@/lib/documents/markdown-write";

describe("inLogicalColumnOrder", () => {
  it("reads a right-to-left table from its rightmost column", () => {
    const drawn = [
      ["1403/09/19", "تاريخ ارائه مدارک"],
      ["436", "شماره جلسه"],
    ];
    expect(inLogicalColumnOrder(drawn)).toEqual([
      ["تاريخ ارائه مدارک", "1403/09/19"],
      ["شماره جلسه", "436"],
    ]);
  });

  it("keeps a left-to-right table, and a table of numbers, as drawn", () => {
    const ltr = [
      ["Name", "שם"],
      ["Date", "2024"],
    ];
    expect(inLogicalColumnOrder(ltr)).toBe(ltr);
    const numbers = [
      ["1", "2"],
      ["3", "4"],
    ];
    expect(inLogicalColumnOrder(numbers)).toBe(numbers);
  });

  it("pads short rows before reversing, so each cell stays under its column", () => {
    expect(inLogicalColumnOrder([["א", "ב", "ג"], ["ד"]])).toEqual([
      ["ג", "ב", "א"],
      ["", "", "ד"],
    ]);
  });

  it("is what the PDF layout writes; the converters' tables (stored in reading order) are left alone", () => {
    expect(
      renderTable([
        ["100", "מחיר"],
        ["200", "סה״כ"],
      ]).split("\n")[0],
    ).toBe("| מחיר | 100 |");
    expect(markdownTable([["100", "מחיר"]]).split("\n")[0]).toBe("| 100 | מחיר |");
  });
});

describe("escaping", () => {
  it("escapes block markers at the start of a paragraph, not inside a table cell", () => {
    expect(["-", "# 4", "1. one", "="].map(escapeMarkdownText)).toEqual(["\\-", "\\# 4", "1\\. one", "\\="]);
    expect(["-", "# 4", "1. one", "="].map(escapeMarkdownInline)).toEqual(["-", "# 4", "1. one", "="]);
    // inline characters are escaped either way
    expect(escapeMarkdownInline("a*b_ [x](y) <b>")).toBe(escapeMarkdownText("a*b_ [x](y) <b>"));
    expect(
      markdownTable([
        ["Gas", "to water"],
        ["CO2", escapeMarkdownInline("-")],
      ]).split("\n")[2],
    ).toBe("| CO2 | - |");
  });
});
