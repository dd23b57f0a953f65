// The daily usage rollup (usage_daily): one row per company, UTC day, user, key and feature, upserted by
// recordUsage in the transaction of each usage event. Limits, spend and histograms read it, so a
// metered call's limit check costs a few rows whatever the number of events.
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { UsageFeature } from "@/lib/usage/features";
import { isoDate } from "./cycle";

export interface DailyUsageInput {
  companyId: number;
  userId?: number | null;
  apiKeyId?: string | null;
  feature: UsageFeature;
  quantity: number;
  occurredAt: Date;
}

export async function addToDailyUsage(input: DailyUsageInput, client: Prisma.TransactionClient = db()): Promise<void> {
  // An ISO date string, not a Date: a timestamptz cast to date would follow the session's TimeZone.
  const day = isoDate(input.occurredAt);
  await client.$executeRaw`
    INSERT INTO usage_daily (company_id, day, user_id, api_key_id, feature, quantity)
    VALUES (${input.companyId}, ${day}::date, ${input.userId ?? 0}, ${input.apiKeyId ?? ""}, ${input.feature}, ${input.quantity})
    ON CONFLICT (company_id, day, user_id, api_key_id, feature)
    DO UPDATE SET quantity = usage_daily.quantity + EXCLUDED.quantity`;
}
