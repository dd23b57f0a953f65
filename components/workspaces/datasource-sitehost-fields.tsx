"use client";
// The settings of a SharePoint Online datasource (`sitehost`): tenant, app registration (client id and its
// secret, write-only: an edit keeps the stored secret unless a new one is typed), the site (name, URL or id),
// an optional library and folder, filters, endpoints (sovereign clouds) and the schedule. The form checks
// what it can before sending and offers "Test connection", which asks the server to get a token and find
// the site, its libraries and the folder without saving anything; the error names the step that failed.
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useTestDatasource } from "@/lib/client/hooks/use-datasource";
import type { TSitehostFilter, TSitehostSettings } from "@/lib/contracts/datasource-sitehost";
import type { TDatasource } from "@/lib/contracts/datasources";
import { DatasourceAttach, DatasourceFormActions, type DatasourceFormProps, listEntries, scheduleMinutes } from "./datasource-form-parts";

export interface SitehostValues {
  settings: TSitehostSettings;
  /** Absent on an edit that keeps the stored secret. */
  secrets?: { client_secret: string };
  filter_criteria: TSitehostFilter;
  schedule: { interval_minutes: number | null };
}

function initialText(ds: TDatasource | undefined) {
  const s = (ds?.settings ?? {}) as Partial<TSitehostSettings>;
  const f = (ds?.filter_criteria ?? {}) as TSitehostFilter;
  return {
    tenant: s.tenant_id ?? "",
    client: s.client_id ?? "",
    secret: "",
    site: s.site_id ?? s.site_name ?? "",
    library: s.library ?? "",
    folder: s.folder_path ?? "",
    extensions: (f.extensions ?? []).join("\n"),
    mimeTypes: (f.mime_types ?? []).join("\n"),
    names: (f.name_patterns ?? []).join("\n"),
    excludes: (f.exclude_patterns ?? []).join("\n"),
    modifiedAfter: f.modified_after?.slice(0, 10) ?? "",
    subfolders: f.include_subfolders ?? true,
    authority: s.authority_host ?? "",
    graph: s.graph_base_url ?? "",
    interval: ds?.schedule.interval_minutes?.toString() ?? "",
  };
}

type Text = ReturnType<typeof initialText>;

/** A Graph site id is `hostname,guid,guid`; anything else is a site name, URL or search term. */
const SITE_ID = /^[A-Za-z0-9.-]+,[0-9a-f-]{36},[0-9a-f-]{36}$/i;

function validate(t: Text, secretRequired: boolean): { values?: SitehostValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!/^[A-Za-z0-9.-]{1,200}$/.test(t.tenant.trim()))
    errors.tenant = "The directory (tenant) id: a GUID or a domain such as contoso.onmicrosoft.com.";
  if (!/^[A-Za-z0-9-]{1,100}$/.test(t.client.trim())) errors.client = "The application (client) id of the app registration.";
  if (!t.secret.trim() && secretRequired) errors.secret = "The client secret's value is required.";
  if (!t.site.trim()) errors.site = "The site: contoso.sharepoint.com:/sites/Name, its URL, its id or its name.";
  for (const [field, value] of [
    ["authority", t.authority],
    ["graph", t.graph],
  ] as const) {
    if (!value.trim()) continue;
    try {
      const u = new URL(value.trim());
      if (u.protocol !== "https:" || (u.pathname !== "/" && u.pathname !== "")) errors[field] = "An https origin without a path.";
    } catch {
      errors[field] = "Not a URL.";
    }
  }
  const badExt = listEntries(t.extensions).find((e) => !/^\.?[A-Za-z0-9]{1,20}$/.test(e));
  if (badExt) errors.extensions = `${badExt} is not an extension.`;
  const interval = scheduleMinutes(t.interval, errors);
  if (Object.keys(errors).length) return { errors };
  const list = (s: string) => (listEntries(s).length ? listEntries(s) : undefined);
  const site = t.site.trim();
  const settings = {
    tenant_id: t.tenant.trim(),
    client_id: t.client.trim(),
    ...(SITE_ID.test(site) ? { site_id: site } : { site_name: site }),
    ...(t.library.trim() ? { library: t.library.trim() } : {}),
    ...(t.folder.trim() ? { folder_path: t.folder.trim() } : {}),
    ...(t.authority.trim() ? { authority_host: new URL(t.authority.trim()).origin } : {}),
    ...(t.graph.trim() ? { graph_base_url: new URL(t.graph.trim()).origin } : {}),
  } as TSitehostSettings;
  const filter: TSitehostFilter = {
    ...(list(t.extensions) ? { extensions: list(t.extensions) } : {}),
    ...(list(t.mimeTypes) ? { mime_types: list(t.mimeTypes) } : {}),
    ...(list(t.names) ? { name_patterns: list(t.names) } : {}),
    ...(list(t.excludes) ? { exclude_patterns: list(t.excludes) } : {}),
    ...(t.modifiedAfter ? { modified_after: `${t.modifiedAfter}T00:00:00Z` } : {}),
    ...(t.subfolders ? {} : { include_subfolders: false }),
  };
  return {
    errors,
    values: {
      settings,
      ...(t.secret.trim() ? { secrets: { client_secret: t.secret.trim() } } : {}),
      filter_criteria: filter,
      schedule: { interval_minutes: interval ?? null },
    },
  };
}

