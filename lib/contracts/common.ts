// Shared zod building blocks for request and response contracts.
import { z } from "zod";

/** Integer path id: anything else is a 422 on the `id` field. */
export const zIntId = z.coerce
  .number({ error: "Must be an integer." })
  .int({ error: "Must be an integer." })
  .min(1, { error: "Must be a positive integer." })
  .max(2147483647, { error: "Out of range." });

/** Boolean in query strings and forms: true/false/1/0. */
export const zBoolString = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "True", "False"])])
  .transform((v) => (typeof v === "boolean" ? v : v === "true" || v === "1" || v === "True"));

export const zTimestamp = z.iso.datetime({ offset: true }).describe("ISO 8601 timestamp");

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe("1-based page number"),
  page_size: z.coerce.number().int().min(1).max(500).default(50).describe("Results per page (1–500, default 50)"),
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
