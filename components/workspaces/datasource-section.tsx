"use client";
// A workspace's datasource on its page: attach a website to an empty workspace, or for a synced one its
// status (last and next run, failed documents), "Sync now", the settings form, detach, and the run history
// with each run's failed documents. The spec forbids manual changes to a synced workspace's files; the files
// page shows them read-only through the same rule (the API answers 400).
import { Fragment, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  useAttachDatasource,
  useCancelRun,
  useDatasource,
  useDatasourceRuns,
  useDetachDatasource,
  useRunFailures,
  useStartRun,
  useUpdateDatasource,
} from "@/lib/client/hooks/use-datasource";
import type { TDatasourceRun, TWorkspaceSync } from "@/lib/contracts/datasources";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { FiledriveAttach, FiledriveDatasourceForm } from "./datasource-filedrive-fields";
import { WebsiteDatasourceForm } from "./datasource-form";
import { ServicedeskAttach, ServicedeskDatasourceForm } from "./datasource-servicedesk-fields";
import { SitehostAttach, SitehostDatasourceForm } from "./datasource-sitehost-fields";

/** How each datasource type is named to people. */
const TYPE_LABEL: Record<string, string> = {
  webscrapper: "Website",
  filedrive: "Google Drive",
  sitehost: "SharePoint",
  servicedesk: "Zendesk",
};

