// Raw extracted rows → rows of the caller's schema: every top-level property present (null when nothing was
// found), values coerced to the schema's types, then each row validated with ajv.
//
// Coercion per sub-schema: `format: date` → YYYY-MM-DD and `date-time` → RFC 3339 from many written forms,
// numbers/integers from 1.234,50 · 1,234.50 · 1 234,50 € · (1,234.00) · -12%, booleans (yes/no/ja/nein/
// oui/non/x/✓…), enums (case/accent-insensitive), `format: email`, strings trimmed. Nested objects always
// come back as objects with all their properties; arrays are coerced item-wise (items that coerce to null
// are dropped). A value that cannot be coerced becomes null.
//
// Validation choice: a property that still fails the schema after coercion (pattern, minimum, maxLength,
// minItems…) is set to null instead of failing the job: one bad field must not throw away the other fields
// of the row, and null is already how the API says "no usable value found". Nulls themselves are accepted
// for every property, whatever its declared type (the API contract: a property without a value is null).
import type { ErrorObject } from "ajv";
import { compileSchema, type ObjectSchema } from "./json-schema";
import { parseDate, parseDateTime } from "./values/date";
import { type Locale, parseInteger, parseNumber } from "./values/number";
import { matchEnum, parseBoolean, parseEmail, toText } from "./values/text";

type Schema = Record<string, unknown>;

export interface CoerceOptions {
  /** Document language: settles 03/04/2024 (en month first) and 1.234 (de/fr thousands). */
  locale?: Locale | string | null;
}

interface Ctx {
  root: Schema;
  locale?: Locale;
  depth: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Coerces and validates rows; see the file comment for the rules. Pure apart from ajv's compile cache. */
export function coerceRows(schema: ObjectSchema, rows: unknown[], opts: CoerceOptions = {}): Record<string, unknown>[] {
  const locale = opts.locale === "en" || opts.locale === "de" || opts.locale === "fr" ? opts.locale : undefined;
  const ctx: Ctx = { root: schema, locale, depth: 0 };
  const validate = compileSchema(schema);
  return rows.map((raw) => {
    const row = coerceObject(schema, isObj(raw) ? raw : {}, ctx);
    return enforceSchema(row, validate);
  });
}

/** Coerces one value to a sub-schema (exported for the extractors, which type their candidates with it). */
export function coerceValue(schema: Schema, value: unknown, opts: CoerceOptions = {}, root: Schema = schema): unknown {
  const locale = opts.locale === "en" || opts.locale === "de" || opts.locale === "fr" ? opts.locale : undefined;
  return coerce(schema, value, { root, locale, depth: 0 });
}

function resolve(schema: Schema, ctx: Ctx): Schema {
  let s = schema;
  for (let i = 0; i < 8 && typeof s.$ref === "string"; i++) {
    const ref = s.$ref as string;
    if (!ref.startsWith("#")) return {};
    let target: unknown = ctx.root;
    for (const part of ref.slice(1).split("/").filter(Boolean)) {
      target = isObj(target) ? target[decodeURIComponent(part.replace(/~1/g, "/").replace(/~0/g, "~"))] : undefined;
    }
    if (!isObj(target)) return {};
    const { $ref: _ref, ...rest } = s;
    s = { ...target, ...rest };
  }
  return s;
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === "string");
  if (isObj(schema.properties)) return ["object"];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ["array"];
  return [];
}

function coerce(raw: Schema, value: unknown, ctx: Ctx): unknown {
  if (ctx.depth > 32) return null;
  const schema = resolve(raw, ctx);
  const sub = { ...ctx, depth: ctx.depth + 1 };
  if (value === undefined) value = null;
  if ("const" in schema) return matchEnum(value, [schema.const], (v) => parseNumber(v, ctx.locale)) === undefined ? null : schema.const;
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) {
      const types = typesOf(schema);
      for (const option of options) {
        if (!isObj(option)) continue;
        const merged = types.length && !("type" in option) ? { ...option, type: schema.type } : option;
        const out = coerce(merged, value, sub);
        if (out !== null && !(isObj(out) && Object.values(out).every((v) => v === null))) return out;
      }
      const firstObject = options.find((o) => isObj(o) && typesOf(resolve(o as Schema, ctx)).includes("object"));
      return firstObject ? coerce(firstObject as Schema, null, sub) : null;
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf.reduce<Schema>((acc, s) => (isObj(s) ? mergeSchemas(acc, resolve(s, ctx)) : acc), { ...schema, allOf: undefined });
    return coerce(merged, value, sub);
  }
  if (Array.isArray(schema.enum)) {
    const m = matchEnum(typeof value === "string" ? toText(value) : value, schema.enum, (v) => parseNumber(v, ctx.locale));
    return m === undefined ? null : m;
  }
  const types = typesOf(schema);
  if (types.includes("object")) {
    if (isObj(value)) return coerceObject(schema, value, sub);
    if (typeof value === "string" && value.trim().startsWith("{")) {
      try {
        const parsed = JSON.parse(value);
        if (isObj(parsed)) return coerceObject(schema, parsed, sub);
      } catch {
        /* not JSON: falls through */
      }
    }
    if (types.length === 1) return coerceObject(schema, {}, sub);
  }
  if (types.includes("array")) {
    const out = coerceArray(schema, value, sub);
    if (out !== null || types.length === 1) return out;
  }
  if (value === null) return null;
  // Most specific type first so that "12" becomes 12 for ["integer", "string"].
  for (const t of ["integer", "number", "boolean", "string", "null"]) {
    if (!types.includes(t) && !(t === "string" && types.length === 0)) continue;
    const out = coerceScalar(t, schema, value, ctx);
    if (out !== null) return out;
  }
  return null;
}

