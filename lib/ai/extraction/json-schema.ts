// Validation of the caller's extraction schema (POST /extract `schema`): a JSON Schema of an object with
// properties, compiled with ajv so that an invalid schema is rejected before any work starts, and the
// compiled row validator reused by ./coerce.ts.
//
// Dialects: draft 2020-12 (default when `$schema` is absent) and draft-07 (`$schema` naming draft-07, or a
// schema that only compiles under draft-07, e.g. tuple `items: [...]`). Unknown keywords are tolerated
// (`strict: false`: callers annotate schemas with vendor keywords), but every known keyword is checked
// against its meta-schema, formats are validated (ajv-formats) and remote `$ref`s are never fetched.
import Ajv, { type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { ObjectSchema } from "./types";

export type { ObjectSchema } from "./types";

/** Limits that keep a schema small enough to extract into and to send to a model. */
export const SCHEMA_LIMITS = {
  /** Serialized size in bytes. */
  maxBytes: 64 * 1024,
  /** Properties at the top level. */
  maxTopLevelProperties: 100,
  /** Properties counted over every nesting level. */
  maxTotalProperties: 300,
  /** Nesting of object/array schemas below the root (root = 0). */
  maxDepth: 5,
} as const;

export interface SchemaIssue {
  /** `required`, `invalid` or `too_large` (the field-error codes of lib/errors.ts). */
  error: string;
  detail: string;
}

export type SchemaValidation = { ok: true; schema: ObjectSchema } | { ok: false; errors: SchemaIssue[] };

const DRAFT_07 = /json-schema\.org\/draft-07\/schema/;
const DRAFT_2020 = /json-schema\.org\/draft\/2020-12\/schema/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fail(error: string, detail: string): SchemaValidation {
  return { ok: false, errors: [{ error, detail }] };
}

function newAjv(dialect: "2020-12" | "draft-07"): Ajv {
  const opts = { strict: false, allErrors: true, validateFormats: true, loadSchema: undefined } as const;
  const ajv = dialect === "2020-12" ? new Ajv2020(opts) : new Ajv(opts);
  addFormats(ajv);
  return ajv;
}

/** Compiled row validators by serialized schema (one ajv instance each, so eviction frees everything). */
const compiled = new Map<string, ValidateFunction>();
const CACHE_SIZE = 32;

/** Compiles (or reuses) the validator of a schema. Throws ajv's error when the schema does not compile. */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const declared = typeof schema.$schema === "string" ? schema.$schema : undefined;
  let validate: ValidateFunction;
  if (declared && DRAFT_07.test(declared)) validate = newAjv("draft-07").compile(schema);
  else if (declared && !DRAFT_2020.test(declared)) throw new Error(`unsupported $schema "${declared}": use draft 2020-12 or draft-07`);
  else {
    try {
      validate = newAjv("2020-12").compile(schema);
    } catch (err) {
      // Without a declared dialect, a draft-07 schema (tuple `items`, `additionalItems`) is still accepted.
      if (declared) throw err;
      try {
        validate = newAjv("draft-07").compile(schema);
      } catch {
        throw err;
      }
    }
  }
  compiled.set(key, validate);
  if (compiled.size > CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  return validate;
}

/** Depth and property counts over nested `properties`, `items`, `prefixItems`, combinators and `$defs`. */
function measure(node: unknown, depth: number, acc: { total: number; depth: number }): void {
  if (!isPlainObject(node)) return;
  acc.depth = Math.max(acc.depth, depth);
  if (isPlainObject(node.properties)) {
    const props = Object.values(node.properties);
    acc.total += props.length;
    for (const p of props) measure(p, depth + 1, acc);
  }
  if (isPlainObject(node.items)) measure(node.items, depth + 1, acc);
  for (const key of ["items", "prefixItems", "anyOf", "oneOf", "allOf"]) {
    const list = node[key];
    if (Array.isArray(list)) for (const s of list) measure(s, key.endsWith("Of") ? depth : depth + 1, acc);
  }
  for (const key of ["$defs", "definitions"]) {
    const defs = node[key];
    if (isPlainObject(defs)) for (const s of Object.values(defs)) measure(s, depth, acc);
  }
}

/**
 * Checks a caller's extraction schema. Accepts the object itself or its JSON text (multipart form fields).
 * Errors use the field-error shape so the API can answer 422 with `fields.schema`.
 */
export function validateExtractionSchema(input: unknown): SchemaValidation {
  if (input === undefined || input === null || input === "") return fail("required", "A JSON Schema is required.");
  let value = input;
  if (typeof value === "string") {
    if (Buffer.byteLength(value) > SCHEMA_LIMITS.maxBytes) return fail("too_large", `The schema exceeds ${SCHEMA_LIMITS.maxBytes} bytes.`);
    try {
      value = JSON.parse(value);
    } catch {
      return fail("invalid", "The schema is not valid JSON.");
    }
  }
  if (!isPlainObject(value)) return fail("invalid", "The schema must be a JSON object.");
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text) > SCHEMA_LIMITS.maxBytes) return fail("too_large", `The schema exceeds ${SCHEMA_LIMITS.maxBytes} bytes.`);
  const schema = JSON.parse(text) as Record<string, unknown>; // deep copy: the caller's object is never kept

  const errors: SchemaIssue[] = [];
  const type = schema.type;
  if (type !== "object") errors.push({ error: "invalid", detail: 'The schema must have "type": "object".' });
  const props = schema.properties;
  if (!isPlainObject(props) || Object.keys(props).length === 0) {
    errors.push({ error: "invalid", detail: 'The schema must have a non-empty "properties" object.' });
  } else {
    for (const [name, sub] of Object.entries(props)) {
      if (!isPlainObject(sub)) errors.push({ error: "invalid", detail: `Property "${name}" must be a schema object.` });
      if (!name.trim()) errors.push({ error: "invalid", detail: "Property names must not be empty." });
    }
    if (Object.keys(props).length > SCHEMA_LIMITS.maxTopLevelProperties) {
      errors.push({ error: "too_large", detail: `At most ${SCHEMA_LIMITS.maxTopLevelProperties} top-level properties are allowed.` });
    }
  }
  if (errors.length) return { ok: false, errors };

  const acc = { total: 0, depth: 0 };
  measure(schema, 0, acc);
  if (acc.total > SCHEMA_LIMITS.maxTotalProperties) {
    errors.push({
      error: "too_large",
      detail: `At most ${SCHEMA_LIMITS.maxTotalProperties} properties are allowed over all nesting levels (found ${acc.total}).`,
    });
  }
  if (acc.depth > SCHEMA_LIMITS.maxDepth) {
    errors.push({ error: "too_large", detail: `Schemas may nest at most ${SCHEMA_LIMITS.maxDepth} levels deep.` });
  }
  if (errors.length) return { ok: false, errors };

  try {
    compileSchema(schema);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return fail("invalid", `Not a valid JSON Schema: ${msg.replace(/^schema is invalid: /, "")}`);
  }
  return { ok: true, schema: schema as ObjectSchema };
}
