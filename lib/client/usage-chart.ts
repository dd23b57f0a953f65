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

/** Round tick values from 0 to at least `max` (1–2–5 steps), about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const mag = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= rough) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length <= count + 1; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1] < max) ticks.push(Number((ticks[ticks.length - 1] + step).toPrecision(12)));
  return ticks;
}
