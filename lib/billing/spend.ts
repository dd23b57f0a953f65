// Spend at list price, read from the daily rollup of usage events (metering at the source) plus the storage line.
import { db } from "@/lib/db/client";
import type { CompanyTier, Prisma } from "@/lib/db/generated/client";
import { USAGE_FEATURES, type UsageFeature } from "@/lib/usage/features";
import type { BillingCycle } from "./cycle";
import { sum, type TMoney } from "./money";
import { BILLING_FEATURES, type BillingFeature, isUsageFeature, lineCost, priceList } from "./prices";
import { type StorageCost, storageCostForCycle } from "./storage-cost";

export type UsageTotals = Record<UsageFeature, bigint>;

export function emptyTotals(): UsageTotals {
  return Object.fromEntries(USAGE_FEATURES.map((f) => [f, 0n])) as UsageTotals;
}

/**
 * Summed quantities per metered feature of a company's usage in [from, to) (open ends when omitted), from
 * the daily rollup: bounds are UTC days (billing cycles start at midnight UTC).
 */
export async function usageTotals(
  companyId: number,
  range: { from?: Date; to?: Date },
  client: Prisma.TransactionClient = db(),
): Promise<UsageTotals> {
  const rows = await client.usageDaily.groupBy({
    by: ["feature"],
    where: { companyId, day: { ...(range.from ? { gte: range.from } : {}), ...(range.to ? { lt: range.to } : {}) } },
    _sum: { quantity: true },
  });
  const totals = emptyTotals();
  for (const r of rows) if (isUsageFeature(r.feature)) totals[r.feature] = BigInt(r._sum.quantity ?? 0);
  return totals;
}

export interface SpendLine {
  feature: BillingFeature;
  quantity: bigint;
  cost: TMoney;
}

export interface PeriodSpend {
  cycle: BillingCycle;
  lines: SpendLine[];
  total: TMoney;
  storage: StorageCost;
}

/** Highest cost first; ties keep the fixed feature order so the list is stable. */
export function byCostDesc(a: SpendLine, b: SpendLine): number {
  const c = b.cost.comparedTo(a.cost);
  return c !== 0 ? c : BILLING_FEATURES.indexOf(a.feature) - BILLING_FEATURES.indexOf(b.feature);
}

/** The company's spend of one billing cycle: every metered feature plus storage, each line rounded to the cent. */
export async function periodSpend(
  company: { id: number; tier: CompanyTier },
  cycle: BillingCycle,
  client: Prisma.TransactionClient = db(),
): Promise<PeriodSpend> {
  const prices = priceList();
  const totals = await usageTotals(company.id, { from: cycle.start, to: cycle.next }, client);
  const storage = await storageCostForCycle(company.id, company.tier, cycle, client);
  const lines: SpendLine[] = USAGE_FEATURES.map((feature) => ({
    feature,
    quantity: totals[feature],
    cost: lineCost(feature, totals[feature], prices),
  }));
  lines.push({ feature: "storage", quantity: storage.billableGib, cost: storage.cost });
  lines.sort(byCostDesc);
  return { cycle, lines, total: sum(lines.map((l) => l.cost)), storage };
}

/** All metered usage ever, at today's list price (what free-tier credits are measured against; no storage). */
export async function cumulativeMeteredSpend(companyId: number, client: Prisma.TransactionClient = db()): Promise<TMoney> {
  const prices = priceList();
  const totals = await usageTotals(companyId, {}, client);
  return sum(USAGE_FEATURES.map((f) => lineCost(f, totals[f], prices)));
}
