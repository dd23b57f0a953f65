"use client";
// Workspaces page: the workspaces the caller can see (search by name, paged) and the create form.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { SearchField } from "@/components/ui/search-field";
import { formatBytes, formatDate } from "@/lib/client/format";
import { useCreateWorkspace } from "@/lib/client/hooks/use-create-workspace";
import { useDebouncedValue } from "@/lib/client/hooks/use-debounced-value";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { ROLE_NAMES } from "./roles";
import { WorkspaceForm } from "./workspace-form";

const PAGE_SIZE = 25;

export function WorkspacesView() {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const name = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const workspaces = useWorkspaces({ name, page, page_size: PAGE_SIZE });
  const create = useCreateWorkspace();

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Workspaces"
        description="Workspaces hold documents and decide who can read them. Members get a role per workspace; scoped API keys reach one workspace only."
        actions={
          !creating && (
            <Button
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
            >
              New workspace
            </Button>
          )
        }
      />
      {creating && (
        <section aria-labelledby="new-ws-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="new-ws-heading" className="mb-3 text-base font-semibold">
            New workspace
          </h2>
          <WorkspaceForm
            submitLabel="Create workspace"
            pending={create.isPending}
            error={create.error}
            onCancel={() => setCreating(false)}
            onSubmit={(values) => create.mutate(values, { onSuccess: (w) => router.push(`/workspaces/${w.id}`) })}
          />
        </section>
      )}
      <SearchField
        id="workspace-search"
        label="Search workspaces"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <QueryStatus
        isPending={workspaces.isPending}
        error={workspaces.error}
        isEmpty={workspaces.data?.count === 0}
        noun="workspaces"
        empty={name ? `No workspace name contains “${name}”.` : "No workspaces yet."}
      >
        <DataTable
          caption="Workspaces"
          columns={["Name", "Type", "Your role", { label: "Documents", numeric: true }, { label: "Storage", numeric: true }, "Created"]}
        >
          {workspaces.data?.results.map((w) => (
            <tr key={w.id} data-testid="workspace-row">
              <th scope="row" className="px-4 py-2 text-left font-medium">
                <Link
                  href={`/workspaces/${w.id}`}
                  className="text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  {w.name}
                </Link>
                {w.is_default && <Badge className="ml-2">Default</Badge>}
                {w.description && <span className="block max-w-md truncate text-xs font-normal text-slate-500">{w.description}</span>}
              </th>
              <td className="px-4 py-2 capitalize text-slate-700">{w.workspace_type}</td>
              <td className="px-4 py-2 text-slate-700">
                {w.user_role ? ROLE_NAMES[w.user_role] : <span className="text-slate-400">Not a member</span>}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{w.files_count}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                {formatBytes(w.used_storage)}
                {w.storage_quota_mb !== null && <span className="text-slate-500"> / {w.storage_quota_mb} MB</span>}
              </td>
              <td className="px-4 py-2 text-slate-600">{formatDate(w.created_at)}</td>
            </tr>
          ))}
        </DataTable>
        <Pagination label="Workspaces" page={page} pageSize={PAGE_SIZE} count={workspaces.data?.count ?? 0} onPageChange={setPage} />
      </QueryStatus>
    </main>
  );
}
