"use client";
// Thresholds crossed, newest first (GET /api/v3/billing/budget/alert-events), paged.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { formatDate, formatDateTime } from "@/lib/client/format";
import { useBudgetAlertEvents } from "@/lib/client/hooks/use-budget";
import { thresholdLabel } from "./alert-form";
import { formatEur } from "./money";

const PAGE_SIZE = 10;

const EMAIL: Record<string, { tone: "neutral" | "blue" | "green" | "red"; text: string }> = {
  not_configured: { tone: "neutral", text: "Console only (no SMTP)" },
  pending: { tone: "blue", text: "E-mail pending" },
  sent: { tone: "green", text: "E-mailed" },
  failed: { tone: "red", text: "E-mail failed" },
};

export function AlertEvents() {
  const [page, setPage] = useState(1);
  const events = useBudgetAlertEvents({ page, page_size: PAGE_SIZE });
  return (
    <section aria-labelledby="events-heading" className="space-y-3">
      <h2 id="events-heading" className="text-base font-semibold text-slate-900">
        Recent alert events
      </h2>
      <QueryStatus
        isPending={events.isPending}
        error={events.error}
        isEmpty={events.data?.count === 0}
        noun="alert events"
        empty="No threshold has been crossed yet."
      >
        <DataTable
          caption="Alert events"
          columns={["When", "Threshold", { label: "Spend", numeric: true }, { label: "Budget", numeric: true }, "Cycle", "Notification"]}
        >
          {events.data?.results.map((e) => (
            <tr key={e.id} data-testid="alert-event">
              <td className="whitespace-nowrap px-4 py-2">{formatDateTime(e.created_at)}</td>
              <td className="px-4 py-2">
                {thresholdLabel(e, formatEur)}
                {e.threshold_type === "percentage" && <span className="text-slate-500"> ({formatEur(e.threshold_eur)})</span>}
                {e.alert_id === null && <span className="text-slate-500"> · alert deleted</span>}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{formatEur(e.spend_eur)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatEur(e.budget_amount_eur)}</td>
              <td className="whitespace-nowrap px-4 py-2">from {formatDate(e.cycle_start)}</td>
              <td className="px-4 py-2">
                <Badge tone={EMAIL[e.email_status].tone}>{EMAIL[e.email_status].text}</Badge>
                {e.emailed_at && <span className="ml-2 text-xs text-slate-500">{formatDateTime(e.emailed_at)}</span>}
              </td>
            </tr>
          ))}
        </DataTable>
        <Pagination page={page} pageSize={PAGE_SIZE} count={events.data?.count ?? 0} onPageChange={setPage} label="Alert events" />
      </QueryStatus>
    </section>
  );
}
