// Free-tier credits, storage footprint and cost, usage histogram and current-period spend.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";

const zEur = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("Decimal number as text with two decimals (EUR)");
const zIsoDate = z.iso.date().describe("ISO date (YYYY-MM-DD)");
const FEATURES = ["parsing", "ingestion", "extraction", "search", "rag"] as const;

export const ZCreditEstimate = z
  .object({
    endpoint: z.string().describe('Playground operation, e.g. "POST /api/v3/parse"'),
    operations: z
      .number()
      .int()
      .nullable()
      .describe("Units the remaining credits buy at list price (pages, queries or answers); null when the unit is free"),
    unit: z.enum(["page", "query", "answer"]),
    unit_price_eur: z.string().describe("List price of one unit (decimal as text, may have more than two decimals)"),
  })
  .meta({ id: "CreditEstimate" });

export const ZCompanyCredits = z
  .object({
    limit_eur: zEur.nullable().describe("The free tier's credits (cumulative, not monthly)"),
    remaining_eur: zEur.nullable(),
    spent_eur: zEur.describe("Cumulative metered spend of the company at list price"),
    currency: z.literal("EUR"),
    estimates: z.array(ZCreditEstimate),
  })
  .meta({ id: "CompanyCredits" });
export type TCompanyCredits = z.infer<typeof ZCompanyCredits>;

export const ZCompanyStorage = z
  .object({
    limit_bytes: z
      .number()
      .int()
      .nullable()
      .describe(
        "Tier allowance: 5 GiB free and pay-as-you-go, 100 GiB business; a hard cap only on the free tier; null when limit enforcement is off (or for the exempt tier)",
      ),
    used_bytes: z.number().int().describe("Current footprint of the company's stored documents"),
  })
  .meta({ id: "CompanyStorage" });
export type TCompanyStorage = z.infer<typeof ZCompanyStorage>;

export const ZStorageCost = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .describe("Billing month (YYYY-MM, UTC)"),
    peak_bytes: z.number().int().describe("Highest footprint of the month, including what it started with; deleting files does not lower it"),
    peak_gib: z.number().int().describe("peak_bytes rounded up to whole GiB"),
    free_gib: z.number().int().describe("Tier allowance in GiB (exempt tier: equal to peak_gib, never billed)"),
    billable_gib: z.number().int().describe("max(0, peak_gib − free_gib)"),
    rate_eur_per_gib: z.string().describe("Monthly rate per GiB (decimal as text)"),
    cost: zEur.describe("billable_gib × rate; 0.00 within the allowance; equals the invoice's storage line"),
    currency: z.literal("EUR"),
  })
  .meta({ id: "StorageCost" });
export type TStorageCost = z.infer<typeof ZStorageCost>;

export const ZUsageDay = z
  .object({
    date: zIsoDate.describe("UTC day"),
    usage: z.record(z.enum(FEATURES), z.number().int()).describe("Quantity per feature (pages, queries, answers); empty on a day without usage"),
    cost: z.record(z.enum(FEATURES), zEur).describe("List-price cost per feature, same keys as `usage`"),
    total_cost: zEur,
  })
  .meta({ id: "UsageDay" });

export const ZUsageHistogram = z.array(ZUsageDay).meta({ id: "UsageHistogram" });
export type TUsageHistogram = z.infer<typeof ZUsageHistogram>;

export const ZPeriodFeature = z
  .object({
    feature: z.enum([...FEATURES, "storage"]),
    quantity: z.number().int().describe("Summed units of the period; for storage the billable GiB (peak rounded up, minus the allowance)"),
    unit: z.string(),
    cost: zEur,
  })
  .meta({ id: "PeriodFeature" });

export const ZCurrentPeriod = z
  .object({
    total_cost: zEur,
    currency: z.literal("EUR"),
    period_start: zIsoDate,
    next_period_start: zIsoDate.describe("The invoice issue date; the period runs to the day before it"),
    features: z.array(ZPeriodFeature).describe("Every feature, highest cost first"),
  })
  .meta({ id: "CurrentPeriodSpend" });
export type TCurrentPeriod = z.infer<typeof ZCurrentPeriod>;

export const ZUsageQuery = z.object({
  api_key_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("One of your own API keys (revoked ones included); omitted: every non-revoked key you own"),
});

const tag = "Usage";

export const usageEndpoints = {
  credits: defineEndpoint({
    method: "GET",
    path: "/api/v3/credits",
    tag,
    category: "credits",
    auth: "required",
    summary: "Free-tier credits: limit, remaining, spent, and what the rest buys",
    description:
      "Only for free-tier companies with limit enforcement on. Any other company (paid or exempt tier, or enforcement off) gets 403 `insufficient_permissions`: clients treat it as no free-tier credits apply. When the credits are used up, metered operations answer 403 `credits_exhausted`.",
    responses: { 200: { description: "Company credits", schema: ZCompanyCredits } },
    errors: ["insufficient_permissions"],
  }),
  storage: defineEndpoint({
    method: "GET",
    path: "/api/v3/storage",
    tag,
    category: "storage",
    auth: "required",
    summary: "The company's storage allowance and current footprint",
    responses: { 200: { description: "Company storage", schema: ZCompanyStorage } },
  }),
  storageCost: defineEndpoint({
    method: "GET",
    path: "/api/v3/storage/cost",
    tag,
    category: "storage",
    auth: "required",
    summary: "This month's storage charge (peak-based, net of the free allowance)",
    responses: { 200: { description: "Company storage cost", schema: ZStorageCost } },
  }),
  histogram: defineEndpoint({
    method: "GET",
    path: "/api/v3/usage",
    tag,
    category: "usage",
    auth: "required",
    summary: "Your usage of the last 30 days, one entry per UTC day, oldest first",
    description:
      "Aggregated over every non-revoked API key you own plus your usage without a key (console sessions, background ingestion of your uploads); or one key of yours with `api_key_id` (404 for any key you do not own). A workspace-scoped key sees its own usage only (404 for any other `api_key_id`).",
    query: ZUsageQuery,
    responses: { 200: { description: "Usage histogram (30 days, dense)", schema: ZUsageHistogram } },
    errors: ["not_found"],
  }),
  currentPeriod: defineEndpoint({
    method: "GET",
    path: "/api/v3/usage/current-period",
    tag,
    category: "usage",
    auth: "required",
    summary: "Company-wide spend of the open billing period, by feature (an estimate at list price)",
    responses: { 200: { description: "Current-period spend", schema: ZCurrentPeriod } },
  }),
};
