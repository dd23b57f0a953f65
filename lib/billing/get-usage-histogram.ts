// The caller's usage of the last 30 UTC days, dense and oldest first, with list-price costs.
import { isWorkspaceScoped } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";
import type { UsageFeature } from "@/lib/usage/features";
import { isoDate, lastDays } from "./cycle";
import { formatEur, sum } from "./money";
import { isUsageFeature, lineCost, priceList } from "./prices";

export const HISTOGRAM_DAYS = 30;

/**
 * Without `apiKeyId`: events of the user's non-revoked keys, plus the user's events without a key (console
 * sessions, background ingestion of their uploads). With it: that key's events, if the user owns it
 * (otherwise 404: other users' keys are not disclosed). A workspace-scoped key sees its own usage only: its
 * owner's other keys are outside the workspace it grants (any other `apiKeyId` is 404 to it).
 */
export async function getUsageHistogram(p: Principal, apiKeyId?: string) {
  const days = lastDays(HISTOGRAM_DAYS, now());
  const from = days[0];
  const to = new Date(days[days.length - 1].getTime() + 86_400_000);

  let scope: Prisma.Sql;
  if (isWorkspaceScoped(p)) {
    if (apiKeyId !== undefined && apiKeyId !== p.apiKey!.id) throw notFound("API key");
    scope = Prisma.sql`api_key_id = ${p.apiKey!.id}`;
  } else if (apiKeyId !== undefined) {
    const key = await db().apiKey.findFirst({ where: { id: apiKeyId, userId: p.user.id, companyId: p.companyId }, select: { id: true } });
    if (!key) throw notFound("API key");
    scope = Prisma.sql`api_key_id = ${key.id}`;
  } else {
    const keys = await db().apiKey.findMany({ where: { userId: p.user.id, companyId: p.companyId, revokedAt: null }, select: { id: true } });
    scope = Prisma.sql`(api_key_id = ANY(${keys.map((k) => k.id)}::text[]) OR (api_key_id = '' AND user_id = ${p.user.id}))`;
  }
  // The daily rollup (usage_daily) has one row per day, user, key and feature: a few hundred rows at most.
  const rows = await db().$queryRaw<{ day: string; feature: string; quantity: bigint }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, feature, SUM(quantity)::bigint AS quantity
    FROM usage_daily
    WHERE company_id = ${p.companyId} AND day >= ${isoDate(from)}::date AND day < ${isoDate(to)}::date AND ${scope}
    GROUP BY 1, 2`;

  const byDay = new Map<string, Map<UsageFeature, bigint>>();
  for (const r of rows) {
    if (!isUsageFeature(r.feature)) continue;
    const m = byDay.get(r.day) ?? new Map<UsageFeature, bigint>();
    m.set(r.feature, BigInt(r.quantity));
    byDay.set(r.day, m);
  }
  const prices = priceList();
  return days.map((d) => {
    const date = isoDate(d);
    const usage: Partial<Record<UsageFeature, number>> = {};
    const cost: Partial<Record<UsageFeature, string>> = {};
    const costs = [];
    for (const [feature, quantity] of byDay.get(date) ?? []) {
      const c = lineCost(feature, quantity, prices);
      usage[feature] = Number(quantity);
      cost[feature] = formatEur(c);
      costs.push(c);
    }
    return { date, usage, cost, total_cost: formatEur(sum(costs)) };
  });
}
