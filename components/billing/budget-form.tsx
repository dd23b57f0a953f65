"use client";
// Create or change the monthly budget: amount in euros and whether it is enforced.
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import type { ApiError } from "@/lib/client/api-client";
import { normalizeDecimal } from "@/lib/client/decimal";
import type { TBudget } from "@/lib/client/hooks/use-budget";

export interface BudgetFormProps {
  initial?: TBudget | null;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: { amount_eur: string; is_enabled: boolean }) => void;
  onCancel?: () => void;
}

export function BudgetForm({ initial, pending, error, onSubmit, onCancel }: BudgetFormProps) {
  const [amount, setAmount] = useState(initial?.amount_eur ?? "");
  const [enabled, setEnabled] = useState(initial?.is_enabled ?? true);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // "99,50" is sent as "99.50"; text that is no number goes as typed, so the API names the problem.
    onSubmit({ amount_eur: normalizeDecimal(amount) ?? amount.trim(), is_enabled: enabled });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={initial ? "Edit budget" : "Set a budget"}>
      <ApiErrorAlert error={error} shownFields={["amount_eur", "is_enabled"]} />
      <div className="max-w-xs">
        <Field label="Monthly budget (EUR)" required hint='For example "100", "99.50" or "99,50"' error={error?.fieldMessage("amount_eur")}>
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required autoFocus />
          )}
        </Field>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="mt-0.5 h-4 w-4 rounded border-slate-400" />
        <span>
          Enforce the budget
          <span className="block text-xs text-slate-500">
            Metered operations are refused (403 budget_exhausted) once the cycle&apos;s spend reaches the amount. Alerts fire either way.
          </span>
        </span>
      </label>
      <FormActions submitLabel={initial ? "Save budget" : "Create budget"} pending={pending} onCancel={onCancel} />
    </form>
  );
}
