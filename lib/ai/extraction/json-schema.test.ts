import { describe, expect, it } from "vitest";
import { compileSchema, SCHEMA_LIMITS, validateExtractionSchema } from "./json-schema";

const ok = (input: unknown) => {
  const r = validateExtractionSchema(input);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.schema;
};
const errors = (input: unknown) => {
  const r = validateExtractionSchema(input);
  if (r.ok) throw new Error("expected the schema to be rejected");
  return r.errors;
};

describe("validateExtractionSchema", () => {
  it("accepts an object schema with properties, nested objects and arrays", () => {
    const schema = ok({
      type: "object",
      properties: {
        invoice_number: { type: "string" },
        total: { type: "number", minimum: 0 },
        vendor: { type: "object", properties: { name: { type: "string" }, vat_id: { type: "string" } } },
        line_items: { type: "array", items: { type: "object", properties: { description: { type: "string" }, qty: { type: "integer" } } } },
      },
      required: ["invoice_number"],
    });
    expect(Object.keys(schema.properties)).toEqual(["invoice_number", "total", "vendor", "line_items"]);
  });

  it("accepts the schema as JSON text (multipart form fields) and returns a copy", () => {
    const input = { type: "object", properties: { a: { type: "string" } } };
    const schema = ok(JSON.stringify(input));
    expect(schema).toEqual(input);
    const copy = ok(input);
    expect(copy).not.toBe(input);
  });

  it("accepts draft-07 and draft 2020-12 dialects", () => {
    ok({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { a: { type: "string" } },
      definitions: { x: { type: "string" } },
    });
    ok({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { a: { $ref: "#/$defs/x" } },
      $defs: { x: { type: "string" } },
    });
    // Tuple `items` is draft-07 only: still accepted without a declared dialect.
    ok({ type: "object", properties: { pair: { type: "array", items: [{ type: "string" }, { type: "number" }] } } });
  });

  it("rejects a missing schema as required", () => {
    expect(errors(undefined)[0].error).toBe("required");
    expect(errors(null)[0].error).toBe("required");
    expect(errors("")[0].error).toBe("required");
  });

  it("rejects invalid JSON text and non-objects", () => {
    expect(errors("{not json")[0].detail).toMatch(/not valid JSON/);
    expect(errors([1, 2])[0].detail).toMatch(/JSON object/);
    expect(errors(42)[0].detail).toMatch(/JSON object/);
  });

  it("requires type object and a non-empty properties object", () => {
    expect(
      errors({ type: "array", items: {} })
        .map((e) => e.detail)
        .join(" "),
    ).toMatch(/"type": "object"/);
    expect(errors({ type: "object" })[0].detail).toMatch(/non-empty "properties"/);
    expect(errors({ type: "object", properties: {} })[0].detail).toMatch(/non-empty "properties"/);
    expect(errors({ type: "object", properties: { a: "string" } })[0].detail).toMatch(/Property "a" must be a schema object/);
  });

  it("rejects schemas that are not valid JSON Schema", () => {
    expect(errors({ type: "object", properties: { a: { type: "strng" } } })[0].detail).toMatch(/Not a valid JSON Schema/);
    expect(errors({ type: "object", properties: { a: { type: "string", minLength: -1 } } })[0].error).toBe("invalid");
    expect(errors({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } })[0].detail).toMatch(/Not a valid JSON Schema/);
  });

  it("does not fetch remote references", () => {
    expect(errors({ type: "object", properties: { a: { $ref: "https://example.com/schema.json" } } })[0].error).toBe("invalid");
  });

  it("rejects unsupported dialects", () => {
    expect(errors({ $schema: "http://json-schema.org/draft-04/schema#", type: "object", properties: { a: { type: "string" } } })[0].detail).toMatch(
      /unsupported \$schema/,
    );
  });

  it("enforces size limits: top-level properties, total properties, depth, bytes", () => {
    const many = Object.fromEntries(Array.from({ length: SCHEMA_LIMITS.maxTopLevelProperties + 1 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(errors({ type: "object", properties: many }).some((e) => e.error === "too_large")).toBe(true);

    const nested = Object.fromEntries(
      Array.from({ length: 80 }, (_, i) => [
        `o${i}`,
        { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" }, d: { type: "string" } } },
      ]),
    );
    expect(errors({ type: "object", properties: nested })[0].detail).toMatch(/over all nesting levels/);

    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < SCHEMA_LIMITS.maxDepth + 1; i++) deep = { type: "object", properties: { x: deep } };
    expect(errors(deep)[0].detail).toMatch(/levels deep/);

    const big = { type: "object", properties: { a: { type: "string", description: "x".repeat(SCHEMA_LIMITS.maxBytes) } } };
    expect(errors(big)[0].error).toBe("too_large");
    expect(errors(JSON.stringify(big))[0].error).toBe("too_large");
  });
});

describe("compileSchema", () => {
  it("validates rows and reuses compiled validators", () => {
    const schema = { type: "object", properties: { d: { type: "string", format: "date" }, e: { type: "string", format: "email" } } };
    const v = compileSchema(schema);
    expect(v({ d: "2024-12-31", e: "a@b.co" })).toBe(true);
    expect(v({ d: "2024-13-31", e: "a@b.co" })).toBe(false);
    expect(v({ d: "2024-12-31", e: "nope" })).toBe(false);
    expect(compileSchema(JSON.parse(JSON.stringify(schema)))).toBe(v);
  });
});
