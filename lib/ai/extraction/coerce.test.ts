import { describe, expect, it } from "vitest";
import { coerceRows, coerceValue } from "./coerce";
import type { ObjectSchema } from "./json-schema";

const one = (schema: Record<string, unknown>, value: unknown, locale?: "en" | "de" | "fr") => coerceValue(schema, value, { locale });
const num = { type: "number" };
const int = { type: "integer" };
const date = { type: "string", format: "date" };
const dateTime = { type: "string", format: "date-time" };

describe("numbers", () => {
  it.each([
    ["1.234,50", 1234.5],
    ["1,234.50", 1234.5],
    ["1 234,50 €", 1234.5],
    ["1\u00a0234,50\u00a0EUR", 1234.5],
    ["1\u202f234,50", 1234.5],
    ["1'234.50", 1234.5],
    ["(1,234.00)", -1234],
    ["-12%", -12],
    ["12,5 %", 12.5],
    ["−5", -5],
    ["12-", -12],
    ["€ 99.99", 99.99],
    ["$1,000,000", 1000000],
    ["EUR 12", 12],
    ["12,- €", 12],
    ["3 pcs", 3],
    ["0.5", 0.5],
    [".75", 0.75],
    ["1,234,567.89", 1234567.89],
    ["1.234.567,89", 1234567.89],
    [42, 42],
    ["**1.250,00**", 1250],
  ])("%j → %j", (input, expected) => {
    expect(one(num, input)).toBeCloseTo(expected as number, 6);
  });

  it.each([["abc"], ["12 apples and 3 pears"], ["1.23.4"], ["1,23,45"], [""], [true], [{}], ["12/31/2024"]])("%j → null", (input) => {
    expect(one(num, input)).toBeNull();
  });

  it("reads a lone separator before three digits by locale", () => {
    expect(one(num, "1,234")).toBe(1234);
    expect(one(num, "1.234")).toBe(1.234);
    expect(one(num, "1.234", "de")).toBe(1234);
    expect(one(num, "1,234", "de")).toBe(1.234);
    expect(one(num, "1,234", "fr")).toBe(1.234);
    expect(one(num, "0,125")).toBe(0.125);
  });

  it("integers: whole numbers only", () => {
    expect(one(int, "1.000", "de")).toBe(1000);
    expect(one(int, "7.0")).toBe(7);
    expect(one(int, "12 Stk.")).toBe(12);
    expect(one(int, "7.5")).toBeNull();
  });
});

describe("dates", () => {
  it.each([
    ["2024-12-31", "2024-12-31"],
    ["2024/12/31", "2024-12-31"],
    ["31.12.2024", "2024-12-31"],
    ["1.2.2024", "2024-02-01"],
    ["31.12.24", "2024-12-31"],
    ["31-12-2024", "2024-12-31"],
    ["12/31/2024", "2024-12-31"],
    ["31/12/2024", "2024-12-31"],
    ["31 December 2024", "2024-12-31"],
    ["December 31, 2024", "2024-12-31"],
    ["Dec. 31st 2024", "2024-12-31"],
    ["1st of May 2024", "2024-05-01"],
    ["5-Mar-2024", "2024-03-05"],
    ["31. Dezember 2024", "2024-12-31"],
    ["3. März 2024", "2024-03-03"],
    ["Montag, 4. März 2024", "2024-03-04"],
    ["1er janvier 2024", "2024-01-01"],
    ["le 5 mars 2024", "2024-03-05"],
    ["lundi 12 février 2024", "2024-02-12"],
    ["15 août 2024", "2024-08-15"],
    ["2024-12-31T10:00:00Z", "2024-12-31"],
    ["20241231", "2024-12-31"],
  ])("%j → %j", (input, expected) => {
    expect(one(date, input)).toBe(expected);
  });

  it("settles day/month order by locale when both parts are ≤ 12", () => {
    expect(one(date, "03/04/2024")).toBe("2024-03-04");
    expect(one(date, "03/04/2024", "en")).toBe("2024-03-04");
    expect(one(date, "03/04/2024", "de")).toBe("2024-04-03");
    expect(one(date, "03/04/2024", "fr")).toBe("2024-04-03");
    expect(one(date, "03.04.2024", "en")).toBe("2024-04-03");
  });

  it.each([["30.02.2024"], ["2024-13-01"], ["31/31/2024"], ["March 2024"], ["soon"], ["12"], [true]])("%j → null", (input) => {
    expect(one(date, input)).toBeNull();
  });

  it("date-time: RFC 3339 with offsets kept, UTC assumed otherwise", () => {
    expect(one(dateTime, "2024-12-31 14:30")).toBe("2024-12-31T14:30:00Z");
    expect(one(dateTime, "2024-12-31T14:30:05+0100")).toBe("2024-12-31T14:30:05+01:00");
    expect(one(dateTime, "31.12.2024 14:30 Uhr")).toBe("2024-12-31T14:30:00Z");
    expect(one(dateTime, "December 31, 2024 at 2:30 PM")).toBe("2024-12-31T14:30:00Z");
    expect(one(dateTime, "31/12/2024 14h30", "fr")).toBe("2024-12-31T14:30:00Z");
    expect(one(dateTime, "31.12.2024")).toBe("2024-12-31T00:00:00Z");
    expect(one(dateTime, "not a date")).toBeNull();
  });
});

