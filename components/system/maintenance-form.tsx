"use client";
// Start a maintenance period: mode, reason, optionally only some endpoint categories, one company, or a
// later start.
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { TMaintenancePeriod } from "@/lib/client/hooks/use-maintenance-periods";
import { useStartMaintenance } from "@/lib/client/hooks/use-start-maintenance";
import { ENDPOINT_CATEGORIES, type EndpointCategory } from "@/lib/contracts/endpoint";
import type { MAINTENANCE_MODES } from "@/lib/contracts/system";

type TMode = (typeof MAINTENANCE_MODES)[number];

// Maintenance management itself can never be blocked, so it is not offered.
const CATEGORIES = ENDPOINT_CATEGORIES.filter((c) => c !== "system");

/** `<input type="datetime-local">` gives local wall time without a zone; the API wants an ISO instant. */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function MaintenanceForm({ onStarted }: { onStarted: (p: TMaintenancePeriod) => void }) {
  const start = useStartMaintenance();
  const [mode, setMode] = useState<TMode>("warning_banner");
  const [reason, setReason] = useState("");
  const [categories, setCategories] = useState<EndpointCategory[]>([]);
  const [companyId, setCompanyId] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const err = start.error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate(
      {
        mode,
        reason: reason.trim(),
        ...(categories.length ? { endpoint_category_names: categories } : {}),
        ...(companyId.trim() ? { company_id: Number(companyId) } : {}),
        ...(startsAt ? { started_at: localToIso(startsAt) } : {}),
        ...(endsAt ? { ends_at: localToIso(endsAt) } : {}),
      },
      {
        onSuccess: (p) => {
          setReason("");
          setCategories([]);
          setCompanyId("");
          setStartsAt("");
          setEndsAt("");
          onStarted(p);
        },
      },
    );
  };
  const toggle = (c: EndpointCategory) => setCategories((cur) => (cur.includes(c) ? cur.filter((x) => x !== c) : [...cur, c]));
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Start a maintenance period">
      <ApiErrorAlert error={err} shownFields={["mode", "reason", "company_id", "started_at", "ends_at", "endpoint_category_names"]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Mode"
          error={err?.fieldMessage("mode")}
          hint={
            mode === "full_shutdown" ? "Consoles show the maintenance page; the API answers 503" : "Consoles show a banner; the API keeps serving"
          }
        >
          {({ invalid, ...c }) => (
            <Select {...c} invalid={invalid} value={mode} onChange={(e) => setMode(e.target.value as TMode)}>
              <option value="warning_banner">Warning banner</option>
              <option value="full_shutdown">Full shutdown</option>
            </Select>
          )}
        </Field>
        <Field label="Company ID" hint="Empty: the whole instance" error={err?.fieldMessage("company_id")}>
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} type="number" min={1} step={1} value={companyId} onChange={(e) => setCompanyId(e.target.value)} />
          )}
        </Field>
      </div>
      <Field label="Reason" required hint="Shown to users in the banner or on the maintenance page" error={err?.fieldMessage("reason")}>
        {({ invalid, ...c }) => (
          <Textarea {...c} invalid={invalid} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={2000} />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Only these features (optional)</legend>
        <p className="text-xs text-slate-500">With categories, only those endpoints answer 503 whatever the mode, and consoles show a banner.</p>
        <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
          {CATEGORIES.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={categories.includes(c)} onChange={() => toggle(c)} className="h-4 w-4 rounded border-slate-400" />
              {c}
            </label>
          ))}
        </div>
        {err?.fieldMessage("endpoint_category_names") && <p className="mt-1 text-sm text-red-700">{err.fieldMessage("endpoint_category_names")}</p>}
      </fieldset>
      <div className="grid max-w-xl gap-3 sm:grid-cols-2">
        <Field
          label="Starts at"
          hint="Empty: now. A later time schedules it: users are told ahead (your local time)."
          error={err?.fieldMessage("started_at")}
        >
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          )}
        </Field>
        <Field label="Ends at" hint="Planned end, announced with it; empty: until ended by hand" error={err?.fieldMessage("ends_at")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
      </div>
      <Button type="submit" variant={mode === "full_shutdown" ? "danger" : "primary"} loading={start.isPending}>
        {startsAt && localToIso(startsAt)! > new Date().toISOString() ? "Schedule maintenance" : "Start maintenance"}
      </Button>
    </form>
  );
}
