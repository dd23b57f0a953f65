// Pure layout of the 30-day usage chart: stacks each day's per-feature values (units or list-price cost)
// and picks round axis ticks. Kept apart from the SVG so it can be unit-tested.
import type { TUsageHistogram } from "@/lib/client/hooks/use-usage";

export const CHART_FEATURES = ["parsing", "ingestion", "extraction", "search", "rag"] as const;
export type TChartFeature = (typeof CHART_FEATURES)[number];
export type TChartMetric = "usage" | "cost";

export const FEATURE_LABELS: Record<TChartFeature, string> = {
  parsing: "Parsing",
  ingestion: "Ingestion",
  extraction: "Extraction",
  search: "Search",
  rag: "Ask (RAG)",
};

export interface TStackSegment {
  feature: TChartFeature;
  value: number;
  y0: number;
  y1: number;
}

export interface TStackedDay {
  date: string;
  total: number;
  segments: TStackSegment[];
}

export interface TStackedChart {
  days: TStackedDay[];
  /** Features with a non-zero value on some day, in legend order. */
  features: TChartFeature[];
  max: number;
}

export function stackHistogram(histogram: TUsageHistogram, metric: TChartMetric): TStackedChart {
  const seen = new Set<TChartFeature>();
  let max = 0;
  const days = histogram.map((day) => {
    let y = 0;
    const segments: TStackSegment[] = [];
    for (const feature of CHART_FEATURES) {
      const raw = metric === "usage" ? day.usage[feature] : day.cost[feature];
      const value = raw === undefined ? 0 : Number(raw);
      if (!(value > 0)) continue;
      seen.add(feature);
      segments.push({ feature, value, y0: y, y1: y + value });
      y += value;
    }
    max = Math.max(max, y);
    return { date: day.date, total: y, segments };
  });
  return { days, features: CHART_FEATURES.filter((f) => seen.has(f)), max };
}

/**
 * Round tick values from 0 to at least `max` (1–2–5 steps), about `count` of them. `minStep` keeps steps
 * meaningful: 1 for whole units, 0.01 for cents (the API's daily costs are rounded to the cent).
 */
export function niceTicks(max: number, count = 4, minStep = 0): number[] {
  if (!(max > 0)) return [0, Math.max(1, minStep)];
  const rough = Math.max(max / count, minStep);
  const mag = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= rough) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length <= count + 1; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1] < max - 1e-12) ticks.push(Number((ticks[ticks.length - 1] + step).toPrecision(12)));
  return ticks;
}

/** Decimals that tell ticks apart (0.5 → 1, 0.01 → 2, 5 → 0). */
export function tickDecimals(ticks: number[]): number {
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
  return step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
}

/** "3 queries", "1 page", "2 GiB-month": the API's singular units, pluralised for display. */
export function quantityLabel(quantity: number, unit: string): string {
  const n = quantity.toLocaleString("en-US");
  if (quantity === 1 || /[^a-z]/i.test(unit)) return `${n} ${unit}`;
  return `${n} ${/[^aeiou]y$/i.test(unit) ? `${unit.slice(0, -1)}ies` : `${unit}s`}`;
}
