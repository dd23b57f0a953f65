import { describe, expect, it } from "vitest";
import { niceTicks, quantityLabel, stackHistogram, tickDecimals } from "./usage-chart";

const day = (date: string, usage: Record<string, number>, cost: Record<string, string>) => ({ date, usage, cost, total_cost: "0.00" });

describe("stackHistogram", () => {
  const histogram = [
    day("2026-11-01", { parsing: 3, search: 2 }, { parsing: "0.30", search: "0.02" }),
    day("2026-11-02", {}, {}),
    day("2026-11-03", { rag: 4, ingestion: 1 }, { rag: "1.20", ingestion: "0.01" }),
  ];

  it("stacks units per feature in legend order and reports the tallest day", () => {
    const chart = stackHistogram(histogram, "usage");
    expect(chart.max).toBe(5);
    expect(chart.features).toEqual(["parsing", "ingestion", "search", "rag"]);
    expect(chart.days[0].segments).toEqual([
      { feature: "parsing", value: 3, y0: 0, y1: 3 },
      { feature: "search", value: 2, y0: 3, y1: 5 },
    ]);
    expect(chart.days[1]).toEqual({ date: "2026-11-02", total: 0, segments: [] });
    expect(chart.days[2].segments.map((s) => s.feature)).toEqual(["ingestion", "rag"]);
  });

  it("stacks list-price cost from the decimal strings", () => {
    const chart = stackHistogram(histogram, "cost");
    expect(chart.days[2].total).toBeCloseTo(1.21);
    expect(chart.max).toBeCloseTo(1.21);
  });

  it("is empty for a month without usage", () => {
    const chart = stackHistogram([day("2026-11-01", {}, {})], "usage");
    expect(chart).toEqual({ days: [{ date: "2026-11-01", total: 0, segments: [] }], features: [], max: 0 });
  });
});

describe("niceTicks", () => {
  it("uses 1-2-5 steps that reach the maximum", () => {
    expect(niceTicks(5)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1.21)).toEqual([0, 0.5, 1, 1.5]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
  });

  it("has a unit axis when there is nothing to show", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe("niceTicks with a minimum step", () => {
  it("never splits a cent or a unit", () => {
    expect(niceTicks(0.01, 4, 0.01)).toEqual([0, 0.01]);
    expect(niceTicks(0.03, 4, 0.01)).toEqual([0, 0.01, 0.02, 0.03]);
    expect(niceTicks(3, 4, 1)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 4, 0.01)).toEqual([0, 1]);
  });

  it("labels ticks with the decimals their step needs", () => {
    expect(tickDecimals([0, 0.01, 0.02])).toBe(2);
    expect(tickDecimals([0, 0.5, 1])).toBe(1);
    expect(tickDecimals([0, 50, 100])).toBe(0);
  });
});

describe("quantityLabel", () => {
  it("pluralises the API's singular units", () => {
    expect(quantityLabel(3, "query")).toBe("3 queries");
    expect(quantityLabel(1, "query")).toBe("1 query");
    expect(quantityLabel(1200, "page")).toBe("1,200 pages");
    expect(quantityLabel(0, "answer")).toBe("0 answers");
    expect(quantityLabel(2, "GiB-month")).toBe("2 GiB-month");
  });
});
