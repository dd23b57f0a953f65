"use client";
// Create or edit a workspace: name, description, type and upload quota (empty = unlimited, 0 = no uploads).
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { ApiError } from "@/lib/client/api-client";
import type { TWorkspace } from "@/lib/contracts/workspaces";

export interface TWorkspaceValues {
  name: string;
  description: string;
  workspace_type: TWorkspace["workspace_type"];
  storage_quota_mb: number | null;
}

export interface WorkspaceFormProps {
  initial?: TWorkspace;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: TWorkspaceValues) => void;
  onCancel?: () => void;
  /** Announced after a successful save (edit form). */
  savedMessage?: string | null;
}

export function WorkspaceForm({ initial, submitLabel, pending, error, onSubmit, onCancel, savedMessage }: WorkspaceFormProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [type, setType] = useState<TWorkspace["workspace_type"]>(initial?.workspace_type ?? "shared");
  const [quota, setQuota] = useState(initial?.storage_quota_mb == null ? "" : String(initial.storage_quota_mb));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ name, description, workspace_type: type, storage_quota_mb: quota.trim() === "" ? null : Number(quota) });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={initial ? "Workspace settings" : "New workspace"}>
      <ApiErrorAlert error={error} shownFields={["name", "description", "workspace_type", "storage_quota_mb"]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Workspace name" required error={error?.fieldMessage("name")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />}
        </Field>
        <Field label="Type" hint="Private workspaces are only visible to their members" error={error?.fieldMessage("workspace_type")}>
          {({ invalid, ...c }) => (
            <Select {...c} invalid={invalid} value={type} onChange={(e) => setType(e.target.value as TWorkspace["workspace_type"])}>
              <option value="shared">Shared</option>
              <option value="private">Private</option>
            </Select>
          )}
        </Field>
        <Field label="Description" error={error?.fieldMessage("description")}>
          {({ invalid, ...c }) => (
            <Textarea {...c} invalid={invalid} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
          )}
        </Field>
        <Field label="Upload quota (MB)" hint="Empty for unlimited; 0 disables uploads" error={error?.fieldMessage("storage_quota_mb")}>
          {({ invalid, ...c }) => (
            <Input
              {...c}
              invalid={invalid}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={quota}
              onChange={(e) => setQuota(e.target.value)}
            />
          )}
        </Field>
      </div>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} withStatus status={savedMessage} />
    </form>
  );
}
