// Budget, alert thresholds and alert events (write operations: company admins).
import { z } from "zod";
import { AMOUNT_PATTERN } from "@/lib/billing/money";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zBoolString, zIntId, zPaginated, zTimestamp } from "./common";

const zEur = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("Decimal number as text with two decimals (EUR)");
const zIsoDate = z.iso.date().describe("ISO date (YYYY-MM-DD)");

/** A decimal amount in a request: a string ("100", "99.50"); JSON numbers are accepted and read as text. */
export const zAmountInput = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z.string().trim().regex(AMOUNT_PATTERN, { error: 'Must be a non-negative decimal with at most two decimals, e.g. "100.00".' }),
);

export const THRESHOLD_TYPES = ["percentage", "amount_eur"] as const;
export type TThresholdType = (typeof THRESHOLD_TYPES)[number];

export const ZBudgetAlert = z
  .object({
    id: z.number().int(),
    is_enabled: z.boolean(),
    threshold_type: z.enum(THRESHOLD_TYPES).describe("`percentage` of the budget amount, or an absolute `amount_eur`"),
    threshold_value: z.string().describe('Decimal as text: percent (0 < v ≤ 1000, e.g. "80.00") or euros (e.g. "250.00")'),
  })
  .meta({ id: "BudgetAlert" });
export type TBudgetAlert = z.infer<typeof ZBudgetAlert>;

export const ZBudget = z
  .object({
    is_enabled: z
      .boolean()
      .describe("Whether the budget is enforced: metered operations answer 403 `budget_exhausted` once the cycle's spend reaches `amount_eur`"),
    amount_eur: zEur,
    current_cycle_start: zIsoDate,
    next_cycle_start: zIsoDate,
    monthly_spend_eur: zEur.describe("Spend of the current cycle at list price: metered usage plus the storage line"),
    available_eur: zEur.describe("amount_eur − monthly_spend_eur, never below 0.00"),
    currency: z.literal("EUR"),
    alerts: z.array(ZBudgetAlert),
  })
  .meta({ id: "Budget" });
export type TBudget = z.infer<typeof ZBudget>;

export const ZBudgetPut = z.object({ amount_eur: zAmountInput, is_enabled: zBoolString });

export const ZBudgetAlertCreate = z.object({
  threshold_type: z.enum(THRESHOLD_TYPES),
  threshold_value: zAmountInput,
  is_enabled: zBoolString.optional().describe("Default true"),
});
export const ZBudgetAlertUpdate = ZBudgetAlertCreate.partial();
export const ZBudgetAlertsToggle = z.object({ is_enabled: zBoolString });

export const ZBudgetAlertEvent = z
  .object({
    id: z.number().int(),
    alert_id: z.number().int().nullable().describe("null once the alert was deleted"),
    cycle_start: zIsoDate,
    threshold_type: z.enum(THRESHOLD_TYPES),
    threshold_value: z.string(),
    threshold_eur: zEur.describe("The threshold in euros when it was crossed"),
    spend_eur: zEur.describe("The cycle's spend when the threshold was crossed"),
    budget_amount_eur: zEur,
    email_status: z.enum(["not_configured", "pending", "sent", "failed"]).describe("`not_configured` when no SMTP server is set (console only)"),
    emailed_at: zTimestamp.nullable(),
    created_at: zTimestamp,
  })
  .meta({ id: "BudgetAlertEvent" });
export type TBudgetAlertEvent = z.infer<typeof ZBudgetAlertEvent>;

const tag = "Budget";
const category = "billing" as const;
const alertParams = z.object({ id: zIntId });
const bodyKinds = ["json", "form", "multipart"] as const;

