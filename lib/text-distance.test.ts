import { describe, expect, it } from "vitest";
import { editDistance, withinOneEdit } from "@/lib/text-distance";

describe("editDistance", () => {
  it("counts insertions, deletions and replacements", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });
  it("stops at max + 1", () => {
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 1)).toBe(2);
  });
});

describe("withinOneEdit", () => {
  it("agrees with editDistance(a, b, 1) <= 1", () => {
    const words = ["", "a", "ab", "ba", "abc", "abd", "acb", "abcd", "xbc", "abcc", "bc", "invoice", "invoce", "lnvoice", "invoices"];
    for (const a of words) for (const b of words) expect(withinOneEdit(a, b), `${a} / ${b}`).toBe(editDistance(a, b, 1) <= 1);
  });
});
