"use client";
// The budget's alert thresholds: add, edit in place, enable/disable one or all, delete.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { TBudget, TBudgetAlert } from "@/lib/client/hooks/use-budget";
import { useCreateBudgetAlert } from "@/lib/client/hooks/use-create-budget-alert";
import { useDeleteBudgetAlert } from "@/lib/client/hooks/use-delete-budget-alert";
import { useToggleBudgetAlerts } from "@/lib/client/hooks/use-toggle-budget-alerts";
import { useUpdateBudgetAlert } from "@/lib/client/hooks/use-update-budget-alert";
import { AlertForm, thresholdLabel } from "./alert-form";
import { formatEur } from "./money";

/** The threshold in euros for this budget (display only; the server computes the real trigger). */
function thresholdEur(a: TBudgetAlert, budget: TBudget): string {
  if (a.threshold_type === "amount_eur") return formatEur(a.threshold_value);
  return formatEur(((Number(a.threshold_value) * Number(budget.amount_eur)) / 100).toFixed(2));
}

export function AlertsSection({ budget, canManage, onAnnounce }: { budget: TBudget; canManage: boolean; onAnnounce: (msg: string) => void }) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TBudgetAlert | null>(null);
  const create = useCreateBudgetAlert();
  const update = useUpdateBudgetAlert();
  const remove = useDeleteBudgetAlert();
  const toggleAll = useToggleBudgetAlerts();
  const alerts = budget.alerts;
  const label = (a: TBudgetAlert) => thresholdLabel(a, formatEur);

  return (
    <section aria-labelledby="alerts-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="alerts-heading" className="text-base font-semibold text-slate-900">
            Alerts
          </h2>
          <p className="text-sm text-slate-600">
            When the cycle&apos;s spend reaches an enabled threshold, an event is recorded once per cycle and company admins are e-mailed when SMTP is
            configured.
          </p>
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {alerts.length > 0 && (
              <>
                <Button
                  variant="secondary"
                  loading={toggleAll.isPending && toggleAll.variables === true}
                  disabled={toggleAll.isPending}
                  onClick={() => toggleAll.mutate(true, { onSuccess: (r) => onAnnounce(`${r.updated} alert(s) enabled.`) })}
                >
                  Enable all
                </Button>
                <Button
                  variant="secondary"
                  loading={toggleAll.isPending && toggleAll.variables === false}
                  disabled={toggleAll.isPending}
                  onClick={() => toggleAll.mutate(false, { onSuccess: (r) => onAnnounce(`${r.updated} alert(s) disabled.`) })}
                >
                  Disable all
                </Button>
              </>
            )}
            {!creating && (
              <Button
                onClick={() => {
                  create.reset();
                  setCreating(true);
                }}
              >
                New alert
              </Button>
            )}
          </div>
        )}
      </div>
      <ApiErrorAlert error={toggleAll.error} className="mt-3" />
      {creating && (
        <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-4">
          <AlertForm
            submitLabel="Create alert"
            pending={create.isPending}
            error={create.error}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (a) => {
                  setCreating(false);
                  onAnnounce(`Alert at ${label(a)} created.`);
                },
              })
            }
          />
        </div>
      )}
      {alerts.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No alerts yet.{canManage ? " Add one to hear about spend before the budget runs out." : ""}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Alert thresholds">
          {alerts.map((a) =>
            editing === a.id ? (
              <li key={a.id} className="bg-slate-50 px-2 py-3">
                <AlertForm
                  initial={a}
                  submitLabel="Save alert"
                  pending={update.isPending}
                  error={update.error}
                  onCancel={() => setEditing(null)}
                  onSubmit={(values) =>
                    update.mutate(
                      { id: a.id, body: values },
                      {
                        onSuccess: (saved) => {
                          setEditing(null);
                          onAnnounce(`Alert at ${label(saved)} saved.`);
                        },
                      },
                    )
                  }
                />
              </li>
            ) : (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="budget-alert">
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span className="font-medium text-slate-900">{label(a)}</span>
                  {a.threshold_type === "percentage" && <span className="tabular-nums text-slate-500">≈ {thresholdEur(a, budget)}</span>}
                  {a.is_enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}
                </div>
                {canManage && (
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      loading={update.isPending && update.variables?.id === a.id && editing === null}
                      onClick={() =>
                        update.mutate(
                          { id: a.id, body: { is_enabled: !a.is_enabled } },
                          { onSuccess: (saved) => onAnnounce(`Alert at ${label(saved)} ${saved.is_enabled ? "enabled" : "disabled"}.`) },
                        )
                      }
                      aria-label={`${a.is_enabled ? "Disable" : "Enable"} alert at ${label(a)}`}
                    >
                      {a.is_enabled ? "Disable" : "Enable"}
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Edit alert at ${label(a)}`}
                      onClick={() => {
                        update.reset();
                        setEditing(a.id);
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      className="text-red-700"
                      aria-label={`Delete alert at ${label(a)}`}
                      onClick={() => {
                        remove.reset();
                        setDeleting(a);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {editing === null && update.error && <ApiErrorAlert error={update.error} className="mt-3" />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this alert?"
        confirmLabel="Delete alert"
        pending={remove.isPending}
        error={<ApiErrorAlert error={remove.error} />}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              onAnnounce(`Alert at ${label(deleting)} deleted.`);
              setDeleting(null);
            },
          })
        }
      >
        The alert at {deleting && label(deleting)} stops firing. Events it already recorded stay in the history.
      </ConfirmDialog>
    </section>
  );
}
