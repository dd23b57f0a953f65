// zod issues → the v3 422 envelope (`fields` maps each invalid field to [{error, detail}]).
import type { z } from "zod";
import { AppError, type FieldError } from "@/lib/errors";

/** The value at an issue's path in the parsed input (`undefined` when absent). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

// zod v4 drops `input` from finalised issues, so "required" is decided from the input itself: a type
// error (or a refinement) on a field that is absent means the field is required; a present field of
// the wrong type is invalid.
function fieldCode(issue: z.core.$ZodIssue, input: unknown): string {
  const absent = valueAt(input, issue.path) === undefined;
  if ((issue.code === "invalid_type" || issue.code === "custom") && absent) return "required";
  if (issue.code === "invalid_value") return "invalid_choice";
  if (issue.code === "unrecognized_keys") return "unknown_field";
  return "invalid";
}

export function zodFields(error: z.ZodError, root = "body", input?: unknown): Record<string, FieldError[]> {
  const fields: Record<string, FieldError[]> = {};
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

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, root = "body"): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, root, input);
  return result.data;
}
