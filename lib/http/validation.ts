// zod issues → the v3 422 envelope (`fields` maps each invalid field to [{error, detail}]).
import type { z } from "zod";
import { AppError, type FieldError } from "./errors";

function fieldCode(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined) return "required";
  if (issue.code === "invalid_value") return "invalid_choice";
  if (issue.code === "unrecognized_keys") return "unknown_field";
  return "invalid";
}

export function zodFields(error: z.ZodError, root = "body"): Record<string, FieldError[]> {
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
    const code = fieldCode(issue);
    const detail = code === "required" ? "This field is required." : issue.message;
    (fields[name] ??= []).push({ error: code, detail });
  }
  return fields;
}

export function validationError(error: z.ZodError, root = "body"): AppError {
  const fields = zodFields(error, root);
  const names = Object.keys(fields);
  return new AppError("validation_error", `Invalid ${names.length === 1 ? "field" : "fields"}: ${names.join(", ")}.`, {
    fields,
  });
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, root = "body"): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, root);
  return result.data;
}
