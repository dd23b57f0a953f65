"use client";
// The settings of a Zendesk datasource (`servicedesk`): the instance URL, the agent's e-mail and API token
// (write-only: an edit keeps the stored token unless a new one is typed), Help Center filters (locales,
// sections, categories, labels), attachments and solved tickets, and the schedule. The form checks what it
// can before sending and offers "Test connection", which asks the server to reach the instance, authenticate
// and check the Help Center (and ticket export) permissions without saving anything; the error names the step.
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTestDatasource } from "@/lib/client/hooks/use-datasource";
import type { TServicedeskFilter, TServicedeskSettings } from "@/lib/contracts/datasource-servicedesk";
import type { TDatasource } from "@/lib/contracts/datasources";
import { DatasourceAttach, DatasourceFormActions, type DatasourceFormProps, listEntries, scheduleMinutes } from "./datasource-form-parts";

export interface ServicedeskValues {
  settings: TServicedeskSettings;
  /** Absent on an edit that keeps the stored token. */
  secrets?: { api_token: string };
  filter_criteria: TServicedeskFilter;
  schedule: { interval_minutes: number | null };
}

function initialText(ds: TDatasource | undefined) {
  const s = (ds?.settings ?? {}) as Partial<TServicedeskSettings>;
  const f = (ds?.filter_criteria ?? {}) as TServicedeskFilter;
  return {
    url: s.instance_url ?? "",
    email: s.email ?? "",
    token: "",
    locales: (f.locales ?? []).join(", "),
    sections: (f.section_ids ?? []).join(", "),
    categories: (f.category_ids ?? []).join(", "),
    labels: (f.labels ?? []).join(", "),
    attachments: f.include_attachments ?? true,
    tickets: f.include_solved_tickets ?? false,
    interval: ds?.schedule.interval_minutes?.toString() ?? "",
  };
}

type Text = ReturnType<typeof initialText>;

function ids(text: string, field: string, errors: Record<string, string>): number[] | undefined {
  const list = listEntries(text);
  if (!list.length) return undefined;
  const bad = list.find((x) => !/^\d{1,19}$/.test(x) || Number(x) <= 0);
  if (bad) errors[field] = `${bad} is not a Zendesk id (a positive number).`;
  return list.map(Number);
}

/** The form's values, or the errors that keep it from being sent. */
function validate(t: Text, tokenRequired: boolean): { values?: ServicedeskValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let instance = t.url.trim();
  // "acme" or "acme.zendesk.com" is a Zendesk subdomain.
  if (/^[a-z0-9][a-z0-9-]*$/i.test(instance)) instance = `https://${instance}.zendesk.com`;
  else if (/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(instance)) instance = `https://${instance}`;
  try {
    const u = new URL(instance);
    if (u.protocol !== "https:" && u.protocol !== "http:") errors.url = "An https URL such as https://acme.zendesk.com.";
    else instance = u.origin;
  } catch {
    errors.url = "An https URL such as https://acme.zendesk.com.";
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t.email.trim())) errors.email = "The e-mail of the agent the API token belongs to.";
  if (tokenRequired && !t.token.trim()) errors.token = "The API token is required.";
  const sections = ids(t.sections, "sections", errors);
  const categories = ids(t.categories, "categories", errors);
  const locales = listEntries(t.locales);
  const badLocale = locales.find((l) => !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(l));
  if (badLocale) errors.locales = `${badLocale} is not a locale (e.g. en-us, de).`;
  const interval = scheduleMinutes(t.interval, errors);
  if (Object.keys(errors).length) return { errors };
  const labels = listEntries(t.labels);
  return {
    errors,
    values: {
      settings: { instance_url: instance, email: t.email.trim() },
      ...(t.token.trim() ? { secrets: { api_token: t.token.trim() } } : {}),
      filter_criteria: {
        ...(locales.length ? { locales } : {}),
        ...(sections ? { section_ids: sections } : {}),
        ...(categories ? { category_ids: categories } : {}),
        ...(labels.length ? { labels } : {}),
        ...(t.attachments ? {} : { include_attachments: false }),
        ...(t.tickets ? { include_solved_tickets: true } : {}),
      },
      schedule: { interval_minutes: interval ?? null },
    },
  };
}

