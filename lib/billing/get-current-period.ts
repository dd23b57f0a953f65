// Company-wide spend of the open billing period: every metered feature and the storage line.
import type { Principal } from "@/lib/auth/principal";
import { billingCompany } from "./company";
import { currentCycle, isoDate } from "./cycle";
import { CURRENCY, formatEur } from "./money";
import { FEATURE_UNITS } from "./prices";
import { periodSpend } from "./spend";

export async function getCurrentPeriod(p: Principal) {
  const spend = await periodSpend(await billingCompany(p.companyId), currentCycle());
  return {
    total_cost: formatEur(spend.total),
    currency: CURRENCY,
    period_start: isoDate(spend.cycle.start),
    next_period_start: isoDate(spend.cycle.next),
    features: spend.lines.map((l) => ({ feature: l.feature, quantity: Number(l.quantity), unit: FEATURE_UNITS[l.feature], cost: formatEur(l.cost) })),
  };
}
