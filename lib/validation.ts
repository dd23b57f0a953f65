// zod issues → the validation_error AppError whose `fields` map each invalid field to [{error, detail}]
// (rendered as the v3 422 envelope by lib/http). No transport here: use cases validate their own inputs
// (form fields, JSON sent as strings) with the same rules as the route wrapper's params/query/body.
import type { z } from "zod";
import { AppError, type FieldError } from "@/lib/errors";

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
