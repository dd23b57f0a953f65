"use client";
// Maintenance periods, newest first, filtered by state; active ones can be ended, scheduled ones (start in the
// future) read "Scheduled" with their planned end and can be cancelled before they start.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ACTIONS_COLUMN, DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { Select } from "@/components/ui/select";
import { formatDateTime } from "@/lib/client/format";
import { useEndMaintenance } from "@/lib/client/hooks/use-end-maintenance";
import { type TMaintenancePeriod, useMaintenancePeriods } from "@/lib/client/hooks/use-maintenance-periods";

const PAGE_SIZE = 20;

const STATE_LABEL: Record<TMaintenancePeriod["state"], string> = { scheduled: "Scheduled", active: "Active", ended: "Ended", cancelled: "Cancelled" };
const STATE_TONE = { scheduled: "blue", active: "green", ended: "neutral", cancelled: "neutral" } as const;

export function MaintenanceList({ onEnded }: { onEnded: (p: TMaintenancePeriod) => void }) {
  const [state, setState] = useState<"" | "true" | "false">("true");
  const [page, setPage] = useState(1);
  const periods = useMaintenancePeriods({ active: state || undefined, page, page_size: PAGE_SIZE });
  const end = useEndMaintenance();
  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <label htmlFor="maintenance-state" className="block text-sm font-medium text-slate-800">
          Show
        </label>
        <Select
          id="maintenance-state"
          value={state}
          onChange={(e) => {
            setState(e.target.value as "" | "true" | "false");
            setPage(1);
          }}
        >
          <option value="true">Active and scheduled</option>
          <option value="false">Ended</option>
          <option value="">All</option>
        </Select>
      </div>
      <ApiErrorAlert error={end.error} />
      <QueryStatus
        isPending={periods.isPending}
        error={periods.error}
        isEmpty={periods.data?.count === 0}
        noun="maintenance periods"
        empty="No maintenance periods."
      >
        <DataTable caption="Maintenance periods" columns={["Mode", "Reason", "Scope", "Starts", "Ends", ACTIONS_COLUMN]}>
          {periods.data?.results.map((p) => (
            <tr key={p.id} data-testid="maintenance-row">
              <td className="whitespace-nowrap px-4 py-2">
                {p.mode === "full_shutdown" ? <Badge tone="red">Full shutdown</Badge> : <Badge tone="amber">Warning banner</Badge>}
                <Badge tone={STATE_TONE[p.state]} className="ml-1">
                  {STATE_LABEL[p.state]}
                </Badge>
              </td>
              <td className="max-w-md px-4 py-2">{p.reason}</td>
              <td className="px-4 py-2 text-slate-600">
                {p.company_id === null ? "Instance" : `Company ${p.company_id}`}
                {p.endpoint_category_names.length > 0 && <span className="block text-xs">{p.endpoint_category_names.join(", ")}</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-2">{formatDateTime(p.started_at)}</td>
              <td className="whitespace-nowrap px-4 py-2">
                {p.ended_at ? formatDateTime(p.ended_at) : p.ends_at ? `${formatDateTime(p.ends_at)} (planned)` : "—"}
              </td>
              <td className="px-4 py-2 text-right">
                {(p.state === "active" || p.state === "scheduled") && (
                  <Button
                    variant="secondary"
                    loading={end.isPending && end.variables === p.id}
                    aria-label={`${p.state === "scheduled" ? "Cancel" : "End"} maintenance: ${p.reason}`}
                    onClick={() => end.mutate(p.id, { onSuccess: () => onEnded(p) })}
                  >
                    {p.state === "scheduled" ? "Cancel" : "End"}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <Pagination page={page} pageSize={PAGE_SIZE} count={periods.data?.count ?? 0} onPageChange={setPage} label="Maintenance periods" />
      </QueryStatus>
    </div>
  );
}
