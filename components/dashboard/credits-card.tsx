"use client";
// Free-tier credits (GET /api/v3/credits). Rendered only when they apply (the page knows the company's tier);
// should the tier change while the page is open, the API's 403 still reads as "none apply".
import { formatEur, percentOf } from "@/components/billing/money";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { useCredits } from "@/lib/client/hooks/use-usage";
import { quantityLabel } from "@/lib/client/usage-chart";
import { Card, Meter, meterTone } from "./card";

export function CreditsCard() {
  const credits = useCredits();
  if (credits.isPending || credits.data === null) return null;
  if (credits.error)
    return (
      <Card title="Free-tier credits" id="credits-heading">
        <ApiErrorAlert error={credits.error} title="Credits could not be loaded" />
      </Card>
    );
  const c = credits.data;
  const limit = Number(c.limit_eur ?? 0);
  const spentPercent = percentOf(Number(c.spent_eur), limit);
  return (
    <Card title="Free-tier credits" id="credits-heading">
      <p className="text-sm text-slate-700" data-testid="credits-remaining">
        <span className="text-2xl font-semibold tabular-nums text-slate-900">{formatEur(c.remaining_eur)}</span> left of {formatEur(c.limit_eur)}
      </p>
      <div className="mt-2">
        <Meter percent={spentPercent} tone={meterTone(spentPercent)} label={`Credits spent: ${spentPercent.toFixed(1)}%`} />
      </div>
      <p className="mt-1 text-xs text-slate-500">{formatEur(c.spent_eur)} spent so far (credits are not monthly).</p>
      {c.estimates.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-medium text-slate-800">What the rest buys</h3>
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {c.estimates.map((e) => (
              <li key={e.endpoint} className="flex justify-between gap-3 py-1">
                <code className="text-xs text-slate-700">{e.endpoint}</code>
                <span className="tabular-nums text-slate-600">{e.operations === null ? "free" : `≈ ${quantityLabel(e.operations, e.unit)}`}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
