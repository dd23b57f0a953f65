// OpenAI's structured-output strict mode accepts a subset of JSON Schema: every object closed
// (additionalProperties: false) with all its properties required, optional values expressed as
// nullable types. This rewrites a caller's schema into that form when it only uses supported keywords;
// otherwise the original is sent with strict: false (the model is still asked for JSON, and coercion +
// validation afterwards keep the rows in shape).

type Schema = Record<string, unknown>;

// Keywords strict mode does not take (or that this rewrite cannot keep faithful).
const UNSUPPORTED = new Set([
  "$ref",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "patternProperties",
  "dependentRequired",
  "dependentSchemas",
  "prefixItems",
  "unevaluatedProperties",
  "propertyNames",
  "contains",
]);
// Annotations dropped from the strict copy (they are still in the prompt).
const DROP = new Set(["$schema", "$id", "examples", "default", "$comment", "readOnly", "writeOnly", "deprecated"]);

// String formats structured outputs accept; others are dropped from the copy sent (coercion checks them).
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

const isObj = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

class Unsupported extends Error {}

function nullable(type: unknown): unknown {
  if (typeof type === "string") return type === "null" ? type : [type, "null"];
  if (Array.isArray(type)) return type.includes("null") ? type : [...type, "null"];
  return type;
}

function rewrite(node: Schema, depth: number): Schema {
  if (depth > 10) throw new Unsupported();
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    if (UNSUPPORTED.has(k)) throw new Unsupported();
    if (DROP.has(k) || (k === "format" && !FORMATS.has(String(v)))) continue;
    out[k] = v;
  }
  if (isObj(node.properties)) {
    const props: Schema = {};
    for (const [name, sub] of Object.entries(node.properties)) {
      if (!isObj(sub)) throw new Unsupported();
      props[name] = nullableSchema(rewrite(sub, depth + 1));
    }
    out.properties = props;
    out.required = Object.keys(props);
    out.additionalProperties = false;
    out.type = "object";
  } else if (node.type === "object") throw new Unsupported(); // free-form objects cannot be strict
  if (isObj(node.items)) out.items = rewrite(node.items, depth + 1);
  if (Array.isArray(node.anyOf)) out.anyOf = node.anyOf.map((s) => (isObj(s) ? rewrite(s, depth + 1) : s));
  return out;
}

function nullableSchema(s: Schema): Schema {
  if (s.type !== undefined) {
    const out: Schema = { ...s, type: nullable(s.type) };
    if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
    return out;
  }
  if (Array.isArray(s.anyOf)) return s.anyOf.some((o) => isObj(o) && o.type === "null") ? s : { ...s, anyOf: [...s.anyOf, { type: "null" }] };
  if (Array.isArray(s.enum)) return s.enum.includes(null) ? s : { ...s, enum: [...s.enum, null] };
  return { anyOf: [s, { type: "null" }] };
}

/** The row schema to send and whether it can be sent with strict: true. */
export function toStrictSchema(schema: Schema): { schema: Schema; strict: boolean } {
  try {
    return { schema: rewrite(schema, 0), strict: true };
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    const { $schema: _s, $id: _i, ...rest } = schema;
    return { schema: rest, strict: false };
  }
}