function coerceScalar(type: string, schema: Schema, value: unknown, ctx: Ctx): unknown {
  if (isObj(value)) return null;
  switch (type) {
    case "integer":
      return parseInteger(Array.isArray(value) ? value[0] : value, ctx.locale);
    case "number":
      return parseNumber(Array.isArray(value) ? value[0] : value, ctx.locale);
    case "boolean":
      return parseBoolean(value);
    case "null":
      return null;
    case "string": {
      const text = toText(value);
      if (text === null) return null;
      switch (schema.format) {
        case "date":
          return parseDate(text, ctx.locale);
        case "date-time":
          return parseDateTime(text, ctx.locale);
        case "email":
        case "idn-email":
          return parseEmail(text);
        default:
          return text;
      }
    }
  }
  return null;
}

function coerceObject(schema: Schema, value: Record<string, unknown>, ctx: Ctx): Record<string, unknown> {
  const props = isObj(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(props)) out[name] = isObj(sub) ? coerce(sub, value[name], ctx) : (value[name] ?? null);
  return out;
}

function coerceArray(schema: Schema, value: unknown, ctx: Ctx): unknown[] | null {
  if (value === null || value === undefined) return null;
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === "string") {
    const s = value.trim();
    if (!s) return null;
    try {
      const parsed = s.startsWith("[") ? JSON.parse(s) : undefined;
      list = Array.isArray(parsed) ? parsed : s.split(/\s*(?:[;\n•]|,(?!\d))\s*/).filter(Boolean);
    } catch {
      list = s.split(/\s*(?:[;\n•]|,(?!\d))\s*/).filter(Boolean);
    }
  } else list = [value];
  const items = isObj(schema.items) ? (schema.items as Schema) : {};
  const out = list
    .map((v) => coerce(items, v, ctx))
    .filter((v) => v !== null && !(isObj(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => x === null)));
  return out;
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (isObj(a.properties) || isObj(b.properties)) out.properties = { ...(a.properties as Schema), ...(b.properties as Schema) };
  return out;
}

// ---------------------------------------------------------------- validation after coercion

function pointer(path: string): string[] {
  return path
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function getAt(root: unknown, parts: string[]): unknown {
  let cur = root;
  for (const p of parts) cur = Array.isArray(cur) ? cur[Number(p)] : isObj(cur) ? cur[p] : undefined;
  return cur;
}

/** Nulls (or, inside arrays, removes) the value at a failing path. Returns false when nothing could change. */
function clearAt(row: Record<string, unknown>, parts: string[]): boolean {
  if (!parts.length) return false;
  const parent = getAt(row, parts.slice(0, -1));
  const last = parts[parts.length - 1];
  if (Array.isArray(parent)) {
    parent.splice(Number(last), 1);
    return true;
  }
  if (isObj(parent) && parent[last] !== null) {
    parent[last] = null;
    return true;
  }
  return false;
}

function relevant(row: Record<string, unknown>, err: ErrorObject): boolean {
  // Nulls stand for "not found" and are accepted for every property whatever its type.
  return getAt(row, pointer(err.instancePath)) !== null;
}

function enforceSchema(row: Record<string, unknown>, validate: ReturnType<typeof compileSchema>): Record<string, unknown> {
  for (let round = 0; round < 20; round++) {
    if (validate(row)) return row;
    const errors = (validate.errors ?? []).filter((e) => relevant(row, e));
    if (!errors.length) return row;
    // Deepest paths first so that array indexes stay valid while items are removed.
    const paths = [...new Set(errors.map((e) => e.instancePath))].sort((a, b) => b.length - a.length || b.localeCompare(a, "en", { numeric: true }));
    let changed = false;
    for (const p of paths) changed = clearAt(row, pointer(p)) || changed;
    if (!changed) return row; // root-level constraints (minProperties, if/then…) cannot be fixed by nulling a field
  }
  return row;
}
