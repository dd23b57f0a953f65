import { afterEach, describe, expect, it } from "vitest";
import { now, setClockForTests } from "@/lib/clock";
import { currentCycle, cycleAt, isoDate, lastDays, monthKey } from "./cycle";

afterEach(() => setClockForTests(null));

describe("billing cycles", () => {
  it("are calendar months in UTC", () => {
    const c = cycleAt(new Date("2026-11-22T07:51:00Z"));
    expect(isoDate(c.start)).toBe("2026-11-01");
    expect(isoDate(c.next)).toBe("2026-12-01");
    expect(monthKey(c.start)).toBe("2026-11");
  });

  it("roll over the year and handle short months and leap years", () => {
    expect(isoDate(cycleAt(new Date("2026-12-31T23:59:59.999Z")).next)).toBe("2027-01-01");
    expect(isoDate(cycleAt(new Date("2028-02-29T12:00:00Z")).start)).toBe("2028-02-01");
    expect(isoDate(cycleAt(new Date("2028-02-29T12:00:00Z")).next)).toBe("2028-03-01");
  });

  it("change exactly at midnight UTC of the 1st, whatever the local offset of the input", () => {
    expect(isoDate(cycleAt(new Date("2027-01-31T23:59:59.999Z")).start)).toBe("2027-01-01");
    expect(isoDate(cycleAt(new Date("2027-02-01T00:00:00.000Z")).start)).toBe("2027-02-01");
    // 00:30 on the 1st in Berlin is still the previous month in UTC.
    expect(isoDate(cycleAt(new Date("2027-02-01T00:30:00+01:00")).start)).toBe("2027-01-01");
  });

  it("follow the injectable clock", () => {
    setClockForTests(new Date("2030-06-15T10:00:00Z"));
    expect(now().toISOString()).toBe("2030-06-15T10:00:00.000Z");
    expect(isoDate(currentCycle().start)).toBe("2030-06-01");
    setClockForTests(null);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("list the last n UTC days oldest first, dense across a month boundary", () => {
    const days = lastDays(30, new Date("2027-03-10T18:00:00Z")).map(isoDate);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2027-02-09");
    expect(days[29]).toBe("2027-03-10");
    expect(days).toContain("2027-02-28");
    expect(days).not.toContain("2027-02-29");
  });
});
