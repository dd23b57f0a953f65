import { describe, expect, it } from "vitest";
import { money } from "./money";
import type { PriceList } from "./prices";
import { ceilGib, GIB, monthPeakBytes, storageCharge } from "./storage-cost";

const prices = { storage: money("0.10") } as PriceList;

describe("storage peaks", () => {
  it("take the highest of the month's recorded peak, the carried-over footprint and the live one", () => {
    expect(monthPeakBytes({ recordedPeak: 900n, carriedOver: 100n, live: 50n })).toBe(900n);
    // Everything deleted on the 2nd: the month started at 7 GiB and that is what it is billed for.
    expect(monthPeakBytes({ recordedPeak: 0n, carriedOver: 7n * GIB, live: 0n })).toBe(7n * GIB);
    // No change recorded this month: the footprint is unchanged since the last one.
    expect(monthPeakBytes({ recordedPeak: null, carriedOver: 3n, live: 3n })).toBe(3n);
    expect(monthPeakBytes({ recordedPeak: null, carriedOver: null, live: 42n })).toBe(42n);
  });

  it("round up to whole GiB", () => {
    expect(ceilGib(0n)).toBe(0n);
    expect(ceilGib(1n)).toBe(1n);
    expect(ceilGib(GIB)).toBe(1n);
    expect(ceilGib(GIB + 1n)).toBe(2n);
  });
});

describe("storage charge", () => {
  it("is zero within the allowance and bills whole GiB above it", () => {
    const five = 5n * GIB;
    expect(storageCharge(five, five, prices)).toMatchObject({ peakGib: 5n, freeGib: 5n, billableGib: 0n });
    expect(storageCharge(five, five, prices).cost.toFixed(2)).toBe("0.00");
    const c = storageCharge(five + 1n, five, prices);
    expect(c).toMatchObject({ peakGib: 6n, freeGib: 5n, billableGib: 1n });
    expect(c.cost.toFixed(2)).toBe("0.10");
    expect(storageCharge(130n * GIB + 5n, 100n * GIB, prices).cost.toFixed(2)).toBe("3.10");
  });

  it("never charges the exempt tier", () => {
    const c = storageCharge(500n * GIB, null, prices);
    expect(c.billableGib).toBe(0n);
    expect(c.cost.toFixed(2)).toBe("0.00");
  });
});
