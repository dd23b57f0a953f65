import { describe, expect, it } from "vitest";
import { formatEur, money, parseAmount, sum, toCents } from "./money";

describe("money", () => {
  it("adds exactly where binary floats drift", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatEur(money("0.1").plus(money("0.2")))).toBe("0.30");
    expect(sum([money("0.1"), money("0.2"), money("0.3")]).equals(money("0.6"))).toBe(true);
    // 3 × 0.005 per page is 0.015 exactly, which rounds half-up to 0.02 (a float gives 0.015000000000000001 or 0.01).
    expect(formatEur(money("0.005").times(3))).toBe("0.02");
    expect(formatEur(money("0.002").times(1_000_001))).toBe("2000.00");
  });

  it("rounds half-up to the cent and always prints two decimals", () => {
    expect(formatEur(money("1.005"))).toBe("1.01");
    expect(formatEur(money("1.0049"))).toBe("1.00");
    expect(formatEur(money(7))).toBe("7.00");
    expect(formatEur(money("123456789012.5"))).toBe("123456789012.50");
    expect(toCents(money("0.125")).toString()).toBe("0.13");
  });

  it("parses request amounts strictly", () => {
    expect(parseAmount("10")?.toFixed(2)).toBe("10.00");
    expect(parseAmount(" 99.9 ")?.toFixed(2)).toBe("99.90");
    for (const bad of ["-1", "1.234", "1e3", "abc", "", "1,50", "0x10"]) expect(parseAmount(bad)).toBeNull();
  });

  it("refuses floats as input so no binary value sneaks in", () => {
    expect(() => money(0.1)).toThrow();
    expect(money(3).toFixed(2)).toBe("3.00");
  });
});
