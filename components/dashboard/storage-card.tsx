"use client";
// Storage footprint against the tier allowance (GET /api/v3/storage) and this month's peak-based charge
// (GET /api/v3/storage/cost).
import { formatEur, percentOf } from "@/components/billing/money";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { formatBytes } from "@/lib/client/format";
import { useStorage, useStorageCost } from "@/lib/client/hooks/use-usage";
import { Card, Loading, Meter, meterTone } from "./card";

export function StorageCard() {
  const storage = useStorage();
  const cost = useStorageCost();
  return (
    <Card title="Storage" id="storage-heading">
      {storage.isPending ? (
        <Loading what="storage" />
      ) : storage.error ? (
        <ApiErrorAlert error={storage.error} title="Storage could not be loaded" />
      ) : (
        <StorageFigures used={storage.data.used_bytes} limit={storage.data.limit_bytes} />
      )}
      <div className="mt-4 border-t border-slate-100 pt-3 text-sm">
        {cost.isPending ? (
          <Loading what="storage cost" />
        ) : cost.error ? (
          <ApiErrorAlert error={cost.error} title="Storage cost could not be loaded" />
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1" data-testid="storage-cost">
            <dt className="text-slate-600">Peak in {cost.data.month}</dt>
            <dd className="text-right tabular-nums">{formatBytes(cost.data.peak_bytes)}</dd>
            <dt className="text-slate-600">Billable</dt>
            <dd className="text-right tabular-nums">
              {cost.data.billable_gib} GiB <span className="text-slate-500">(free: {cost.data.free_gib} GiB)</span>
            </dd>
            <dt className="text-slate-600">Charge this month</dt>
            <dd className="text-right font-medium tabular-nums">{formatEur(cost.data.cost)}</dd>
          </dl>
        )}
      </div>
    </Card>
  );
}

function StorageFigures({ used, limit }: { used: number; limit: number | null }) {
  if (limit === null) {
    return (
      <p className="text-sm text-slate-700" data-testid="storage-used">
        <span className="text-2xl font-semibold tabular-nums text-slate-900">{formatBytes(used)}</span> used · no storage limit applies
      </p>
    );
  }
  const percent = percentOf(used, limit);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="storage-used">
        <span className="text-2xl font-semibold tabular-nums text-slate-900">{formatBytes(used)}</span> of {formatBytes(limit)} used
      </p>
      <Meter percent={percent} tone={meterTone(percent)} label={`Storage used: ${percent.toFixed(1)}% of the allowance`} />
      <p className="text-xs text-slate-500">{percent < 0.1 && used > 0 ? "<0.1" : percent.toFixed(1)}% of the allowance</p>
    </div>
  );
}
