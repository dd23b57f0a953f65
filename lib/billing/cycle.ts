// Billing cycles are calendar months in UTC: a cycle starts on the 1st at 00:00 UTC and the next one is
// the invoice date. Storage peaks (storage_months) use the same months, so both lines of an invoice agree.
import { now } from "@/lib/clock";

export interface BillingCycle {
  /** First instant of the cycle (UTC midnight of the 1st). */
  start: Date;
  /** First instant of the next cycle (exclusive end). */
  next: Date;
}

export function cycleAt(at: Date): BillingCycle {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, next };
}

export function currentCycle(): BillingCycle {
  return cycleAt(now());
}

/** "2026-11-01" */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** "2026-11" */
export function monthKey(d: Date): string {
  return d.toISOString().slice(0, 7);
}

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** The last `n` UTC days ending with the day of `at`, oldest first. */
export function lastDays(n: number, at: Date): Date[] {
  const today = startOfUtcDay(at);
  return Array.from({ length: n }, (_, i) => new Date(today.getTime() - (n - 1 - i) * 86_400_000));
}
