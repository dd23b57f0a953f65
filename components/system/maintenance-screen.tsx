"use client";
// Shown instead of the console during a full shutdown. It keeps polling, so the console comes back by
// itself when the period ends; instance admins can end the period from here.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/client/format";
import { useEndMaintenance } from "@/lib/client/hooks/use-end-maintenance";
import { useMaintenancePeriods } from "@/lib/client/hooks/use-maintenance-periods";
import { STATUS_POLL_MS, type TSystemStatus, useSystemStatus } from "@/lib/client/hooks/use-system-status";

type TPeriod = TSystemStatus["maintenance"]["periods"][number];

export function MaintenanceScreen({ periods, status, isInstanceAdmin }: { periods: TPeriod[]; status: TSystemStatus; isInstanceAdmin: boolean }) {
  const { refetch, isFetching, dataUpdatedAt } = useSystemStatus();
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-6 px-6 py-16" data-testid="maintenance-page">
      <div>
        <p className="text-lg font-semibold tracking-tight text-slate-900">DocIntel</p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-slate-900">Down for maintenance</h1>
        <p className="mt-2 text-slate-600">The console is unavailable while maintenance is under way. We are sorry for the interruption.</p>
      </div>
      <ul className="space-y-2">
        {periods.map((p, i) => (
          <li key={`${p.started_at}-${i}`} className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p className="font-medium">{p.reason}</p>
            <p className="text-amber-800" suppressHydrationWarning>
              Since {formatDateTime(p.started_at)}
            </p>
          </li>
        ))}
      </ul>
      {status.announcement.active && (
        <div className="rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-900">
          <p className="whitespace-pre-line">{status.announcement.message}</p>
          {status.announcement.expected_end && (
            <p className="mt-1" suppressHydrationWarning>
              Expected back by {formatDateTime(status.announcement.expected_end)}.
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          Check again
        </Button>
        <span aria-live="polite" suppressHydrationWarning>
          Checked at {new Date(dataUpdatedAt || Date.now()).toLocaleTimeString()}; the page checks every {STATUS_POLL_MS / 1000} seconds.
        </span>
      </div>
      {isInstanceAdmin && <EndShutdown />}
    </main>
  );
}

/** The active periods with an End button (GET /api/v3/system/maintenance?active=true). */
function EndShutdown() {
  const periods = useMaintenancePeriods({ active: true, page_size: 50 });
  const end = useEndMaintenance();
  const [ending, setEnding] = useState<number | null>(null);
  const active = periods.data?.results.filter((p) => p.active) ?? [];
  return (
    <section aria-labelledby="end-maintenance-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="end-maintenance-heading" className="text-base font-semibold text-slate-900">
        Instance administration
      </h2>
      <p className="mt-1 text-sm text-slate-600">End a period to bring the console back for everyone it covers.</p>
      <ApiErrorAlert error={periods.error ?? end.error} className="mt-3" />
      {periods.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Loading maintenance periods…
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {active.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium">{p.mode === "full_shutdown" ? "Full shutdown" : "Warning banner"}</span>: {p.reason}
                {p.company_id !== null && <span className="text-slate-500"> (company {p.company_id})</span>}
              </span>
              <Button
                variant="danger"
                loading={end.isPending && ending === p.id}
                onClick={() => {
                  setEnding(p.id);
                  end.mutate(p.id);
                }}
              >
                End period
              </Button>
            </li>
          ))}
          {active.length === 0 && <li className="py-2 text-sm text-slate-600">No active period.</li>}
        </ul>
      )}
    </section>
  );
}
