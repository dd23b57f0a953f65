"use client";
// Budget and alerts page: the monthly budget against the cycle's spend (set, change, delete), its alert
// thresholds and the alerts that fired. Everyone in the company reads it; company admins change it.
import { useState } from "react";
import { Meter, meterTone } from "@/components/dashboard/card";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStatus } from "@/components/ui/query-status";
import { formatDate } from "@/lib/client/format";
import { type TBudget, useBudget } from "@/lib/client/hooks/use-budget";
import { useDeleteBudget } from "@/lib/client/hooks/use-delete-budget";
import { useSaveBudget } from "@/lib/client/hooks/use-save-budget";
import { AlertEvents } from "./alert-events";
import { AlertsSection } from "./alerts-section";
import { BudgetForm } from "./budget-form";
import { formatEur, percentOf } from "./money";

export function BudgetView({ canManage }: { canManage: boolean }) {
  const budget = useBudget();
  const save = useSaveBudget();
  const remove = useDeleteBudget();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [announce, setAnnounce] = useState("");
  const b = budget.data;

  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Budget and alerts" description="A monthly spending limit for metered operations, and alerts before it is reached." />
      <p role="status" aria-live="polite" className="sr-only" data-testid="billing-announcer">
        {announce}
      </p>
      {!canManage && <p className="text-sm text-slate-600">Only company admins can change the budget and its alerts.</p>}
      <QueryStatus isPending={budget.isPending} error={budget.error} isEmpty={false} noun="budget" empty={null}>
        {b === null || b === undefined ? (
          <section aria-labelledby="no-budget-heading" className="rounded-lg border border-dashed border-slate-300 bg-white p-5">
            <h2 id="no-budget-heading" className="text-base font-semibold text-slate-900">
              No budget set
            </h2>
            <p className="mt-1 text-sm text-slate-600">Without a budget, spend is only limited by your tier. Alerts need a budget.</p>
            {canManage && (
              <div className="mt-4">
                <BudgetForm
                  pending={save.isPending}
                  error={save.error}
                  onSubmit={(values) =>
                    save.mutate(values, { onSuccess: (saved) => setAnnounce(`Budget of ${formatEur(saved.amount_eur)} created.`) })
                  }
                />
              </div>
            )}
          </section>
        ) : (
          <>
            <section aria-labelledby="budget-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h2 id="budget-heading" className="text-base font-semibold text-slate-900">
                  Monthly budget
                </h2>
                {canManage && !editing && (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => {
                        save.reset();
                        setEditing(true);
                      }}
                    >
                      Edit budget
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => {
                        remove.reset();
                        setConfirmDelete(true);
                      }}
                    >
                      Delete budget
                    </Button>
                  </div>
                )}
              </div>
              {editing ? (
                <div className="mt-3">
                  <BudgetForm
                    initial={b}
                    pending={save.isPending}
                    error={save.error}
                    onCancel={() => setEditing(false)}
                    onSubmit={(values) =>
                      save.mutate(values, {
                        onSuccess: (saved) => {
                          setEditing(false);
                          setAnnounce(`Budget saved: ${formatEur(saved.amount_eur)}.`);
                        },
                      })
                    }
                  />
                </div>
              ) : (
                <BudgetSummary budget={b} />
              )}
            </section>
            <AlertsSection budget={b} canManage={canManage} onAnnounce={setAnnounce} />
          </>
        )}
      </QueryStatus>
      <AlertEvents />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete the budget?"
        confirmLabel="Delete budget"
        pending={remove.isPending}
        error={<ApiErrorAlert error={remove.error} />}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmDelete(false);
              setAnnounce("Budget deleted.");
            },
          })
        }
      >
        Spend is no longer limited by a budget and all its alerts are deleted. Past alert events stay.
      </ConfirmDialog>
    </main>
  );
}

function BudgetSummary({ budget: b }: { budget: TBudget }) {
  const spent = percentOf(Number(b.monthly_spend_eur), Number(b.amount_eur));
  const end = new Date(`${b.next_cycle_start}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return (
    <div className="mt-3 space-y-3" data-testid="budget-summary">
      <div className="flex flex-wrap items-baseline gap-3">
        <p className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="budget-amount">
          {formatEur(b.amount_eur)}
        </p>
        {b.is_enabled ? <Badge tone="green">Enforced</Badge> : <Badge>Not enforced (alerts only)</Badge>}
      </div>
      <Meter percent={spent} tone={meterTone(spent)} label={`Budget used: ${spent.toFixed(1)}%`} />
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Spent this cycle</dt>
          <dd className="font-medium tabular-nums">{formatEur(b.monthly_spend_eur)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Available</dt>
          <dd className="font-medium tabular-nums">{formatEur(b.available_eur)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Cycle</dt>
          <dd>
            {formatDate(b.current_cycle_start)} – {formatDate(end.toISOString())}
          </dd>
        </div>
      </dl>
    </div>
  );
}