export function ServicedeskDatasourceForm({ initial, submitLabel, pending, error, onSubmit }: DatasourceFormProps<ServicedeskValues>) {
  const [text, setText] = useState(() => initialText(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const test = useTestDatasource();
  const editing = !!initial;
  // A test's result is about the values it was run with: any change clears it (no "Connection works" left
  // beside settings that were never tested).
  const update = (patch: Partial<Text>) => {
    setText({ ...text, ...patch });
    if (test.data || test.error) test.reset();
  };
  const set = (k: keyof Text) => (e: { target: { value: string } }) => update({ [k]: e.target.value });
  const checked = (tokenRequired: boolean) => {
    const r = validate(text, tokenRequired);
    setErrors(r.errors);
    return r.values;
  };
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = checked(!editing);
        if (values) onSubmit(values);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Zendesk instance" required hint="https://<subdomain>.zendesk.com" error={errors.url}>
          {(c) => <Input {...c} value={text.url} onChange={set("url")} placeholder="https://acme.zendesk.com" />}
        </Field>
        <Field label="Agent e-mail" required hint="An agent or admin with Help Center access" error={errors.email}>
          {(c) => <Input {...c} type="email" autoComplete="off" value={text.email} onChange={set("email")} />}
        </Field>
        <Field
          label="API token"
          required={!editing}
          hint={editing ? "Leave empty to keep the stored token" : "Admin Center → Apps and integrations → Zendesk API"}
          error={errors.token}
        >
          {(c) => <Input {...c} type="password" autoComplete="new-password" value={text.token} onChange={set("token")} />}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Locales" hint="e.g. en-us, de; empty: all" error={errors.locales}>
          {(c) => <Input {...c} value={text.locales} onChange={set("locales")} />}
        </Field>
        <Field label="Section ids" hint="Empty: all sections" error={errors.sections}>
          {(c) => <Input {...c} inputMode="numeric" value={text.sections} onChange={set("sections")} />}
        </Field>
        <Field label="Category ids" hint="Their sections are imported" error={errors.categories}>
          {(c) => <Input {...c} inputMode="numeric" value={text.categories} onChange={set("categories")} />}
        </Field>
        <Field label="Labels" hint="Articles with any of them; empty: all">
          {(c) => <Input {...c} value={text.labels} onChange={set("labels")} />}
        </Field>
      </div>
      <div className="flex flex-wrap items-end gap-6">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={text.attachments}
            onChange={(e) => update({ attachments: e.target.checked })}
            className="h-4 w-4 rounded border-slate-400"
          />
          Import article attachments (PDF, Office, text, images)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={text.tickets}
            onChange={(e) => update({ tickets: e.target.checked })}
            className="h-4 w-4 rounded border-slate-400"
          />
          Include solved tickets (needs an admin's token)
        </label>
        <Field label="Sync every (minutes)" hint="Empty: on demand only" error={errors.interval}>
          {(c) => <Input {...c} inputMode="numeric" value={text.interval} onChange={set("interval")} />}
        </Field>
      </div>
      <DatasourceFormActions
        submitLabel={submitLabel}
        pending={pending}
        error={error}
        test={test}
        testBody={() => {
          // The server never returns the stored token: testing needs it typed again.
          const values = checked(true);
          return (
            values?.secrets && {
              datasource_type: "servicedesk",
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

/** Attaching a Zendesk Help Center to an empty workspace (beside the website form). */
export function ServicedeskAttach({ workspaceId }: { workspaceId: number }) {
  return (
    <DatasourceAttach
      workspaceId={workspaceId}
      type="servicedesk"
      summary="Or sync a Zendesk Help Center (articles, solved tickets)"
      Form={ServicedeskDatasourceForm}
    />
  );
}
