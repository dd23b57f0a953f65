// Storage line of the invoice: the month's peak footprint rounded up to whole GiB, minus the tier's free
// allowance, at the per-GiB monthly rate. Deleting files mid-month does not lower the peak.
import { db } from "@/lib/db/client";
import type { CompanyTier, Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { companyStorageBytes } from "@/lib/files/storage-footprint";
import { type BillingCycle, monthKey } from "./cycle";
import { formatEur, type TMoney } from "./money";
import { lineCost, type PriceList, priceList } from "./prices";

export const GIB = 1024n ** 3n;

/**
 * Free storage per tier for billing. Unlike the upload cap this does not depend on limit enforcement
 * (a company without enforcement still gets its allowance); the exempt tier is never charged (null).
 */
export function billingAllowanceBytes(tier: CompanyTier): bigint | null {
  const e = env();
  switch (tier) {
    case "free":
      return BigInt(e.STORAGE_ALLOWANCE_FREE_BYTES);
    case "payg":
      return BigInt(e.STORAGE_ALLOWANCE_PAYG_BYTES);
    case "business":
      return BigInt(e.STORAGE_ALLOWANCE_BUSINESS_BYTES);
    default:
      return null;
  }
}

export interface PeakInputs {
  /** peak_bytes of the month's storage_months row, if any change was recorded this month. */
  recordedPeak: bigint | null;
  /** current_bytes of the latest earlier month: the footprint the month started with. */
  carriedOver: bigint | null;
  /** The live footprint now. */
  live: bigint;
}

/**
 * The month's peak. A month's row is only written on a change, so the footprint it started with (carried
 * over from the last recorded month) counts too: deleting everything on the 2nd still bills the 1st.
 */
export function monthPeakBytes({ recordedPeak, carriedOver, live }: PeakInputs): bigint {
  let peak = live;
  if (recordedPeak !== null && recordedPeak > peak) peak = recordedPeak;
  if (carriedOver !== null && carriedOver > peak) peak = carriedOver;
  return peak;
}

export const ceilGib = (bytes: bigint): bigint => (bytes + GIB - 1n) / GIB;

export interface StorageCharge {
  peakGib: bigint;
  freeGib: bigint;
  billableGib: bigint;
  cost: TMoney;
}

export function storageCharge(peakBytes: bigint, allowanceBytes: bigint | null, prices: PriceList = priceList()): StorageCharge {
  const peakGib = ceilGib(peakBytes);
  // Exempt: everything is free. Allowances are whole GiB by default; a custom odd value is rounded down.
  const freeGib = allowanceBytes === null ? peakGib : allowanceBytes / GIB;
  const billableGib = peakGib > freeGib ? peakGib - freeGib : 0n;
  return { peakGib, freeGib, billableGib, cost: lineCost("storage", billableGib, prices) };
}

export interface StorageCost extends StorageCharge {
  month: string;
  peakBytes: bigint;
  rate: TMoney;
}

/** The storage line of `cycle` for a company (reads in `client`, so it can run inside a transaction). */
export async function storageCostForCycle(
  companyId: number,
  tier: CompanyTier,
  cycle: BillingCycle,
  client: Prisma.TransactionClient = db(),
): Promise<StorageCost> {
  // Sequential on purpose: inside a transaction (one connection) parallel queries only queue up.
  const current = await client.storageMonth.findUnique({ where: { companyId_month: { companyId, month: cycle.start } } });
  const earlier = await client.storageMonth.findFirst({ where: { companyId, month: { lt: cycle.start } }, orderBy: { month: "desc" } });
  const live = await companyStorageBytes(companyId, client);
  const peakBytes = monthPeakBytes({
    recordedPeak: current?.peakBytes ?? null,
    carriedOver: earlier?.currentBytes ?? null,
    live: BigInt(live),
  });
  const prices = priceList();
  return { month: monthKey(cycle.start), peakBytes, rate: prices.storage, ...storageCharge(peakBytes, billingAllowanceBytes(tier), prices) };
}

export function serializeStorageCost(c: StorageCost) {
  return {
    month: c.month,
    peak_bytes: Number(c.peakBytes),
    peak_gib: Number(c.peakGib),
    free_gib: Number(c.freeGib),
    billable_gib: Number(c.billableGib),
    rate_eur_per_gib: c.rate.toFixed(Math.max(2, c.rate.decimalPlaces())),
    cost: formatEur(c.cost),
    currency: "EUR" as const,
  };
}
