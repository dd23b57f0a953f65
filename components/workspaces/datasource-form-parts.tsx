"use client";
// What the datasource forms (webscrapper, filedrive, sitehost, servicedesk) share: reading list fields, the
// schedule field's check, the form's end (errors, "Test connection"), and the collapsed "Or sync …" section
// that attaches a datasource to an empty workspace.
import type { ReactElement } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import type { ApiError } from "@/lib/client/api-client";
import { useAttachDatasource, type useTestDatasource } from "@/lib/client/hooks/use-datasource";
import type { TDatasource, TDatasourceInput } from "@/lib/contracts/datasources";

/** The entries of a list field: one per line or comma, trimmed, empty ones dropped. */
export const listEntries = (s: string) =>
  s
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The schedule field: minutes between runs (5 to 43,200), or undefined when empty; an error under `interval`. */
export function scheduleMinutes(text: string, errors: Record<string, string>): number | undefined {
  if (!text.trim()) return undefined;
  const interval = Number(text);
  if (!Number.isInteger(interval) || interval < 5 || interval > 43_200) errors.interval = "A whole number from 5 to 43200.";
  return interval;
}

/** The props of a datasource type's form. */
export interface DatasourceFormProps<V> {
  initial?: TDatasource;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: V) => void;
}

/** "Or sync …" on an empty workspace: a collapsed section with a type's form that attaches on submit. */
export function DatasourceAttach<V extends Omit<TDatasourceInput, "datasource_type">>({
  workspaceId,
  type,
  summary,
  Form,
}: {
  workspaceId: number;
  type: TDatasourceInput["datasource_type"];
  summary: string;
  Form: (props: DatasourceFormProps<V>) => ReactElement;
}) {
  const attach = useAttachDatasource(workspaceId);
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">{summary}</summary>
      <div className="mt-3">
        <Form
          submitLabel="Attach and sync"
          pending={attach.isPending}
          error={attach.error}
          onSubmit={(v) => attach.mutate({ datasource_type: type, ...v })}
        />
      </div>
    </details>
  );
}

/**
 * The end of a datasource form: the save request's or the connection test's error, the test's success, the
 * submit button and "Test connection", which tests what the fields hold without saving anything.
 */
export function DatasourceFormActions({
  submitLabel,
  pending,
  error,
  test,
  testBody,
  testBlocked,
}: {
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  /** The form's connection test (the form may reset it when a field changes). */
  test: ReturnType<typeof useTestDatasource>;
  /** The test request from the fields, or undefined when they do not check (the form shows their errors). */
  testBody: () => Parameters<ReturnType<typeof useTestDatasource>["mutate"]>[0] | undefined;
  /** Why the connection cannot be tested yet (a secret to type): the button is disabled with this as its title. */
  testBlocked?: string;
}) {
  return (
    <>
      <ApiErrorAlert error={error ?? test.error} />
      {test.data && (
        <p role="status" className="text-sm text-green-700">
          Connection works: {test.data.source_name}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button
          variant="secondary"
          loading={test.isPending}
          disabled={testBlocked !== undefined}
          title={testBlocked}
          onClick={() => {
            test.reset();
            const body = testBody();
            if (body) test.mutate(body);
          }}
        >
          Test connection
        </Button>
      </div>
    </>
  );
}
