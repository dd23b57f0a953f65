"use client";
// Create or edit a tag: name (unique per company), description, auto-assignment at ingestion.
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ApiError } from "@/lib/client/api-client";
import type { TTag } from "@/lib/client/hooks/use-tags";

export interface TTagValues {
  name: string;
  description: string;
  auto_assign: boolean;
}

export interface TagFormProps {
  initial?: TTag;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: TTagValues) => void;
  onCancel?: () => void;
}

export function TagForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: TagFormProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [autoAssign, setAutoAssign] = useState(initial?.auto_assign ?? false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ name, description, auto_assign: autoAssign });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={initial ? `Edit tag ${initial.name}` : "New tag"}>
      <ApiErrorAlert error={error} shownFields={["name", "description"]} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Tag name" required error={error?.fieldMessage("name")}>
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus />
          )}
        </Field>
        <Field label="Description" hint="Also used to match documents when auto-assignment is on" error={error?.fieldMessage("description")}>
          {({ invalid, ...c }) => (
            <Textarea {...c} invalid={invalid} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={autoAssign} onChange={(e) => setAutoAssign(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
        Assign automatically to new documents that match the name or description
      </label>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
