"use client";
// Create or edit an alert threshold: a percentage of the budget or an absolute amount in euros.
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ApiError } from "@/lib/client/api-client";
import { normalizeDecimal } from "@/lib/client/decimal";
import type { TBudgetAlert } from "@/lib/client/hooks/use-budget";
import type { TBudgetAlertInput } from "@/lib/client/hooks/use-create-budget-alert";
import type { TThresholdType } from "@/lib/contracts/billing";

export interface AlertFormProps {
  initial?: TBudgetAlert;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: TBudgetAlertInput) => void;
  onCancel?: () => void;
}

export function AlertForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: AlertFormProps) {
  const [type, setType] = useState<TThresholdType>(initial?.threshold_type ?? "percentage");
  const [value, setValue] = useState(initial?.threshold_value ?? "");
  const [enabled, setEnabled] = useState(initial?.is_enabled ?? true);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ threshold_type: type, threshold_value: normalizeDecimal(value) ?? value.trim(), is_enabled: enabled });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={initial ? "Edit alert" : "New alert"}>
      <ApiErrorAlert error={error} shownFields={["threshold_type", "threshold_value"]} />
      <div className="grid gap-3 sm:grid-cols-[12rem_12rem_1fr] sm:items-start">
        <Field label="Threshold type" error={error?.fieldMessage("threshold_type")}>
          {({ invalid, ...c }) => (
            <Select {...c} invalid={invalid} value={type} onChange={(e) => setType(e.target.value as TThresholdType)}>
              <option value="percentage">Percentage of budget</option>
              <option value="amount_eur">Amount in EUR</option>
            </Select>
          )}
        </Field>
        <Field
          label={type === "percentage" ? "Threshold (%)" : "Threshold (EUR)"}
          required
          hint={type === "percentage" ? "Above 0, at most 1000" : 'For example "250" or "249,90"'}
          error={error?.fieldMessage("threshold_value")}
        >
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} required />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-800 sm:mt-7">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
          Enabled
        </label>
      </div>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/** "80 %" or "€250.00", for lists and dialogs. */
export function thresholdLabel(a: { threshold_type: TThresholdType; threshold_value: string }, formatEur: (s: string) => string): string {
  return a.threshold_type === "percentage" ? `${Number(a.threshold_value)} % of budget` : formatEur(a.threshold_value);
}