export function SitehostDatasourceForm({ initial, submitLabel, pending, error, onSubmit }: DatasourceFormProps<SitehostValues>) {
  const [text, setText] = useState(() => initialText(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const test = useTestDatasource();
  const secretStored = !!initial?.secrets_set.includes("client_secret");
  const set = (k: keyof Text) => (e: { target: { value: string } }) => setText({ ...text, [k]: e.target.value });
  const checked = () => {
    const r = validate(text, !secretStored);
    setErrors(r.errors);
    return r.values;
  };
  const text2 = (k: keyof Text, label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errors[k]}>
      {(c) => <Textarea {...c} rows={2} value={text[k] as string} onChange={set(k)} />}
    </Field>
  );
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
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Tenant id" required hint="Entra ID → Overview → Directory (tenant) ID" error={errors.tenant}>
          {(c) => <Input {...c} value={text.tenant} onChange={set("tenant")} autoComplete="off" />}
        </Field>
        <Field label="Client id" required hint="The app registration's Application (client) ID" error={errors.client}>
          {(c) => <Input {...c} value={text.client} onChange={set("client")} autoComplete="off" />}
        </Field>
        <Field
          label="Client secret"
          required={!secretStored}
          hint={secretStored ? "A secret is stored (never shown): leave empty to keep it." : "The secret's Value (not its ID)"}
          error={errors.secret}
        >
          {(c) => <Input {...c} type="password" value={text.secret} onChange={set("secret")} autoComplete="new-password" />}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Site" required hint="contoso.sharepoint.com:/sites/Name, the site's URL, its Graph id or its name" error={errors.site}>
          {(c) => <Input {...c} value={text.site} onChange={set("site")} placeholder="contoso.sharepoint.com:/sites/Marketing" />}
        </Field>
        <Field label="Library" hint="A document library's name; empty: every library">
          {(c) => <Input {...c} value={text.library} onChange={set("library")} placeholder="Documents" />}
        </Field>
        <Field label="Folder" hint="Inside the library, e.g. /Reports/2026; empty: the whole library">
          {(c) => <Input {...c} value={text.folder} onChange={set("folder")} />}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        {text2("extensions", "Extensions", "e.g. pdf, docx; empty: every file")}
        {text2("mimeTypes", "MIME types", "e.g. application/pdf, text/*")}
        {text2("names", "Name patterns", "Globs on the file name, e.g. report-*")}
        {text2("excludes", "Exclude patterns", "Globs on the file name, e.g. *draft*")}
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Modified after">{(c) => <Input {...c} type="date" value={text.modifiedAfter} onChange={set("modifiedAfter")} />}</Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={text.subfolders}
            onChange={(e) => setText({ ...text, subfolders: e.target.checked })}
            className="h-4 w-4 rounded border-slate-400"
          />
          Include subfolders
        </label>
        <Field label="Sync every (minutes)" hint="Empty: on demand only" error={errors.interval}>
          {(c) => <Input {...c} inputMode="numeric" value={text.interval} onChange={set("interval")} />}
        </Field>
      </div>
      <details className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Endpoints (sovereign clouds)</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field label="Identity platform host" hint="Default https://login.microsoftonline.com" error={errors.authority}>
            {(c) => <Input {...c} value={text.authority} onChange={set("authority")} />}
          </Field>
          <Field label="Microsoft Graph URL" hint="Default https://graph.microsoft.com" error={errors.graph}>
            {(c) => <Input {...c} value={text.graph} onChange={set("graph")} />}
          </Field>
        </div>
      </details>
      <DatasourceFormActions
        submitLabel={submitLabel}
        pending={pending}
        error={error}
        test={test}
        testBlocked={text.secret.trim() ? undefined : "Type the client secret to test the connection"}
        testBody={() => {
          const values = checked();
          return (
            values?.secrets && {
              datasource_type: "sitehost",
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

/** "Sync a SharePoint site" on an empty workspace: a collapsed section beside the website form. */
export function SitehostAttach({ workspaceId }: { workspaceId: number }) {
  return (
    <DatasourceAttach
      workspaceId={workspaceId}
      type="sitehost"
      summary="Or sync a SharePoint Online site (app registration)"
      Form={SitehostDatasourceForm}
    />
  );
}
