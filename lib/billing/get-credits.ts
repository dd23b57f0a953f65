// Free-tier credits: cumulative metered spend against FREE_TIER_CREDITS_EUR, and what the rest buys.
import type { Principal } from "@/lib/auth/principal";
import { forbidden } from "@/lib/errors";
import { billingCompany } from "./company";
import { CURRENCY, formatEur, maxMoney, ZERO } from "./money";
import { FEATURE_UNITS, freeTierCredits, priceList } from "./prices";
import { cumulativeMeteredSpend } from "./spend";

/** The playground's metered operations and the feature each is billed as. */
export const PLAYGROUND_ENDPOINTS = [
  { endpoint: "POST /api/v3/parse", feature: "parsing" },
  { endpoint: "POST /api/v3/extract", feature: "extraction" },
  { endpoint: "POST /api/v3/files", feature: "ingestion" },
  { endpoint: "POST /api/v3/search", feature: "search" },
  { endpoint: "POST /api/v3/ask", feature: "rag" },
] as const;

/** Whether free-tier credits apply to the caller's company (the console asks for them only then). */
export async function freeCreditsApply(p: Principal): Promise<boolean> {
  const company = await billingCompany(p.companyId);
  return company.tier === "free" && company.limitEnforcement;
}

export async function getCredits(p: Principal) {
  const company = await billingCompany(p.companyId);
  if (company.tier !== "free" || !company.limitEnforcement) {
    throw forbidden("Free-tier credits apply only to free-tier companies with limit enforcement; none apply to this company.");
  }
  const limit = freeTierCredits();
  const spent = await cumulativeMeteredSpend(company.id);
  const remaining = maxMoney(limit.minus(spent), ZERO);
  const prices = priceList();
  return {
    limit_eur: formatEur(limit),
    remaining_eur: formatEur(remaining),
    spent_eur: formatEur(spent),
    currency: CURRENCY,
    estimates: PLAYGROUND_ENDPOINTS.map(({ endpoint, feature }) => {
      const price = prices[feature];
      return {
        endpoint,
        operations: price.isZero() ? null : remaining.dividedToIntegerBy(price).toNumber(),
        unit: FEATURE_UNITS[feature] as "page" | "query" | "answer",
        unit_price_eur: price.toFixed(Math.max(2, price.decimalPlaces())),
      };
    }),
  };
}
