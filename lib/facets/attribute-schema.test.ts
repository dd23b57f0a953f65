import { describe, expect, it } from "vitest";
import { attributesSchema, type SchemaAttribute, valuesFromRow } from "./attribute-schema";

const attr = (name: string, attributeType: string, choices: string[] = []): SchemaAttribute => ({
  name,
  attributeType,
  label: name.replace(/_/g, " "),
  description: "",
  choices,
});

const attributes = [
  attr("invoice_number", "text"),
  attr("amount", "number"),
  attr("invoice_date", "date"),
  attr("paid", "boolean"),
  attr("currency", "select", ["EUR", "USD"]),
  attr("labels", "multi-select", ["a", "b"]),
  attr("notes", "rich-text"),
];

describe("attributesSchema", () => {
  it("types each attribute as a JSON Schema property", () => {
    const s = attributesSchema(attributes);
    expect(s.type).toBe("object");
    expect(s.properties.invoice_number).toEqual({ title: "invoice number", type: "string" });
    expect(s.properties.amount?.type).toBe("number");
    expect(s.properties.invoice_date).toMatchObject({ type: "string", format: "date" });
    expect(s.properties.paid?.type).toBe("boolean");
    expect(s.properties.currency).toMatchObject({ type: "string", enum: ["EUR", "USD"] });
    expect(s.properties.labels).toMatchObject({ type: "array", items: { type: "string", enum: ["a", "b"] } });
    expect(s.properties.notes?.type).toBe("string");
  });
});

describe("valuesFromRow", () => {
  it("keeps the values each attribute accepts and drops the rest", () => {
    const row = {
      invoice_number: 42,
      amount: 19.8,
      invoice_date: "2026-02-30",
      paid: null,
      currency: "JPY",
      labels: ["a"],
      notes: "",
      unknown: "x",
    };
    expect(valuesFromRow(attributes, row)).toEqual({ invoice_number: "42", amount: 19.8, labels: ["a"] });
  });

  it("answers nothing for no row", () => {
    expect(valuesFromRow(attributes, undefined)).toEqual({});
  });
});
