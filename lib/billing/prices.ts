// The one price list (EUR per unit, from configuration) and the cost of usage at list price.
import { env } from "@/lib/env";
import { USAGE_FEATURES, type UsageFeature } from "@/lib/usage/features";
import { money, type TMoney, toCents } from "./money";

export const BILLING_FEATURES = [...USAGE_FEATURES, "storage"] as const;
export type BillingFeature = (typeof BILLING_FEATURES)[number];

export const FEATURE_UNITS: Record<BillingFeature, string> = {
  parsing: "page",
  ingestion: "page",
  extraction: "page",
  search: "query",
  rag: "answer",
  storage: "GiB-month",
};

export type PriceList = Record<BillingFeature, TMoney>;

export function priceList(): PriceList {
  const e = env();
  return {
    parsing: money(e.PRICE_PARSING_PER_PAGE),
    ingestion: money(e.PRICE_INGESTION_PER_PAGE),
    extraction: money(e.PRICE_EXTRACTION_PER_PAGE),
    search: money(e.PRICE_SEARCH_PER_QUERY),
    rag: money(e.PRICE_RAG_PER_ANSWER),
    storage: money(e.PRICE_STORAGE_PER_GIB_MONTH),
  };
}

/** One line's cost: quantity × unit price, rounded half-up to the cent (a line is what an invoice shows). */
export function lineCost(feature: BillingFeature, quantity: number | bigint, prices: PriceList = priceList()): TMoney {
  return toCents(prices[feature].times(money(quantity)));
}

export function freeTierCredits(): TMoney {
  return money(env().FREE_TIER_CREDITS_EUR);
}

export function isUsageFeature(f: string): f is UsageFeature {
  return (USAGE_FEATURES as readonly string[]).includes(f);
}
