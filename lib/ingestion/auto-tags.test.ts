import { describe, expect, it } from "vitest";
import { descriptionKeywords, matchAutoTags, nameOccurs } from "./auto-tags";

const tag = (id: number, name: string, description = "") => ({ id, name, description });

describe("nameOccurs", () => {
  it("matches whole words and phrases, case-insensitively, across whitespace runs", () => {
    expect(nameOccurs("Invoice", "Please pay this INVOICE today.")).toBe(true);
    expect(nameOccurs("Quarterly Report", "The quarterly\n report is due.")).toBe(true);
    expect(nameOccurs("art", "A smart start.")).toBe(false);
    expect(nameOccurs("C++", "Written in C++ mostly.")).toBe(true);
    expect(nameOccurs("Über", "Eine Übersicht über alles")).toBe(true);
    expect(nameOccurs("Über", "Eine Übersicht")).toBe(false);
    expect(nameOccurs("  ", "anything")).toBe(false);
  });
});

describe("matchAutoTags", () => {
  const text = "Invoice 2024-17. Amount due for consulting services, payable within 30 days to our bank account.";

  it("matches by name or by most of the description's keywords", () => {
    const tags = [
      tag(1, "Invoice"),
      tag(2, "Billing", "Payable amounts, bank accounts and services due"),
      tag(3, "Contract", "Signed agreement between parties with termination clauses"),
      tag(4, "Payments", "bank"), // one keyword is too little evidence
    ];
    expect(matchAutoTags(text, tags).map((t) => t.id)).toEqual([1, 2]);
  });

  it("extracts description keywords without stopwords, by stem", () => {
    expect(descriptionKeywords("The invoices and an invoice of the company")).toEqual(["invoic", "compan"]);
  });

  it("matches nothing in an empty document", () => {
    expect(matchAutoTags("   ", [tag(1, "Invoice")])).toEqual([]);
  });
});