describe("booleans, enums, e-mails, strings", () => {
  it.each([
    ["yes", true],
    ["No", false],
    ["ja", true],
    ["Nein", false],
    ["oui", true],
    ["non", false],
    ["true", true],
    ["FALSE", false],
    ["x", true],
    ["✓", true],
    ["☐", false],
    ["[x]", true],
    ["1", true],
    [0, false],
    [true, true],
    ["maybe", null],
    ["", null],
  ])("boolean %j → %j", (input, expected) => {
    expect(one({ type: "boolean" }, input)).toBe(expected);
  });

  it("enums match case-, accent- and punctuation-insensitively, by containment and by small typos", () => {
    const status = { enum: ["Paid", "Partially paid", "Überfällig", "Open"] };
    expect(one(status, "PAID")).toBe("Paid");
    expect(one(status, "partially-paid")).toBe("Partially paid");
    expect(one(status, "ueberfaellig")).toBe("Überfällig"); // transliterated umlauts are within the typo budget
    expect(one(status, "uberfallig")).toBe("Überfällig");
    expect(one(status, "Status: paid in full")).toBe("Paid");
    expect(one(status, "Partialy paid")).toBe("Partially paid");
    expect(one(status, "Opne")).toBeNull(); // short members allow no typo
    expect(one(status, "closed")).toBeNull();
    expect(one({ type: "integer", enum: [1, 2, 3] }, "2")).toBe(2);
    expect(one({ enum: [true, false] }, "ja")).toBe(true);
    expect(one({ const: "EUR" }, "eur")).toBe("EUR");
  });

  it("e-mails are picked out of text, domain lower-cased", () => {
    const email = { type: "string", format: "email" };
    expect(one(email, "Mail: Foo.Bar@Example.COM")).toBe("Foo.Bar@example.com");
    expect(one(email, "[billing@acme.io](mailto:billing@acme.io)")).toBe("billing@acme.io");
    expect(one(email, "first\\_last@acme.io")).toBe("first_last@acme.io");
    expect(one(email, "no address")).toBeNull();
  });

  it("strings are trimmed, scalars stringified, arrays joined, objects dropped", () => {
    const s = { type: "string" };
    expect(one(s, "  ACME   GmbH \n")).toBe("ACME GmbH");
    expect(one(s, 1234)).toBe("1234");
    expect(one(s, ["a", "b"])).toBe("a, b");
    expect(one(s, "   ")).toBeNull();
    expect(one(s, { a: 1 })).toBeNull();
  });

  it("multi-type properties take the most specific type", () => {
    expect(one({ type: ["integer", "string"] }, "12")).toBe(12);
    expect(one({ type: ["integer", "string"] }, "twelve")).toBe("twelve");
    expect(one({ type: ["number", "null"] }, "n/a")).toBeNull();
    expect(one({ anyOf: [{ type: "number" }, { type: "string", format: "date" }] }, "31.12.2024")).toBe("2024-12-31");
  });
});

