import { describe, expect, it } from "vitest";
import { item, md, PAGE_H } from "./test-items";

// Footnote marks set small and raised right after a word (issue 14, born-digital text): read apart from it.
describe("footnote marks", () => {
  // A raised item: its baseline `lift` points above the line's.
  const raised = (str: string, x: number, top: number, size: number, lift: number, opts: { bold?: boolean } = {}) => {
    const it = item(str, x, top, size, opts);
    it.transform = [size, 0, 0, size, x, PAGE_H - top + lift];
    return it;
  };

  it("separates a raised footnote number from the word before and after it", () => {
    const out = md([
      item("The Identity Theft Resource Center", 72, 100, 10, { width: 170 }),
      raised("1 ", 242, 100, 8, 4, { bold: true }),
      item("reports that almost 5000 breaches", 248, 100, 10),
    ]);
    expect(out).toBe("The Identity Theft Resource Center 1 reports that almost 5000 breaches");
  });

  it("separates a mark closed by a parenthesis from text that runs on without a space", () => {
    const out = md([
      item("covered as an injury", 72, 100, 11.5, { width: 115 }),
      raised("1)", 187, 100, 7.5, 5),
      item("or as an accident", 194, 100, 11.5),
    ]);
    expect(out).toBe("covered as an injury 1) or as an accident");
  });

  it("keeps an exponent after a variable and a lowered subscript attached", () => {
    const out = md([
      item("with x", 72, 100, 12, { width: 36 }),
      raised("2", 108, 100, 8, 4),
      item(" and H", 113, 100, 12, { width: 36 }),
      raised("2", 149, 100, 8, -2),
      item("O in it", 154, 100, 12),
    ]);
    expect(out).toBe("with x2 and H2O in it");
  });
});
