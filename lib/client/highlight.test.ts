import { describe, expect, it } from "vitest";
import { highlightTerms, splitHighlights } from "./highlight";

const marked = (text: string, query: string) =>
  splitHighlights(text, query)
    .filter((s) => s.match)
    .map((s) => s.text);

describe("highlightTerms", () => {
  it("keeps phrases whole, drops exclusions and the or operator, lower-cases words", () => {
    expect(highlightTerms('"Late fee" Invoice or -draft -"old text" total?')).toEqual(["late fee", "invoice", "total"]);
  });

  it("leaves out the function words of a typed question, but keeps them inside a quoted phrase", () => {
    expect(highlightTerms("What do the reports say about travel expenses?")).toEqual(["reports", "travel", "expenses"]);
    expect(highlightTerms('"the end of the year" report')).toEqual(["the end of the year", "report"]);
  });

  it("ignores one-letter words and pure punctuation", () => {
    expect(highlightTerms("a ? refund")).toEqual(["refund"]);
  });
});

describe("splitHighlights", () => {
  it("marks an exact token such as an invoice number as a whole, not inside longer tokens", () => {
    expect(marked("Invoice INV-77341 replaces INV-773410.", "INV-77341")).toEqual(["INV-77341"]);
  });

  it("marks inflected forms of plain words at word starts only", () => {
    expect(marked("Refunds are refunded; a prerefund is not.", "refund")).toEqual(["Refunds", "refunded"]);
    expect(marked("The refund policy", "refunds")).toEqual(["refund"]);
  });

  it("marks a quoted phrase across line breaks and punctuation between its words", () => {
    expect(marked("A late\nfee applies. Late payments…", '"late fee"')).toEqual(["late\nfee"]);
  });

  it("keeps the whole text in order, and treats regex characters in the query literally", () => {
    const text = "Costs (net) are 5.0 per unit; 5x0 is not.";
    const segments = splitHighlights(text, "5.0 (net)");
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(["net", "5.0"]);
  });

  it("returns the text unmarked when nothing matches or nothing is searchable", () => {
    expect(splitHighlights("nothing here", "refund")).toEqual([{ text: "nothing here", match: false }]);
    expect(splitHighlights("", "-x")).toEqual([{ text: "", match: false }]);
  });
});
