"use client";
// Issues an API key: company-wide, or scoped to one workspace with a role. With `workspaceId` the form is
// the workspace page's "scoped key" form and the scope is fixed. The secret goes to `onCreated` only.
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ROLE_LABELS, type TWorkspaceRole, WORKSPACE_ROLE_OPTIONS } from "@/components/workspaces/roles";
import type { TApiKeyCreated } from "@/lib/client/hooks/use-api-keys";
import { useCreateApiKey } from "@/lib/client/hooks/use-create-api-key";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";

const SHOWN_FIELDS = ["name", "workspace_id", "role", "expires_at"];

export interface CreateApiKeyFormProps {
  workspaceId?: number;
  onCreated: (key: TApiKeyCreated) => void;
  onCancel?: () => void;
}

/** A date input's day, as the end of that day in the browser's time zone. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

export function CreateApiKeyForm({ workspaceId, onCreated, onCancel }: CreateApiKeyFormProps) {
  const fixedScope = workspaceId !== undefined;
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"company" | "workspace">(fixedScope ? "workspace" : "company");
  const [chosenWorkspace, setChosenWorkspace] = useState("");
  const [role, setRole] = useState<TWorkspaceRole>("viewer");
  const [expires, setExpires] = useState("");
  const create = useCreateApiKey();
  const workspaces = useWorkspaces({ page_size: MAX_PAGE_SIZE }, { enabled: !fixedScope });
  const err = create.error;
  const today = new Date().toISOString().slice(0, 10);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body =
      scope === "workspace"
        ? { name, scope_type: "workspace" as const, workspace_id: workspaceId ?? (Number(chosenWorkspace) || undefined), role }
        : { name, scope_type: "company" as const };
    create.mutate(
      { ...body, ...(expires ? { expires_at: endOfDay(expires) } : {}) },
      {
        onSuccess: (key) => {
          setName("");
          setExpires("");
          onCreated(key);
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={fixedScope ? "New workspace API key" : "New API key"}>
      <ApiErrorAlert error={err} shownFields={SHOWN_FIELDS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Key name" required hint="What uses the key, e.g. “CI pipeline”" error={err?.fieldMessage("name")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />}
        </Field>
        <Field label="Expires on" hint="Optional; the key stops working after this day" error={err?.fieldMessage("expires_at")}>
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} type="date" min={today} value={expires} onChange={(e) => setExpires(e.target.value)} />
          )}
        </Field>
        {!fixedScope && (
          <Field label="Scope" error={err?.fieldMessage("scope_type")}>
            {({ invalid, ...c }) => (
              <Select {...c} invalid={invalid} value={scope} onChange={(e) => setScope(e.target.value as "company" | "workspace")}>
                <option value="company">Company — acts with your permissions</option>
                <option value="workspace">One workspace — with a workspace role</option>
              </Select>
            )}
          </Field>
        )}
        {!fixedScope && scope === "workspace" && (
          <Field label="Workspace" required error={err?.fieldMessage("workspace_id")}>
            {({ invalid, ...c }) => (
              <Select {...c} invalid={invalid} value={chosenWorkspace} onChange={(e) => setChosenWorkspace(e.target.value)} required>
                <option value="">{workspaces.isPending ? "Loading workspaces…" : "Choose a workspace"}</option>
                {workspaces.data?.results.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {scope === "workspace" && (
          <Field label="Role" hint="What the key may do in the workspace" error={err?.fieldMessage("role")}>
            {({ invalid, ...c }) => (
              <Select {...c} invalid={invalid} value={role} onChange={(e) => setRole(e.target.value as TWorkspaceRole)}>
                {WORKSPACE_ROLE_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </div>
      <FormActions submitLabel="Create key" pending={create.isPending} onCancel={onCancel} />
    </form>
  );
}
