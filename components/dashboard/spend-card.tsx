"use client";
// Company-wide spend of the open billing period by feature (GET /api/v3/usage/current-period), highest first.
import { formatEur, percentOf } from "@/components/billing/money";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { formatDate } from "@/lib/client/format";
import { useCurrentPeriod } from "@/lib/client/hooks/use-usage";
import { FEATURE_LABELS, quantityLabel, type TChartFeature } from "@/lib/client/usage-chart";
import { Card, Loading } from "./card";
import { FEATURE_COLORS } from "./usage-chart";

const label = (f: string) => (f === "storage" ? "Storage" : (FEATURE_LABELS[f as TChartFeature] ?? f));
const color = (f: string) => (f === "storage" ? "#475569" : (FEATURE_COLORS[f as TChartFeature] ?? "#475569"));

export function SpendCard() {
  const period = useCurrentPeriod();
  if (period.isPending)
    return (
      <Card title="Spend this period" id="spend-heading">
        <Loading what="spend" />
      </Card>
    );
  if (period.error)
    return (
      <Card title="Spend this period" id="spend-heading">
        <ApiErrorAlert error={period.error} title="Spend could not be loaded" />
      </Card>
    );
  const p = period.data;
  const end = new Date(`${p.next_period_start}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  const total = Number(p.total_cost);
  return (
    <Card title="Spend this period" id="spend-heading">
      <p className="text-sm text-slate-700">
        <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="period-total">
          {formatEur(p.total_cost)}
        </span>{" "}
        estimated at list price
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {formatDate(p.period_start)} – {formatDate(end.toISOString())} · invoiced on {formatDate(p.next_period_start)}
      </p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Spend by feature</caption>
        <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="pb-1 font-semibold">
              Feature
            </th>
            <th scope="col" className="pb-1 text-right font-semibold">
              Quantity
            </th>
            <th scope="col" className="pb-1 text-right font-semibold">
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {p.features.map((f) => (
            <tr key={f.feature} data-testid="period-feature">
              <th scope="row" className="py-1.5 text-left font-normal">
                <span className="flex items-center gap-2">
                  <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: color(f.feature) }} />
                  {label(f.feature)}
                </span>
                <span aria-hidden="true" className="mt-1 block h-1 rounded-full bg-slate-100">
                  <span
                    className="block h-1 rounded-full"
                    style={{ width: `${percentOf(Number(f.cost), total)}%`, backgroundColor: color(f.feature) }}
                  />
                </span>
              </th>
              <td className="py-1.5 text-right tabular-nums text-slate-600">{quantityLabel(f.quantity, f.unit)}</td>
              <td className="py-1.5 text-right font-medium tabular-nums">{formatEur(f.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
