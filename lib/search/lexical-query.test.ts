import { describe, expect, it } from "vitest";
import { lexicalQueryText } from "./lexical-query";

describe("lexicalQueryText", () => {
  it("keeps short queries, codes and queries with websearch operators as written", () => {
    expect(lexicalQueryText(" INV-77341 ")).toBe("INV-77341");
    expect(lexicalQueryText("the invoice")).toBe("the invoice");
    expect(lexicalQueryText('"late payment" -draft invoice')).toBe('"late payment" -draft invoice');
    expect(lexicalQueryText("invoice or receipt for October")).toBe("invoice or receipt for October");
  });

  it("asks for most of the content words of longer queries, dropping stop words", () => {
    expect(lexicalQueryText("what is the payment deadline for invoices")).toBe("payment deadline or payment invoices or deadline invoices");
    const five = lexicalQueryText("contract renewal notice period Germany");
    expect(five.split(" or ")).toHaveLength(10); // 3 of 5
    expect(five.split(" or ")[0]).toBe("contract renewal notice");
  });

  it("keeps the six longest terms of very long queries", () => {
    const q = lexicalQueryText("alpha bravo charlie delta echo foxtrot golf hotelxx indiaxx");
    const groups = q.split(" or ");
    expect(groups).toHaveLength(15); // 4 of 6
    expect(q).toContain("hotelxx");
    expect(q).not.toContain("golf");
  });
});
