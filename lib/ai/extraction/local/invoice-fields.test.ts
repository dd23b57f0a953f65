// The offline extractor on invoices filled through content-type attributes (issue 19): a total named
// `amount` and titled "Total amount", totals blocks the schema only partly asks for, amounts after a
// currency code, grouped codes (IBAN) near a label, and codes whose prefix is also a label ("PO-5531").
import { describe, expect, it } from "vitest";
import { LocalExtractor } from "../local-extractor";
import type { ObjectSchema } from "../types";
import { buildFields } from "./fields";
import { valueInText } from "./typing";

const extract = async (schema: ObjectSchema, markdown: string) =>
  (await new LocalExtractor().extract({ schema, filename: "invoice.pdf", pages: [{ page: 1, markdown }], granularity: "document" })).rows[0];

const totalSchema: ObjectSchema = {
  type: "object",
  properties: { amount: { type: "number", title: "Total amount", description: "Total amount including taxes." } },
};

describe("a field's title links it to a narrower concept than its name", () => {
  it("reads the total of a totals block for `amount` titled Total amount", async () => {
    const md = "| Subtotal | 1,640.60 |\n| --- | --- |\n| VAT 19% | 311.71 |\n| **Total due** | **EUR 1,952.31** |";
    expect(await extract(totalSchema, md)).toEqual({ amount: 1952.31 });
  });

  it("keeps the title's concept phrases beside the name's", () => {
    const [field] = buildFields(totalSchema);
    const phrases = field.phrases.map((p) => p.tokens.join(" "));
    expect(phrases).toContain("total due");
    expect(phrases).toContain("amount");
  });
});

describe("numbers in running text", () => {
  const [amount] = buildFields(totalSchema);

  it("reads an amount written after its currency code", () => {
    expect(valueInText(amount, "EUR 1,952.31")?.value).toBe(1952.31);
    expect(valueInText(amount, "Total (CHF) 80.00")?.value).toBe(80);
  });

  it("never reads a group of an IBAN as an amount", () => {
    expect(valueInText(amount, "to IBAN DE89 3704 0044 0532 0130 00.")).toBeNull();
  });

  it("finds the total in a heading line and ignores the IBAN sentence after it", async () => {
    const md = "## Total due EUR 1,952.31\n\nPayment terms: 30 days net. Please transfer the amount to IBAN DE89 3704 0044 0532 0130 00.";
    expect(await extract(totalSchema, md)).toEqual({ amount: 1952.31 });
  });
});

describe("codes in running text", () => {
  const schema: ObjectSchema = {
    type: "object",
    properties: { purchase_order_number: { type: "string", title: "Purchase order" } },
  };

  it("keeps a label-like prefix glued to the code and stops at the code's end", async () => {
    const md = "Invoice No. NB-2026-0117 Issue date 14 March 2026 Your order PO-5531 Bill to:";
    expect(await extract(schema, md)).toEqual({ purchase_order_number: "PO-5531" });
  });
});

describe("a purchase order written as 'Your order'", () => {
  it("reads the order reference of a key-value header", async () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: {
        invoice_number: { type: "string", title: "Invoice number" },
        invoice_date: { type: "string", format: "date", title: "Invoice date" },
        purchase_order_number: { type: "string", title: "Purchase order" },
      },
    };
    const md = "| Invoice No. | NB-2026-0117 |\n| --- | --- |\n| Issue date | 14 March 2026 |\n| Your order | PO-5531 |";
    expect(await extract(schema, md)).toEqual({ invoice_number: "NB-2026-0117", invoice_date: "2026-03-14", purchase_order_number: "PO-5531" });
  });
});
