// zod schemas → JSON Schema 2020-12 (OpenAPI 3.1's dialect) with z.toJSONSchema, collecting every
// `.meta({ id })` schema into one shared set of components. Request bodies and parameters are converted
// as input (defaults optional, coercions' input types), responses as output; a component whose input
// form differs from its output form gets a second entry named `<id>Input`.
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

export const SCHEMA_REF = "#/components/schemas/";
// zod emits both a format and its regex; the format alone reads better and says the same.
const FORMATS_WITH_PATTERN = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "uuid",
  "ipv4",
  "ipv6",
  "cidrv4",
  "cidrv6",
  "base64",
  "base64url",
]);
const VALUE_KEYS = new Set(["default", "const", "enum", "examples", "example"]);
/** Keywords whose value maps names (not keywords) to schemas. */
const MAP_KEYS = new Set(["properties", "patternProperties", "dependentSchemas"]);

/** Recursively tidies zod's output: no `$schema`, no ±MAX_SAFE_INTEGER bounds, refs renamed into components. */
function tidy(node: unknown, refName: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n, refName));
  if (!node || typeof node !== "object") return node;
  const src = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(src)) {
    if (key === "$schema" || key === "$defs") continue;
    if ((key === "minimum" && value === -Number.MAX_SAFE_INTEGER) || (key === "maximum" && value === Number.MAX_SAFE_INTEGER)) continue;
    if (key === "pattern" && typeof src.format === "string" && FORMATS_WITH_PATTERN.has(src.format)) continue;
    if (key === "$ref" && value === "#") out.$ref = SCHEMA_REF + refName("#");
    else if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) out.$ref = SCHEMA_REF + refName(value.slice(8));
    else if (VALUE_KEYS.has(key)) out[key] = value;
    else if (MAP_KEYS.has(key) && value && typeof value === "object") {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, tidy(sub, refName)]));
    } else out[key] = tidy(value, refName);
  }
  return out;
}

function refsIn(node: unknown, acc: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, acc));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")) acc.add(v.slice(8));
      else if (!VALUE_KEYS.has(k)) refsIn(v, acc);
    }
  }
  return acc;
}

/** Converts zod schemas and collects their `$defs` into one set of components. */
export class SchemaCollector {
  readonly schemas: Record<string, JsonSchema> = {};
  /** Raw output-mode definition of each component id, to tell whether its input form differs. */
  private readonly outputRaw = new Map<string, string>();

  /** `context` names the unnamed definitions of this conversion (recursive schemas), e.g. `WorkspacesCreateBody`. */
  convert(schema: z.ZodType, io: "input" | "output", context: string): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      io,
      target: "draft-2020-12",
      unrepresentable: "any",
      reused: "inline",
      cycles: "ref",
      metadata: z.globalRegistry,
    }) as JsonSchema;
    const defs = (raw.$defs ?? {}) as Record<string, JsonSchema>;
    const names = new Map<string, string>();
    for (const id of Object.keys(defs)) {
      // Unnamed definitions (zod's `__schemaN`, from recursion) are only unique within one conversion.
      if (!/^__schema\d+$/.test(id)) names.set(id, id);
      else names.set(id, `${context}${id.replace(/^__schema/, "_")}`);
    }
    if (io === "output") {
      for (const [id, def] of Object.entries(defs)) this.outputRaw.set(id, JSON.stringify(def));
    } else {
      for (const id of Object.keys(defs)) {
        const closure = refsIn(defs[id], new Set([id]));
        for (const dep of closure) refsIn(defs[dep], closure);
        const same = [...closure].every((d) => this.outputRaw.get(d) === JSON.stringify(defs[d]));
        if (!same && this.outputRaw.has(id)) names.set(id, `${names.get(id)}Input`);
      }
    }
    const refName = (id: string) => names.get(id) ?? id;
    // A recursive root refers to itself as "#", which means nothing once embedded: make it a component.
    if (JSON.stringify(raw).includes('"$ref":"#"')) {
      const { $defs: _defs, $schema: _dialect, ...root } = raw;
      names.set("#", context);
      defs["#"] = root;
    }
    for (const [id, def] of Object.entries(defs)) {
      const name = refName(id);
      const tidied = tidy(def, refName) as JsonSchema;
      const existing = this.schemas[name];
      if (existing && JSON.stringify(existing) !== JSON.stringify(tidied)) {
        throw new Error(`OpenAPI: two different schemas share the component name "${name}"`);
      }
      this.schemas[name] = tidied;
    }
    return names.has("#") ? { $ref: SCHEMA_REF + context } : (tidy(raw, refName) as JsonSchema);
  }

  /** The schema itself, or the component it refers to. */
  deref(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    return typeof ref === "string" && ref.startsWith(SCHEMA_REF) ? (this.schemas[ref.slice(SCHEMA_REF.length)] ?? schema) : schema;
  }
}
