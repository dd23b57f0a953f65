// Attribute types (spec "Content type node and attribute"): the canonical names and their aliases,
// reserved names, and how a value of each type is checked, stored in its typed column and read back.
import type { FileAttributeValue } from "@/lib/db/generated/client";

export const ATTRIBUTE_TYPES = ["text", "number", "date", "boolean", "select", "multi-select", "rich-text"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

const ALIASES: Record<string, AttributeType> = {
  multi_select: "multi-select",
  multiselect: "multi-select",
  rich_text: "rich-text",
  richtext: "rich-text",
};

/** Every accepted spelling (canonical names and aliases). */
export const ATTRIBUTE_TYPE_INPUTS = [...ATTRIBUTE_TYPES, ...Object.keys(ALIASES)] as const;

export function canonicalType(input: string): AttributeType | null {
  const s = input.trim().toLowerCase();
  if ((ATTRIBUTE_TYPES as readonly string[]).includes(s)) return s as AttributeType;
  return ALIASES[s] ?? null;
}

export const hasChoices = (t: AttributeType) => t === "select" || t === "multi-select";

/** Names an attribute may not take: they collide with fields of nodes, facets and files. */
export const RESERVED_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  "id",
  "path",
  "type",
  "code",
  "label",
  "name",
  "description",
  "created_at",
  "updated_at",
  "value",
  "values",
  "attributes",
  "attribute",
  "attribute_type",
  "choices",
  "required",
  "children",
  "labels",
  "content_type",
  "content_types",
  "file",
  "file_id",
  "filename",
  "title",
  "extension",
  "status",
  "tags",
  "workspace",
  "workspace_id",
  "company",
  "company_id",
  "parent",
  "parent_path",
  "depth",
]);

export const MAX_TEXT_LENGTH = 1000;
export const MAX_RICH_TEXT_LENGTH = 100_000;
/** Length of the lower-cased, indexed prefix of a text value (value_key). */
export const VALUE_KEY_LENGTH = 200;

/** The typed columns of one stored value. */
export interface StoredValue {
  valueText: string | null;
  valueKey: string | null;
  valueNumber: number | null;
  valueDate: Date | null;
  valueBool: boolean | null;
  valueArray: string[];
}

export type JsonValue = string | number | boolean | string[] | null;

export const valueKeyOf = (text: string) => text.slice(0, VALUE_KEY_LENGTH).toLowerCase();

const empty = (): StoredValue => ({ valueText: null, valueKey: null, valueNumber: null, valueDate: null, valueBool: null, valueArray: [] });

/**
 * Checks `value` against the attribute's type and choices; returns the typed columns, or the reason
 * the value is invalid. Numbers may arrive as numeric strings, booleans as "true"/"false", dates as
 * `YYYY-MM-DD`.
 */
export function toStored(type: AttributeType, choices: readonly string[], value: unknown): StoredValue | string {
  const out = empty();
  switch (type) {
    case "text":
    case "rich-text": {
      if (typeof value !== "string") return "expected a string";
      const max = type === "text" ? MAX_TEXT_LENGTH : MAX_RICH_TEXT_LENGTH;
      if (value.length > max) return `at most ${max} characters`;
      out.valueText = value;
      out.valueKey = valueKeyOf(value);
      return out;
    }
    case "number": {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      if (!Number.isFinite(n)) return "expected a number";
      out.valueNumber = n;
      return out;
    }
    case "date": {
      if (typeof value !== "string") return "expected a date YYYY-MM-DD";
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
      const d = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) : null;
      if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value.trim() || Number(m[1]) < 1) {
        return "expected a date YYYY-MM-DD";
      }
      out.valueDate = d;
      return out;
    }
    case "boolean": {
      const b = value === true || value === "true" ? true : value === false || value === "false" ? false : null;
      if (b === null) return "expected true or false";
      out.valueBool = b;
      return out;
    }
    case "select": {
      if (typeof value !== "string" || !choices.includes(value)) return `expected one of: ${choices.join(", ")}`;
      out.valueText = value;
      out.valueKey = valueKeyOf(value);
      return out;
    }
    case "multi-select": {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return "expected an array of choices";
      const bad = value.filter((v) => !choices.includes(v));
      if (bad.length) return `not among the choices: ${bad.join(", ")} (choices: ${choices.join(", ")})`;
      out.valueArray = [...new Set(value as string[])];
      return out;
    }
  }
}

/** The JSON value of a stored row, by the attribute's type. */
export function fromStored(type: string, v: Pick<FileAttributeValue, keyof StoredValue>): JsonValue {
  switch (type) {
    case "number":
      return v.valueNumber;
    case "date":
      return v.valueDate ? v.valueDate.toISOString().slice(0, 10) : null;
    case "boolean":
      return v.valueBool;
    case "multi-select":
      return v.valueArray ?? [];
    default:
      return v.valueText;
  }
}