describe("coerceRows", () => {
  const schema: ObjectSchema = {
    type: "object",
    properties: {
      invoice_number: { type: "string" },
      total: { type: "number", minimum: 0 },
      issued: { type: "string", format: "date" },
      vendor: { type: "object", properties: { name: { type: "string" }, address: { type: "object", properties: { city: { type: "string" } } } } },
      tags: { type: "array", items: { type: "string" } },
      line_items: { type: "array", items: { type: "object", properties: { description: { type: "string" }, qty: { type: "integer" } } } },
      code: { type: "string", pattern: "^[A-Z]{3}$" },
      $ref_field: { $ref: "#/$defs/money" },
    },
    $defs: { money: { type: "number" } },
  };

  it("gives every row every property, nulls where nothing was found, nested objects in full", () => {
    const [row] = coerceRows(schema, [{ unrelated: 1 }]);
    expect(row).toEqual({
      invoice_number: null,
      total: null,
      issued: null,
      vendor: { name: null, address: { city: null } },
      tags: null,
      line_items: null,
      code: null,
      $ref_field: null,
    });
  });

  it("coerces values, nested objects, arrays item-wise and local $refs", () => {
    const [row] = coerceRows(
      schema,
      [
        {
          invoice_number: " INV-1 ",
          total: "1.234,50 €",
          issued: "31. Dezember 2024",
          vendor: { name: "ACME", address: { city: " Berlin " } },
          tags: "urgent; paid, export",
          line_items: [{ description: "Widget", qty: "3" }, { description: null, qty: "x" }, "junk"],
          code: "EUR",
          $ref_field: "12,50",
        },
      ],
      { locale: "de" },
    );
    expect(row).toEqual({
      invoice_number: "INV-1",
      total: 1234.5,
      issued: "2024-12-31",
      vendor: { name: "ACME", address: { city: "Berlin" } },
      tags: ["urgent", "paid", "export"],
      line_items: [{ description: "Widget", qty: 3 }],
      code: "EUR",
      $ref_field: 12.5,
    });
  });

  it("sets a property that fails validation after coercion to null instead of failing the row", () => {
    const [row] = coerceRows(schema, [{ invoice_number: "A", total: "-5", code: "euro" }]);
    expect(row.invoice_number).toBe("A");
    expect(row.total).toBeNull(); // minimum: 0
    expect(row.code).toBeNull(); // pattern
  });

  it("removes array items that fail validation and nulls arrays that fail as a whole", () => {
    const s: ObjectSchema = {
      type: "object",
      properties: {
        codes: { type: "array", items: { type: "string", maxLength: 3 } },
        pair: { type: "array", items: { type: "number" }, minItems: 2 },
      },
    };
    const [row] = coerceRows(s, [{ codes: ["ABC", "TOOLONG", "XY"], pair: [1] }]);
    expect(row).toEqual({ codes: ["ABC", "XY"], pair: null });
  });

  it("accepts JSON text for objects and arrays (models sometimes answer so)", () => {
    const [row] = coerceRows(schema, [{ vendor: '{"name":"B"}', line_items: '[{"description":"D","qty":2}]' }]);
    expect(row.vendor).toEqual({ name: "B", address: { city: null } });
    expect(row.line_items).toEqual([{ description: "D", qty: 2 }]);
  });

  it("is idempotent: coercing coerced rows changes nothing", () => {
    const first = coerceRows(schema, [{ total: "(1,234.00)", issued: "12/31/2024", tags: ["a"], line_items: [{ description: "x", qty: 1 }] }]);
    expect(first[0].total).toBeNull(); // negative fails minimum
    const again = coerceRows(schema, first);
    expect(again).toEqual(first);
  });

  it("turns non-object rows into all-null rows", () => {
    const rows = coerceRows({ type: "object", properties: { a: { type: "string" } } }, [null, "text", 3]);
    expect(rows).toEqual([{ a: null }, { a: null }, { a: null }]);
  });
});
