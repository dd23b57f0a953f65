"use client";
// The settings of a Google Drive datasource (`filedrive`): the folders or shared drive, the service account's
// JSON key (write-only: an edit keeps the stored key unless a new one is pasted), filters, endpoints and the
// schedule. The form checks what it can before sending (ids, the key's JSON, numbers) and offers "Test
// connection", which asks the server to get a token and read the folders without saving anything.
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useTestDatasource } from "@/lib/client/hooks/use-datasource";
import type { TFiledriveFilter, TFiledriveSettings } from "@/lib/contracts/datasource-filedrive";
import type { TDatasource } from "@/lib/contracts/datasources";
import { DatasourceAttach, DatasourceFormActions, type DatasourceFormProps, listEntries, scheduleMinutes } from "./datasource-form-parts";

export interface FiledriveValues {
  settings: TFiledriveSettings;
  /** Absent on an edit that keeps the stored key. */
  secrets?: { service_account_json: string };
  filter_criteria: TFiledriveFilter;
  schedule: { interval_minutes: number | null };
}

/** A folder id, or the id in a pasted Drive folder link (…/folders/<id>, ?id=<id>). */
export function driveIdOf(text: string): string {
  const t = text.trim();
  const m = /\/folders\/([A-Za-z0-9_-]+)/.exec(t) ?? /[?&]id=([A-Za-z0-9_-]+)/.exec(t);
  return m?.[1] ?? t;
}

const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

function initialText(ds: TDatasource | undefined) {
  const s = (ds?.settings ?? {}) as Partial<TFiledriveSettings>;
  const f = (ds?.filter_criteria ?? {}) as TFiledriveFilter;
  return {
    folders: (s.folder_ids ?? []).join("\n"),
    sharedDrive: s.shared_drive_id ?? "",
    key: "",
    mimeTypes: (f.mime_types ?? []).join("\n"),
    names: (f.name_patterns ?? []).join("\n"),
    modifiedAfter: f.modified_after?.slice(0, 10) ?? "",
    subfolders: f.include_subfolders ?? true,
    apiBase: s.api_base_url ?? "",
    tokenUrl: s.token_url ?? "",
    impersonate: s.impersonate_user ?? "",
    interval: ds?.schedule.interval_minutes?.toString() ?? "",
  };
}

type Text = ReturnType<typeof initialText>;

/** The e-mail in a pasted key (to share the folder with), or the reason the key cannot be used. */
function readKey(key: string): { email?: string; error?: string } {
  try {
    const k = JSON.parse(key) as { client_email?: unknown; private_key?: unknown };
    if (typeof k.client_email !== "string" || typeof k.private_key !== "string") return { error: "The key has no client_email or private_key." };
    return { email: k.client_email };
  } catch {
    return { error: "Not JSON: paste the whole key file." };
  }
}

function validate(t: Text, keyRequired: boolean): { values?: FiledriveValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const folders = listEntries(t.folders).map(driveIdOf);
  const sharedDrive = driveIdOf(t.sharedDrive);
  if (!folders.length && !sharedDrive) errors.folders = "At least one folder, or a shared drive.";
  const bad = folders.find((f) => !DRIVE_ID.test(f));
  if (bad) errors.folders = `${bad} is not a Drive folder id or link.`;
  if (sharedDrive && !DRIVE_ID.test(sharedDrive)) errors.sharedDrive = "Not a shared drive id.";
  if (t.key.trim()) {
    const k = readKey(t.key);
    if (k.error) errors.key = k.error;
  } else if (keyRequired) errors.key = "The service account's JSON key is required.";
  for (const [field, value] of [
    ["apiBase", t.apiBase],
    ["tokenUrl", t.tokenUrl],
  ] as const) {
    if (!value.trim()) continue;
    try {
      if (!/^https?:$/.test(new URL(value.trim()).protocol)) errors[field] = "Only http and https URLs.";
    } catch {
      errors[field] = "Not a URL.";
    }
  }
  if (t.impersonate.trim() && !/^[^@\s]+@[^@\s]+$/.test(t.impersonate.trim())) errors.impersonate = "An e-mail address.";
  const interval = scheduleMinutes(t.interval, errors);
  if (Object.keys(errors).length) return { errors };
  const list = (s: string) => (listEntries(s).length ? listEntries(s) : undefined);
  const settings: TFiledriveSettings = {
    ...(folders.length ? { folder_ids: folders } : {}),
    ...(sharedDrive ? { shared_drive_id: sharedDrive } : {}),
    ...(t.impersonate.trim() ? { impersonate_user: t.impersonate.trim() } : {}),
    ...(t.apiBase.trim() ? { api_base_url: t.apiBase.trim() } : {}),
    ...(t.tokenUrl.trim() ? { token_url: t.tokenUrl.trim() } : {}),
  };
  const filter: TFiledriveFilter = {
    ...(list(t.mimeTypes) ? { mime_types: list(t.mimeTypes) } : {}),
    ...(list(t.names) ? { name_patterns: list(t.names) } : {}),
    ...(t.modifiedAfter ? { modified_after: `${t.modifiedAfter}T00:00:00Z` } : {}),
    ...(t.subfolders ? {} : { include_subfolders: false }),
  };
  return {
    errors,
    values: {
      settings,
      ...(t.key.trim() ? { secrets: { service_account_json: t.key.trim() } } : {}),
      filter_criteria: filter,
      schedule: { interval_minutes: interval ?? null },
    },
  };
}

