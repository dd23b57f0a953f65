// Attribute values between the API (typed JSON: string, number, boolean, string[], null) and the facet
// editor's form controls (strings, or a list of strings for multi-select): one conversion each way, per type.
import type { AttributeType } from "@/lib/facets/attribute-types";
import { parseDecimal } from "./decimal";

export type Draft = string | string[];
export type ApiValue = string | number | boolean | string[] | null;

export function toDraft(type: AttributeType, value: ApiValue): Draft {
  if (type === "multi-select") return Array.isArray(value) ? value : [];
  if (value === null || value === undefined) return "";
  if (type === "boolean") return value ? "true" : "false";
  if (type === "date" && typeof value === "string") return value.slice(0, 10);
  return String(value);
}

/** The value to send; `null` clears. Numbers that do not parse stay strings so the API names the error. */
export function fromDraft(type: AttributeType, draft: Draft): ApiValue {
  if (type === "multi-select") return Array.isArray(draft) && draft.length ? draft : null;
  const s = typeof draft === "string" ? draft : "";
  if (s.trim() === "") return null;
  if (type === "number") return parseDecimal(s) ?? s;
  if (type === "boolean") return s === "true";
  return type === "rich-text" ? s : s.trim();
}

export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** How a value reads in text (read-only views). */
export function displayValue(value: ApiValue): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}
