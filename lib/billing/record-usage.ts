// Metering at the source: each billable operation writes a usage event, ideally in the same
// transaction as its result (pass the transaction client). Billing owns the write so that the daily
// rollup it reads and the budget alerts it checks happen in that same transaction; it reads nothing else.
// The daily rollup (usage_daily) has one row per company, UTC day, user, key and feature: limits, spend and
// histograms read it, so a metered call's limit check costs a few rows whatever the number of events. Its day
// is an ISO date string, not a Date: a timestamptz cast to date would follow the session's TimeZone.
import type { Principal } from "@/lib/auth/principal";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { UsageFeature } from "@/lib/usage/features";
import { checkBudgetAlerts } from "./check-budget-alerts";
import { isoDate } from "./cycle";

export interface UsageInput {
  feature: UsageFeature;
  quantity: number;
  companyId: number;
  userId?: number | null;
  apiKeyId?: string | null;
  metadata?: Prisma.InputJsonValue;
  occurredAt?: Date;
}

export function usageFrom(p: Principal): Pick<UsageInput, "companyId" | "userId" | "apiKeyId"> {
  return { companyId: p.companyId, userId: p.user.id, apiKeyId: p.apiKey?.id ?? null };
}

export async function recordUsage(input: UsageInput, client: Prisma.TransactionClient = db()): Promise<void> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0) {
    throw new Error(`usage quantity must be a non-negative integer, got ${input.quantity}`);
  }
  if (input.quantity === 0) return;
  const occurredAt = input.occurredAt ?? now();
  // The event and its daily rollup in one statement (atomic even without a transaction, one round trip on
  // every metered request); it also tells whether the company has an enabled budget alert to check.
  const day = isoDate(occurredAt);
  const rows = await client.$queryRaw<{ has_alerts: boolean }[]>`
    WITH event AS (
      INSERT INTO usage_events (company_id, user_id, api_key_id, feature, quantity, metadata, occurred_at)
      VALUES (${input.companyId}, ${input.userId ?? null}, ${input.apiKeyId ?? null}, ${input.feature}, ${input.quantity},
              ${JSON.stringify(input.metadata ?? {})}::jsonb, ${occurredAt})
      RETURNING company_id
    ), daily AS (
      INSERT INTO usage_daily (company_id, day, user_id, api_key_id, feature, quantity)
      SELECT company_id, ${day}::date, ${input.userId ?? 0}, ${input.apiKeyId ?? ""}, ${input.feature}, ${input.quantity} FROM event
      ON CONFLICT (company_id, day, user_id, api_key_id, feature)
      DO UPDATE SET quantity = usage_daily.quantity + EXCLUDED.quantity
    )
    SELECT EXISTS (SELECT 1 FROM budget_alerts WHERE company_id = ${input.companyId} AND is_enabled) AS has_alerts`;
  if (rows[0]?.has_alerts) await checkBudgetAlerts(input.companyId, client);
}