export function FiledriveDatasourceForm({ initial, submitLabel, pending, error, onSubmit }: DatasourceFormProps<FiledriveValues>) {
  const [text, setText] = useState(() => initialText(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const test = useTestDatasource();
  const keyStored = !!initial?.secrets_set.includes("service_account_json");
  const set = (k: keyof Text) => (e: { target: { value: string } }) => setText({ ...text, [k]: e.target.value });
  const checked = () => {
    const r = validate(text, !keyStored);
    setErrors(r.errors);
    return r.values;
  };
  const email = text.key.trim() ? readKey(text.key).email : undefined;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = checked();
        if (values) onSubmit(values);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Folders (ids or links, one per line)" hint="Shared with the service account's e-mail" error={errors.folders}>
          {(c) => <Textarea {...c} rows={2} value={text.folders} onChange={set("folders")} placeholder="https://drive.google.com/drive/folders/…" />}
        </Field>
        <Field label="Shared drive id" hint="The service account must be a member; alone: the whole drive" error={errors.sharedDrive}>
          {(c) => <Input {...c} value={text.sharedDrive} onChange={set("sharedDrive")} />}
        </Field>
      </div>
      <Field
        label="Service account JSON key"
        required={!keyStored}
        hint={
          email
            ? `Share the folders with ${email} (Viewer is enough).`
            : keyStored
              ? "A key is stored (never shown): leave empty to keep it, paste a new one to replace it."
              : "The key file from Google Cloud console → IAM → Service accounts → Keys."
        }
        error={errors.key}
      >
        {(c) => (
          <Textarea {...c} rows={3} value={text.key} onChange={set("key")} autoComplete="off" spellCheck={false} className="font-mono text-xs" />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="MIME types" hint="One per line, e.g. application/pdf, image/*; empty: all readable types">
          {(c) => <Textarea {...c} rows={2} value={text.mimeTypes} onChange={set("mimeTypes")} />}
        </Field>
        <Field label="Name patterns" hint="Globs on the file name, e.g. *.pdf">
          {(c) => <Textarea {...c} rows={2} value={text.names} onChange={set("names")} />}
        </Field>
        <div className="space-y-3">
          <Field label="Modified after">{(c) => <Input {...c} type="date" value={text.modifiedAfter} onChange={set("modifiedAfter")} />}</Field>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={text.subfolders}
              onChange={(e) => setText({ ...text, subfolders: e.target.checked })}
              className="h-4 w-4 rounded border-slate-400"
            />
            Include subfolders
          </label>
        </div>
      </div>
      <details className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Endpoints and delegation</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Field label="API base URL" hint="Default https://www.googleapis.com/" error={errors.apiBase}>
            {(c) => <Input {...c} value={text.apiBase} onChange={set("apiBase")} />}
          </Field>
          <Field label="Token URL" hint="Default: the key's token_uri" error={errors.tokenUrl}>
            {(c) => <Input {...c} value={text.tokenUrl} onChange={set("tokenUrl")} />}
          </Field>
          <Field label="Act as user" hint="Domain-wide delegation only" error={errors.impersonate}>
            {(c) => <Input {...c} type="email" value={text.impersonate} onChange={set("impersonate")} />}
          </Field>
        </div>
      </details>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Sync every (minutes)" hint="Empty: on demand only" error={errors.interval}>
          {(c) => <Input {...c} inputMode="numeric" value={text.interval} onChange={set("interval")} />}
        </Field>
      </div>
      <DatasourceFormActions
        submitLabel={submitLabel}
        pending={pending}
        error={error}
        test={test}
        testBlocked={text.key.trim() ? undefined : "Paste the key to test the connection"}
        testBody={() => {
          const values = checked();
          return (
            values?.secrets && {
              datasource_type: "filedrive",
              settings: values.settings,
              secrets: values.secrets,
              filter_criteria: values.filter_criteria,
            }
          );
        }}
      />
    </form>
  );
}

/** "Sync a Google Drive folder" on an empty workspace: a collapsed section beside the website form. */
export function FiledriveAttach({ workspaceId }: { workspaceId: number }) {
  return (
    <DatasourceAttach
      workspaceId={workspaceId}
      type="filedrive"
      summary="Or sync Google Drive folders (service account)"
      Form={FiledriveDatasourceForm}
    />
  );
}
