// Content-type attributes as an extraction schema, and the extractor's row back as attribute values:
// the bridge between facets and the extract engine (lib/ai/extraction). Pure: no database, no model.
import type { ObjectSchema } from "@/lib/ai/extraction/types";
import { type AttributeType, type JsonValue, toStored } from "./attribute-types";

/** What the bridge needs of an attribute (a carried ContentTypeAttribute). */
export interface SchemaAttribute {
  name: string;
  attributeType: string;
  label: string;
  description: string;
  choices: readonly string[];
}

function propertyOf(a: SchemaAttribute): Record<string, unknown> {
  const base = { title: a.label, ...(a.description ? { description: a.description } : {}) };
  switch (a.attributeType as AttributeType) {
    case "number":
      return { ...base, type: "number" };
    case "date":
      return { ...base, type: "string", format: "date" };
    case "boolean":
      return { ...base, type: "boolean" };
    case "select":
      return { ...base, type: "string", enum: [...a.choices] };
    case "multi-select":
      return { ...base, type: "array", items: { type: "string", enum: [...a.choices] } };
    default:
      return { ...base, type: "string" };
  }
}

/** The JSON Schema of a node's attributes: one property per attribute, typed by its attribute type. */
export function attributesSchema(attributes: readonly SchemaAttribute[]): ObjectSchema {
  return { type: "object", properties: Object.fromEntries(attributes.map((a) => [a.name, propertyOf(a)])) };
}

/**
 * The extracted row as attribute values: only values the attribute accepts (toStored), so a suggestion can
 * always be saved as it is; anything else (missing, empty, outside the choices) is left out.
 */
export function valuesFromRow(attributes: readonly SchemaAttribute[], row: Record<string, unknown> | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  if (!row) return out;
  for (const a of attributes) {
    const raw = row[a.name];
    if (raw === null || raw === undefined || raw === "" || (Array.isArray(raw) && raw.length === 0)) continue;
    const value = a.attributeType === "text" && typeof raw === "number" ? String(raw) : raw;
    if (typeof toStored(a.attributeType as AttributeType, a.choices, value) === "string") continue;
    out[a.name] = value as JsonValue;
  }
  return out;
}
