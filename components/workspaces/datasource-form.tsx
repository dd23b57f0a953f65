"use client";
// The settings of a website datasource (`webscrapper`): start URLs, crawl limits and filters, schedule. The
// form checks what it can before sending (URLs, numbers) and offers "Test connection", which asks the server
// to validate the settings and reach the start URLs without saving anything.
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ApiError } from "@/lib/client/api-client";
import { useTestDatasource } from "@/lib/client/hooks/use-datasource";
import type { TDatasource } from "@/lib/contracts/datasources";
import { DatasourceFormActions } from "./datasource-form-parts";

export interface WebsiteValues {
  settings: { start_urls: string[]; politeness_delay_ms?: number };
  filter_criteria: {
    max_depth?: number;
    max_pages?: number;
    include_patterns?: string[];
    exclude_patterns?: string[];
    allowed_hosts?: string[];
  };
  schedule: { interval_minutes: number | null };
}

const lines = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function initialText(ds: TDatasource | undefined) {
  const settings = (ds?.settings ?? {}) as { start_urls?: string[]; politeness_delay_ms?: number };
  const filter = (ds?.filter_criteria ?? {}) as WebsiteValues["filter_criteria"];
  return {
    urls: (settings.start_urls ?? []).join("\n"),
    depth: filter.max_depth?.toString() ?? "",
    pages: filter.max_pages?.toString() ?? "",
    include: (filter.include_patterns ?? []).join("\n"),
    exclude: (filter.exclude_patterns ?? []).join("\n"),
    hosts: (filter.allowed_hosts ?? []).join("\n"),
    delay: settings.politeness_delay_ms?.toString() ?? "",
    interval: ds?.schedule.interval_minutes?.toString() ?? "",
  };
}

function intOrUndefined(text: string, min: number, max: number, field: string, errors: Record<string, string>): number | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) errors[field] = `A whole number from ${min} to ${max}.`;
  return n;
}

/** The form's values, or the errors that keep it from being sent. */
function validate(t: ReturnType<typeof initialText>): { values?: WebsiteValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const urls = lines(t.urls);
  if (!urls.length) errors.urls = "At least one start URL.";
  for (const u of urls) {
    try {
      const parsed = new URL(u);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") errors.urls = `${u}: only http and https URLs.`;
    } catch {
      errors.urls = `${u} is not a URL.`;
    }
  }
  const depth = intOrUndefined(t.depth, 0, 50, "depth", errors);
  const pages = intOrUndefined(t.pages, 1, 100_000, "pages", errors);
  const delay = intOrUndefined(t.delay, 0, 60_000, "delay", errors);
  const interval = intOrUndefined(t.interval, 5, 43_200, "interval", errors);
  if (Object.keys(errors).length) return { errors };
  const list = (s: string) => (lines(s).length ? lines(s) : undefined);
  return {
    errors,
    values: {
      settings: { start_urls: urls, ...(delay !== undefined ? { politeness_delay_ms: delay } : {}) },
      filter_criteria: {
        ...(depth !== undefined ? { max_depth: depth } : {}),
        ...(pages !== undefined ? { max_pages: pages } : {}),
        ...(list(t.include) ? { include_patterns: list(t.include) } : {}),
        ...(list(t.exclude) ? { exclude_patterns: list(t.exclude) } : {}),
        ...(list(t.hosts) ? { allowed_hosts: list(t.hosts) } : {}),
      },
      schedule: { interval_minutes: interval ?? null },
    },
  };
}

export function WebsiteDatasourceForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial?: TDatasource;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: WebsiteValues) => void;
}) {
  const [text, setText] = useState(() => initialText(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const test = useTestDatasource();
  const set = (k: keyof typeof text) => (e: { target: { value: string } }) => setText({ ...text, [k]: e.target.value });
  const checked = () => {
    const r = validate(text);
    setErrors(r.errors);
    return r.values;
  };
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
      <Field label="Start URLs (one per line)" required error={errors.urls}>
        {(c) => <Textarea {...c} rows={2} value={text.urls} onChange={set("urls")} placeholder="https://www.example.com/" />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Max depth" hint="Default 5" error={errors.depth}>
          {(c) => <Input {...c} inputMode="numeric" value={text.depth} onChange={set("depth")} />}
        </Field>
        <Field label="Max pages" hint="Default 1000" error={errors.pages}>
          {(c) => <Input {...c} inputMode="numeric" value={text.pages} onChange={set("pages")} />}
        </Field>
        <Field label="Delay per host (ms)" hint="Default 500" error={errors.delay}>
          {(c) => <Input {...c} inputMode="numeric" value={text.delay} onChange={set("delay")} />}
        </Field>
        <Field label="Sync every (minutes)" hint="Empty: on demand only" error={errors.interval}>
          {(c) => <Input {...c} inputMode="numeric" value={text.interval} onChange={set("interval")} />}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Include patterns" hint="Globs on the URL, e.g. https://site/docs/*">
          {(c) => <Textarea {...c} rows={2} value={text.include} onChange={set("include")} />}
        </Field>
        <Field label="Exclude patterns">{(c) => <Textarea {...c} rows={2} value={text.exclude} onChange={set("exclude")} />}</Field>
        <Field label="Allowed hosts" hint="Default: the start URLs' hosts">
          {(c) => <Textarea {...c} rows={2} value={text.hosts} onChange={set("hosts")} />}
        </Field>
      </div>
      <DatasourceFormActions
        submitLabel={submitLabel}
        pending={pending}
        error={error}
        test={test}
        testBody={() => {
          const values = checked();
          return values && { datasource_type: "webscrapper", settings: values.settings, filter_criteria: values.filter_criteria };
        }}
      />
    </form>
  );
}
