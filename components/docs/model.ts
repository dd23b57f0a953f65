// Read-side helpers for the docs page: grouping operations, resolving $refs and describing schemas.
import type { JsonSchema, OpenApiDocument, OperationObject } from "@/lib/openapi/generate";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

export interface DocOperation {
  method: string;
  path: string;
  op: OperationObject;
  anchor: string;
}

export interface DocTagGroup {
  tag: string;
  description?: string;
  anchor: string;
  operations: DocOperation[];
}

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
export const tagAnchor = (tag: string) => `tag-${slug(tag)}`;
export const operationAnchor = (operationId: string) => `op-${slug(operationId)}`;
export const schemaAnchor = (name: string) => `schema-${slug(name)}`;

/** Operations grouped by tag, in the document's tag order, then path and method order. */
export function groupOperations(doc: OpenApiDocument): DocTagGroup[] {
  const groups = new Map<string, DocTagGroup>();
  for (const t of doc.tags) groups.set(t.name, { tag: t.name, description: t.description, anchor: tagAnchor(t.name), operations: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, { tag, anchor: tagAnchor(tag), operations: [] });
      groups.get(tag)!.operations.push({ method, path, op, anchor: operationAnchor(op.operationId) });
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** Component name of a `#/components/schemas/X` reference, else undefined. */
export function refName(schema: JsonSchema | undefined): string | undefined {
  const ref = schema?.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
}

export function deref(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  const name = refName(schema);
  return (name ? doc.components.schemas[name] : schema) ?? {};
}

const asSchemas = (v: unknown): JsonSchema[] => (Array.isArray(v) ? (v as JsonSchema[]) : []);
const isNull = (s: JsonSchema) => s.type === "null";

/** Union branches (anyOf/oneOf) without the `null` branch, and whether null is allowed. */
export function branches(schema: JsonSchema): { variants: JsonSchema[]; nullable: boolean } {
  const all = [...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf)];
  return { variants: all.filter((s) => !isNull(s)), nullable: all.some(isNull) };
}

/** A short type label: `string (date-time)`, `array<Workspace>`, `integer | null`, `map<string, …>`. */
export function typeLabel(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  const name = refName(schema);
  if (name) return name;
  if ("const" in schema) return JSON.stringify(schema.const);
  const { variants, nullable } = branches(schema);
  if (variants.length || nullable) {
    const label = variants.map((v) => typeLabel(doc, v)).join(" | ") || "null";
    return nullable ? `${label} | null` : label;
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (!types.length) return Array.isArray(schema.enum) ? "enum" : "any";
  return types
    .map((t) => {
      if (t === "array") return `array<${typeLabel(doc, schema.items as JsonSchema | undefined)}>`;
      if (t === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties) {
        return `map<string, ${typeLabel(doc, schema.additionalProperties as JsonSchema)}>`;
      }
      if (t === "string" && typeof schema.format === "string") return `string (${schema.format})`;
      return t;
    })
    .join(" | ");
}

/** Human-readable constraints: allowed values, default, bounds, lengths, pattern. */
export function constraints(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  const { variants } = branches(schema);
  if (variants.length === 1 && !refName(variants[0])) out.push(...constraints(variants[0]));
  if (Array.isArray(schema.enum)) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if ("default" in schema) out.push(`default ${JSON.stringify(schema.default)}`);
  const pairs: [string, string][] = [
    ["minimum", "≥"],
    ["exclusiveMinimum", ">"],
    ["maximum", "≤"],
    ["exclusiveMaximum", "<"],
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minItems", "min items"],
    ["maxItems", "max items"],
  ];
  for (const [key, label] of pairs) if (typeof schema[key] === "number") out.push(`${label} ${schema[key]}`);
  if (typeof schema.pattern === "string") out.push(`pattern ${schema.pattern}`);
  if (schema.items && typeof schema.items === "object" && !refName(schema.items as JsonSchema)) {
    out.push(...constraints(schema.items as JsonSchema).map((c) => `each item: ${c}`));
  }
  return out;
}

export interface SchemaField {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/**
 * The fields shown under a schema: an object's properties, a map's values (as `{key}`), or the
 * fields of an array's items / a nullable's non-null branch.
 */
export function fieldsOf(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): SchemaField[] {
  if (!schema || depth > 8) return [];
  const s = deref(doc, schema);
  if (s.properties && typeof s.properties === "object") {
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    return Object.entries(s.properties as Record<string, JsonSchema>).map(([name, sub]) => ({ name, schema: sub, required: required.has(name) }));
  }
  if (s.additionalProperties && typeof s.additionalProperties === "object") {
    return [{ name: "{key}", schema: s.additionalProperties as JsonSchema, required: false }];
  }
  if (s.items && typeof s.items === "object") return fieldsOf(doc, s.items as JsonSchema, depth + 1);
  const { variants } = branches(s);
  if (variants.length === 1) return fieldsOf(doc, variants[0], depth + 1);
  return [];
}

/** Component names referenced directly by a schema (its own ref, array items, nullable branch). */
export function refsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const name = refName(schema);
  if (name) return [name];
  const items = schema.items && typeof schema.items === "object" ? refsOf(schema.items as JsonSchema) : [];
  const { variants } = branches(schema);
  return [...items, ...(variants.length === 1 ? refsOf(variants[0]) : [])];
}

export const MEDIA_LABELS: Record<string, string> = {
  "application/json": "JSON",
  "application/x-www-form-urlencoded": "form",
  "multipart/form-data": "multipart",
};
