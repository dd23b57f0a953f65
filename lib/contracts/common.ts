// Shared zod building blocks for request and response contracts.
import { z } from "zod";

/** Ids are Postgres `integer` columns: a larger number is refused as a 422 rather than failing the query. */
export const INT32_MAX = 2147483647;

/**
 * Digits only → number; anything else stays as sent, so the number schema refuses it. `Number()` alone would
 * accept "0x6", " 6" (%206), "6.0", "1e1" and "" as numbers.
 */
const decimalOnly = (v: unknown) => (typeof v === "string" && /^[0-9]{1,16}$/.test(v) ? Number(v) : v);

/** Integer path (or query) id, decimal digits only: anything else is a 422 on the `id` field. */
export const zIntId = z.preprocess(
  decimalOnly,
  z
    .number({ error: "Must be a decimal integer." })
    .int({ error: "Must be an integer." })
    .min(1, { error: "Must be a positive integer." })
    .max(INT32_MAX, { error: "Out of range." }),
);

/** Positive integer id in a JSON body (a JSON number). */
export const zBodyId = z
  .number({ error: "Must be an integer id." })
  .int({ error: "Must be an integer id." })
  .min(1)
  .max(INT32_MAX, { error: "Out of range." });

/** Positive integer id in a text form field: decimal digits only. */
export const zFormId = z
  .string()
  .regex(/^[0-9]{1,10}$/, { error: "Must be a decimal integer." })
  .transform(Number)
  .pipe(zBodyId);

/** An integer within [min, max] in a query string, decimal digits only. */
export function zQueryInt(min: number, max: number) {
  return z.preprocess(decimalOnly, z.number({ error: "Must be a decimal integer." }).int().min(min).max(max));
}

/** Boolean in query strings and forms: true/false/1/0. */
export const zBoolString = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "True", "False"])])
  .transform((v) => (typeof v === "boolean" ? v : v === "true" || v === "1" || v === "True"));

export const zTimestamp = z.iso.datetime({ offset: true }).describe("ISO 8601 timestamp");

export const ZPageQuery = z.object({
  page: zQueryInt(1, 1_000_000).default(1).describe("1-based page number"),
  page_size: zQueryInt(1, 500).default(50).describe("Results per page (1–500, default 50)"),
});

export function zPaginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const ZFieldError = z.object({ error: z.string(), detail: z.string() });

export const ZErrorEnvelope = z
  .object({
    id: z.string().nullable(),
    code: z.number().int(),
    error: z.string(),
    detail: z.string(),
    doc_url: z.string(),
    index: z.number().int().optional(),
    fields: z.record(z.string(), z.array(ZFieldError)).optional(),
  })
  .meta({ id: "Error" });

export const ZMaintenanceError = z
  .object({
    detail: z.string(),
    error: z.literal("service_maintenance"),
    mode: z.string(),
    reason: z.string(),
    started_at: zTimestamp,
    endpoint_category_names: z.array(z.string()),
  })
  .meta({ id: "MaintenanceError" });

export const ZUserRef = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
