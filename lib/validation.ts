// zod issues → the validation_error AppError whose `fields` map each invalid field to [{error, detail}]
// (rendered as the v3 422 envelope by lib/http). No transport here: use cases validate their own inputs
// (form fields, JSON sent as strings) with the same rules as the route wrapper's params/query/body.
import type { z } from "zod";
import { AppError, type FieldError, fieldError } from "@/lib/errors";

/**
 * Whether the input has nothing at an issue's path. A path that runs into a string or another primitive
 * points inside a transformed value (a form field holding a JSON object or a list): that value was given.
 */
function absentAt(input: unknown, path: readonly PropertyKey[]): boolean {
  let cur = input;
  for (const key of path) {
    if (cur === undefined || cur === null) return true;
    if (typeof cur !== "object") return false;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur === undefined;
}

// zod v4 drops `input` from finalised issues, so "required" is decided from the input itself: a type
// error (or a refinement) on a field that is absent means the field is required; a present field of
// the wrong type is invalid.
function fieldCode(issue: z.core.$ZodIssue, input: unknown): string {
  const absent = absentAt(input, issue.path);
  if ((issue.code === "invalid_type" || issue.code === "custom") && absent) return "required";
  if (issue.code === "invalid_value") return "invalid_choice";
  if (issue.code === "unrecognized_keys") return "unknown_field";
  return "invalid";
}

export function zodFields(error: z.ZodError, root = "body", input?: unknown): Record<string, FieldError[]> {
  // No prototype: a field named "constructor" or "__proto__" is a key like any other.
  const fields: Record<string, FieldError[]> = Object.create(null);
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const name = [...issue.path.map(String), key].join(".");
        (fields[name] ??= []).push({ error: "unknown_field", detail: `Unknown field "${key}".` });
      }
      continue;
    }
    const name = issue.path.length ? issue.path.map(String).join(".") : root;
    const code = fieldCode(issue, input);
    const detail = code === "required" && issue.code === "invalid_type" ? "This field is required." : issue.message;
    (fields[name] ??= []).push({ error: code, detail });
  }
  return fields;
}

export function validationError(error: z.ZodError, root = "body", input?: unknown): AppError {
  const fields = zodFields(error, root, input);
  const names = Object.keys(fields);
  return new AppError("validation_error", `Invalid ${names.length === 1 ? "field" : "fields"}: ${names.join(", ")}.`, {
    fields,
  });
}

/** Deepest nesting of objects and arrays accepted in any input (extraction schemas need about 20). */
export const MAX_INPUT_DEPTH = 64;

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  if (Array.isArray(v)) return true;
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

// With the `u` flag a paired surrogate is one code point: only unpaired ones are in the Surrogate category.
const LONE_SURROGATE = /\p{Cs}/u;

// NUL ends C strings and Postgres refuses it in text and jsonb; a lone UTF-16 surrogate has no UTF-8 encoding.
function unstorable(text: string): string | null {
  if (text.includes("\u0000")) return "NUL characters (\\u0000) are not allowed.";
  if (LONE_SURROGATE.test(text)) return "Unpaired UTF-16 surrogates are not allowed.";
  return null;
}

/**
 * What no schema can make safe, found without recursion (a 5,000-deep body must not exhaust the stack): nesting
 * beyond MAX_INPUT_DEPTH, NUL characters and lone surrogates in strings and keys, and `__proto__` keys.
 * Returns the 422 naming the first offending field, or null.
 */
export function hostileInputError(input: unknown, root = "body"): AppError | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: input, path: [], depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string[]; depth: number };
    const name = path.length ? path.join(".") : root;
    if (typeof value === "string") {
      const problem = unstorable(value);
      if (problem) return fieldError(name, problem);
      continue;
    }
    if (!isContainer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return fieldError(name, `Nested more than ${MAX_INPUT_DEPTH} levels deep.`);
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) {
      if (key === "__proto__") return fieldError(name, `"__proto__" is not allowed as a key.`);
      const problem = unstorable(key);
      if (problem) return fieldError(name, `A key: ${problem}`);
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}

/** Throws hostileInputError's 422 when there is one. */
export function assertStorableInput(input: unknown, root = "body"): void {
  const err = hostileInputError(input, root);
  if (err) throw err;
}

/**
 * Validates with the schema, after refusing what no schema can make safe (see hostileInputError) in the input
 * and in the output (a transform may decode JSON sent as a string).
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, root = "body"): z.output<S> {
  assertStorableInput(input, root);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, root, input);
  assertStorableInput(result.data, root);
  return result.data;
}