const STATUS: Record<TWorkspaceSync["last_status"], { label: string; tone: "neutral" | "blue" | "green" | "amber" | "red" }> = {
  never_run: { label: "Not run yet", tone: "neutral" },
  queued: { label: "Queued", tone: "blue" },
  running: { label: "Running", tone: "blue" },
  succeeded: { label: "Succeeded", tone: "green" },
  partially_failed: { label: "Partially failed", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

function Failures({ workspaceId, run }: { workspaceId: number; run: TDatasourceRun }) {
  const failures = useRunFailures(workspaceId, run.id);
  if (failures.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {failures.data?.results.map((f) => (
        <li key={f.external_id}>
          <span className="break-all font-mono text-xs">{f.url ?? f.external_id}</span> — {f.reason}
        </li>
      ))}
    </ul>
  );
}

function RunHistory({ workspaceId, polling }: { workspaceId: number; polling: boolean }) {
  const runs = useDatasourceRuns(workspaceId, true, polling);
  const [open, setOpen] = useState<number | null>(null);
  if (!runs.data?.results.length) return <p className="text-sm text-slate-600">No runs yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Runs of the datasource, newest first</caption>
      <thead className="text-slate-600">
        <tr>
          <th className="py-1">Started</th>
          <th>Status</th>
          <th>New</th>
          <th>Changed</th>
          <th>Unchanged</th>
          <th>Removed</th>
          <th>Failed</th>
        </tr>
      </thead>
      <tbody>
        {runs.data.results.map((r) => (
          <Fragment key={r.id}>
            <tr className="border-t border-slate-100">
              <td className="py-1">{when(r.started_at ?? r.created_at)}</td>
              <td>
                <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
                {r.status === "failed" && r.status_detail && <span className="block text-xs text-red-700">{r.status_detail}</span>}
              </td>
              <td>{r.created_count}</td>
              <td>{r.updated_count}</td>
              <td>{r.unchanged_count}</td>
              <td>{r.deleted_count}</td>
              <td>
                {r.failed_count > 0 ? (
                  <Button variant="ghost" aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}>
                    {r.failed_count} {open === r.id ? "▴" : "▾"}
                  </Button>
                ) : (
                  0
                )}
              </td>
            </tr>
            {open === r.id && (
              <tr>
                <td colSpan={7} className="pb-2">
                  <Failures workspaceId={workspaceId} run={r} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

function Attach({ workspace }: { workspace: TWorkspace }) {
  const attach = useAttachDatasource(workspace.id);
  if (workspace.files_count > 0) {
    return <p className="text-sm text-slate-600">Only an empty workspace can be synced from a datasource: this one holds uploaded documents.</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Mirror a website in this workspace. Once attached, its documents are managed by the datasource only.</p>
      <WebsiteDatasourceForm
        submitLabel="Attach and sync"
        pending={attach.isPending}
        error={attach.error}
        onSubmit={(v) => attach.mutate({ datasource_type: "webscrapper", ...v })}
      />
      <FiledriveAttach workspaceId={workspace.id} />
      <SitehostAttach workspaceId={workspace.id} />
      <ServicedeskAttach workspaceId={workspace.id} />
    </div>
  );
}

export function DatasourceSection({ workspace, canManage, canRun }: { workspace: TWorkspace; canManage: boolean; canRun: boolean }) {
  const sync = workspace.sync;
  const ds = useDatasource(workspace.id, !!sync);
  const update = useUpdateDatasource(workspace.id);
  const run = useStartRun(workspace.id);
  const cancel = useCancelRun(workspace.id);
  const detach = useDetachDatasource(workspace.id);
  const [editing, setEditing] = useState(false);
  const [detaching, setDetaching] = useState(false);
  const [deleteFiles, setDeleteFiles] = useState(false);
  if (!sync) return canManage ? <Attach workspace={workspace} /> : <p className="text-sm text-slate-600">Documents are uploaded by hand.</p>;
  const live = ds.data?.sync ?? sync;
  const active = live.last_status === "queued" || live.last_status === "running";
  const status = STATUS[live.last_status];
  return (
    <div className="space-y-4">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <dt className="font-medium text-slate-700">Source</dt>
        <dd className="break-words text-slate-600">
          {live.name === live.source_name ? "" : `${live.name} `}({TYPE_LABEL[live.datasource_type] ?? live.datasource_type}: {live.source_name})
        </dd>
        <dt className="font-medium text-slate-700">Status</dt>
        <dd>
          <Badge tone={status.tone}>{status.label}</Badge>
          {live.failed_files_count > 0 && <span className="ml-2 text-amber-900">{live.failed_files_count} document(s) failed</span>}
        </dd>
        <dt className="font-medium text-slate-700">Updated</dt>
        <dd className="text-slate-600">{when(live.updated_at)}</dd>
        <dt className="font-medium text-slate-700">Next run</dt>
        <dd className="text-slate-600">{live.next_import_date ? when(live.next_import_date) : "On demand"}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {canRun && (
          <Button loading={run.isPending} disabled={active} onClick={() => run.mutate()}>
            {active ? "Sync running…" : "Sync now"}
          </Button>
        )}
        {canRun && active && ds.data?.active_run_id && (
          <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate(ds.data!.active_run_id!)}>
            Cancel run
          </Button>
        )}
        {canManage && live.editable && (
          <>
            <Button variant="secondary" onClick={() => setEditing(!editing)} aria-expanded={editing}>
              Edit settings
            </Button>
            <Button variant="danger" disabled={active} onClick={() => setDetaching(true)}>
              Detach
            </Button>
          </>
        )}
      </div>
      <ApiErrorAlert error={run.error ?? cancel.error} />
      {editing && ds.data?.datasource_type === "filedrive" && (
        <FiledriveDatasourceForm
          initial={ds.data}
          submitLabel="Save settings"
          pending={update.isPending}
          error={update.error}
          onSubmit={(v) => update.mutate(v, { onSuccess: () => setEditing(false) })}
        />
      )}
      {editing && ds.data?.datasource_type === "sitehost" && (
        <SitehostDatasourceForm
          initial={ds.data}
          submitLabel="Save settings"
          pending={update.isPending}
          error={update.error}
          onSubmit={(v) => update.mutate(v, { onSuccess: () => setEditing(false) })}
        />
      )}
      {editing && ds.data?.datasource_type === "servicedesk" && (
        <ServicedeskDatasourceForm
          initial={ds.data}
          submitLabel="Save settings"
          pending={update.isPending}
          error={update.error}
          onSubmit={(v) => update.mutate(v, { onSuccess: () => setEditing(false) })}
        />
      )}
      {editing && ds.data && !["filedrive", "sitehost", "servicedesk"].includes(ds.data.datasource_type) && (
        <WebsiteDatasourceForm
          initial={ds.data}
          submitLabel="Save settings"
          pending={update.isPending}
          error={update.error}
          onSubmit={(v) => update.mutate(v, { onSuccess: () => setEditing(false) })}
        />
      )}
      <h3 className="text-sm font-semibold text-slate-900">Run history</h3>
      <RunHistory workspaceId={workspace.id} polling={active} />
      <ConfirmDialog
        open={detaching}
        title="Detach the datasource?"
        confirmLabel="Detach"
        pending={detach.isPending}
        error={<ApiErrorAlert error={detach.error} />}
        onCancel={() => setDetaching(false)}
        onConfirm={() => detach.mutate({ deleteFiles }, { onSuccess: () => setDetaching(false) })}
      >
        <div className="space-y-2">
          <p>The workspace stops syncing and its documents become ordinary uploads.</p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={deleteFiles}
              onChange={(e) => setDeleteFiles(e.target.checked)}
              className="h-4 w-4 rounded border-slate-400"
            />
            Also delete the synced documents
          </label>
        </div>
      </ConfirmDialog>
    </div>
  );
}
