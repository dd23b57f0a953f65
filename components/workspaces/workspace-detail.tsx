"use client";
// One workspace: settings, members and roles, scoped API keys, deletion. Controls that need the owner
// role (or company admin) are shown only to those who have it; the API enforces the same rules.
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStatus } from "@/components/ui/query-status";
import { formatBytes } from "@/lib/client/format";
import { useCurrentUser } from "@/lib/client/hooks/use-current-user";
import { useUpdateWorkspace } from "@/lib/client/hooks/use-update-workspace";
import { useWorkspace } from "@/lib/client/hooks/use-workspaces";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { DatasourceSection } from "./datasource-section";
import { DeleteWorkspaceSection } from "./delete-workspace-section";
import { MembersSection } from "./members-section";
import { ROLE_NAMES } from "./roles";
import { ScopedKeysSection } from "./scoped-keys-section";
import { WorkspaceForm } from "./workspace-form";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SettingsSection({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const update = useUpdateWorkspace(workspace.id);
  const [saved, setSaved] = useState<string | null>(null);
  if (!canManage) {
    return (
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <dt className="font-medium text-slate-700">Description</dt>
        <dd className="text-slate-600">{workspace.description || "—"}</dd>
        <dt className="font-medium text-slate-700">Type</dt>
        <dd className="capitalize text-slate-600">{workspace.workspace_type}</dd>
      </dl>
    );
  }
  return (
    <WorkspaceForm
      key={workspace.updated_at}
      initial={workspace}
      submitLabel="Save changes"
      pending={update.isPending}
      error={update.error}
      savedMessage={saved}
      onSubmit={(values) => {
        setSaved(null);
        update.mutate(values, { onSuccess: () => setSaved("Saved.") });
      }}
    />
  );
}

export function WorkspaceDetail({ id }: { id: number }) {
  const ws = useWorkspace(id);
  const me = useCurrentUser();
  const w = ws.data;
  const isAdmin = me.data?.company_role === "company_admin" || !!me.data?.user.instance_role;
  const canManage = !!w && (w.user_role === "owner" || isAdmin);
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/workspaces" className="text-blue-700 hover:underline">
          Workspaces
        </Link>
        <span aria-hidden="true" className="px-1 text-slate-400">
          /
        </span>
        <span aria-current="page" className="text-slate-600">
          {w?.name ?? "…"}
        </span>
      </nav>
      <QueryStatus isPending={ws.isPending} error={ws.error} isEmpty={false} noun="workspace" empty={null}>
        {w && (
          <>
            <PageHeader
              title={w.name}
              description={
                <span className="flex flex-wrap items-center gap-2">
                  {w.is_default && <Badge>Default</Badge>}
                  <Badge tone="blue">{w.workspace_type === "private" ? "Private" : "Shared"}</Badge>
                  <span>
                    {w.files_count} document{w.files_count === 1 ? "" : "s"} · {formatBytes(w.used_storage)}
                    {w.storage_quota_mb !== null && ` of ${w.storage_quota_mb} MB`}
                  </span>
                  <span>· your role: {w.user_role ? ROLE_NAMES[w.user_role] : "none (company access)"}</span>
                </span>
              }
            />
            <Section id="ws-settings" title="Settings">
              <SettingsSection workspace={w} canManage={canManage} />
            </Section>
            <Section id="ws-datasource" title="Datasource sync">
              <DatasourceSection workspace={w} canManage={canManage} canRun={canManage || w.user_role === "editor"} />
            </Section>
            <Section id="ws-members" title="Members and roles">
              <MembersSection workspaceId={w.id} members={w.members} canManage={canManage} />
            </Section>
            <Section id="ws-keys" title="Workspace API keys">
              <ScopedKeysSection workspace={w} canManage={canManage} />
            </Section>
            {canManage && (
              <Section id="ws-delete" title="Delete workspace">
                <DeleteWorkspaceSection workspace={w} />
              </Section>
            )}
          </>
        )}
      </QueryStatus>
    </main>
  );
}