export const billingEndpoints = {
  getBudget: defineEndpoint({
    method: "GET",
    path: "/api/v3/billing/budget",
    tag,
    category,
    auth: "required",
    summary: "The company's monthly budget with the current cycle's spend",
    responses: { 200: { description: "Budget", schema: ZBudget } },
    errors: ["not_found"],
  }),
  putBudget: defineEndpoint({
    method: "PUT",
    path: "/api/v3/billing/budget",
    tag,
    category,
    auth: "required",
    summary: "Create or replace the budget (company admins)",
    description:
      "Body as JSON, form-urlencoded or multipart: `amount_eur` (decimal string) and `is_enabled` (boolean; `true`/`false` in forms). 201 when the budget is created, 200 when updated.",
    body: ZBudgetPut,
    bodyKinds,
    responses: { 200: { description: "Updated budget", schema: ZBudget }, 201: { description: "Created budget", schema: ZBudget } },
    errors: ["insufficient_permissions"],
  }),
  deleteBudget: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/billing/budget",
    tag,
    category,
    auth: "required",
    summary: "Delete the budget and all its alerts (company admins)",
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found", "insufficient_permissions"],
  }),
  listAlerts: defineEndpoint({
    method: "GET",
    path: "/api/v3/billing/budget/alerts",
    tag,
    category,
    auth: "required",
    summary: "The budget's alert thresholds (a plain array, oldest first)",
    responses: { 200: { description: "Alerts", schema: z.array(ZBudgetAlert) } },
    errors: ["not_found"],
  }),
  createAlert: defineEndpoint({
    method: "POST",
    path: "/api/v3/billing/budget/alerts",
    tag,
    category,
    auth: "required",
    summary: "Add an alert threshold (company admins)",
    description:
      "Body as JSON, form-urlencoded or multipart: `threshold_type` (`percentage` of the budget amount, or `amount_eur`), `threshold_value` (decimal string; a percentage must be above 0 and at most 1000), optional `is_enabled` (default true). When the cycle's spend reaches an enabled threshold (whether or not the budget is enforced), one alert event is recorded per cycle (see `GET /api/v3/billing/budget/alert-events`) and e-mailed to the company admins when SMTP is configured. 404 when there is no budget; 409 when the same threshold exists.",
    body: ZBudgetAlertCreate,
    bodyKinds,
    responses: { 201: { description: "Alert", schema: ZBudgetAlert } },
    errors: ["not_found", "conflict", "insufficient_permissions"],
  }),
  toggleAlerts: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/billing/budget/alerts",
    tag,
    category,
    auth: "required",
    summary: "Enable or disable every alert at once (company admins)",
    description: "Body `{is_enabled}`; answers `{updated}`, the number of alerts whose state changed.",
    body: ZBudgetAlertsToggle,
    bodyKinds,
    responses: { 200: { description: "Bulk toggle result", schema: z.object({ updated: z.number().int() }) } },
    errors: ["not_found", "insufficient_permissions"],
  }),
  updateAlert: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/billing/budget/alerts/{id}",
    tag,
    category,
    auth: "required",
    summary: "Change an alert threshold (company admins)",
    description: "Partial body: any of `threshold_type`, `threshold_value`, `is_enabled`. A changed threshold may fire again in the current cycle.",
    params: alertParams,
    body: ZBudgetAlertUpdate,
    bodyKinds,
    bodyOptional: true,
    responses: { 200: { description: "Alert", schema: ZBudgetAlert } },
    errors: ["not_found", "conflict", "insufficient_permissions"],
  }),
  deleteAlert: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/billing/budget/alerts/{id}",
    tag,
    category,
    auth: "required",
    summary: "Delete an alert threshold (company admins)",
    params: alertParams,
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found", "insufficient_permissions"],
  }),
  listAlertEvents: defineEndpoint({
    method: "GET",
    path: "/api/v3/billing/budget/alert-events",
    tag,
    category,
    auth: "required",
    summary: "Alert thresholds crossed, newest first (what the console shows)",
    description: "One event per alert and billing cycle, kept after the alert or the budget is deleted.",
    query: ZPageQuery,
    responses: { 200: { description: "Paginated alert events", schema: zPaginated(ZBudgetAlertEvent) } },
  }),
};
