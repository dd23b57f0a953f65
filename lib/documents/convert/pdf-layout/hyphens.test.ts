import { describe, expect, it } from "vitest";
import { layoutDocument } from "./index";
import { lines, page } from "./test-items";

// Line-end hyphens (issue 14, born-digital text): hyphenation dropped, compounds' hyphens kept.
const text = (rows: string[]) => layoutDocument([page(lines(rows, 72, 80))])[0];

describe("line-end hyphens", () => {
  it("keeps the hyphen of compounds broken at it when the document does not hyphenate words", () => {
    // Word or a browser: lines break only at hyphens in the text; "development" and "concept" are words of the document.
    const out = text([
      "Standards describe the current requirements, not product-",
      "development history; the development of a product is elsewhere.",
      "Drafting follows a one-",
      "concept, one-term principle: each concept has one term.",
    ]);
    expect(out).toContain("not product-development history");
    expect(out).toContain("follows a one-concept, one-term principle");
  });

  it("joins words the document hyphenates, and keeps a compound that holds a hyphen already", () => {
    // TeX: the pieces are not words of the document ("fects", "nition"), or it uses the joined word elsewhere.
    const out = text([
      "The ef-",
      "fects of the layer count on the recog-",
      "nition of tables are shown; the recognition rate grew year-over-",
      "year in both settings of this study.",
    ]);
    expect(out).toBe(
      "The effects of the layer count on the recognition of tables are shown; the recognition rate grew year-over-year in both settings of this study.",
    );
  });
});
