"use client";
// 30-day usage, stacked per feature, as a small dependency-free SVG bar chart. Each segment has a tooltip;
// the same figures are available as a table for screen readers and keyboard users ("Show figures").
import { useId, useMemo, useState } from "react";
import { formatEur } from "@/components/billing/money";
import { cx } from "@/components/ui/cx";
import type { TUsageHistogram } from "@/lib/client/hooks/use-usage";
import {
  CHART_FEATURES,
  FEATURE_LABELS,
  niceTicks,
  stackHistogram,
  type TChartFeature,
  type TChartMetric,
  tickDecimals,
} from "@/lib/client/usage-chart";

export const FEATURE_COLORS: Record<TChartFeature, string> = {
  parsing: "#2563eb",
  ingestion: "#0d9488",
  extraction: "#d97706",
  search: "#7c3aed",
  rag: "#e11d48",
};

const W = 900;
const H = 260;
const PAD = { top: 12, right: 8, bottom: 28, left: 48 };

const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

export function UsageChart({ histogram }: { histogram: TUsageHistogram }) {
  const [metric, setMetric] = useState<TChartMetric>("usage");
  const name = useId();
  const chart = useMemo(() => stackHistogram(histogram, metric), [histogram, metric]);
  const ticks = niceTicks(chart.max, 4, metric === "cost" ? 0.01 : 1);
  const decimals = tickDecimals(ticks);
  const top = ticks[ticks.length - 1];
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, chart.days.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const fmt = (v: number) => (metric === "cost" ? formatEur(v.toFixed(2)) : v.toLocaleString());
  const total = chart.days.reduce((s, d) => s + d.total, 0);
  const first = histogram[0]?.date;
  const last = histogram[histogram.length - 1]?.date;

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">Chart values</legend>
        {(["usage", "cost"] as const).map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" name={name} value={m} checked={metric === m} onChange={() => setMetric(m)} className="h-4 w-4" />
            {m === "usage" ? "Units (pages, queries, answers)" : "Cost at list price"}
          </label>
        ))}
      </fieldset>
      {chart.features.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600" data-testid="usage-chart-empty">
          No usage in the last 30 days{first && last ? ` (${shortDate(first)} – ${shortDate(last)})` : ""}.
        </p>
      ) : (
        <>
          {/* Below ~640 px the chart scrolls sideways instead of shrinking its labels out of legibility. */}
          <div className="overflow-x-auto">
            <svg
              viewBox={`0 0 ${W} ${H}`}
              className="h-auto w-full min-w-[640px]"
              role="img"
              aria-label={`Stacked bar chart of daily ${metric === "usage" ? "units" : "cost"} per feature, ${shortDate(first!)} to ${shortDate(last!)}; total ${fmt(total)}.`}
              data-testid="usage-chart"
            >
              {ticks.map((t) => (
                <g key={t}>
                  <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
                  <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize="11" fill="#64748b">
                    {t.toFixed(decimals)}
                  </text>
                </g>
              ))}
              {chart.days.map((d, i) => {
                const x = PAD.left + i * slot + (slot - barW) / 2;
                return (
                  <g key={d.date}>
                    {d.segments.map((s) => (
                      <rect key={s.feature} x={x} y={y(s.y1)} width={barW} height={Math.max(0.5, y(s.y0) - y(s.y1))} fill={FEATURE_COLORS[s.feature]}>
                        <title>{`${shortDate(d.date)} · ${FEATURE_LABELS[s.feature]}: ${fmt(s.value)}`}</title>
                      </rect>
                    ))}
                    {(i % 5 === 0 || i === chart.days.length - 1) && (
                      <text x={x + barW / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#64748b">
                        {shortDate(d.date)}
                      </text>
                    )}
                  </g>
                );
              })}
            </svg>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Legend">
            {chart.features.map((f) => (
              <li key={f} className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: FEATURE_COLORS[f] }} />
                {FEATURE_LABELS[f]}
              </li>
            ))}
          </ul>
          <details className="text-sm">
            <summary className="cursor-pointer rounded text-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600">
              Show figures
            </summary>
            <div className="mt-2 max-h-80 overflow-auto rounded-md border border-slate-200">
              <table className="min-w-full text-right text-xs tabular-nums">
                <caption className="sr-only">Daily {metric === "usage" ? "units" : "cost"} per feature</caption>
                <thead className="sticky top-0 bg-slate-50 text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1 text-left">
                      Day
                    </th>
                    {CHART_FEATURES.map((f) => (
                      <th key={f} scope="col" className="px-2 py-1">
                        {FEATURE_LABELS[f]}
                      </th>
                    ))}
                    <th scope="col" className="px-2 py-1">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {chart.days.map((d) => (
                    <tr key={d.date} className={cx(d.total === 0 && "text-slate-400")}>
                      <th scope="row" className="px-2 py-1 text-left font-normal">
                        {shortDate(d.date)}
                      </th>
                      {CHART_FEATURES.map((f) => (
                        <td key={f} className="px-2 py-1">
                          {fmt(d.segments.find((s) => s.feature === f)?.value ?? 0)}
                        </td>
                      ))}
                      <td className="px-2 py-1 font-medium">{fmt(d.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
