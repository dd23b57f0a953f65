"use client";
// API keys page: create (secret shown once), list with status, revoke. Company admins see every key of the
// company, other users their own (the API decides).
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ACTIONS_COLUMN, DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { ROLE_NAMES } from "@/components/workspaces/roles";
import { formatDate, formatDateTime, personName } from "@/lib/client/format";
import { type TApiKey, type TApiKeyCreated, useApiKeys } from "@/lib/client/hooks/use-api-keys";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import { CreateApiKeyForm } from "./create-api-key-form";
import { RevokeApiKeyButton } from "./revoke-api-key-button";
import { SecretReveal } from "./secret-reveal";

const PAGE_SIZE = 25;

function status(k: TApiKey): { label: string; tone: "green" | "red" | "amber" } {
  if (k.revoked_at) return { label: "Revoked", tone: "red" };
  if (!k.is_active) return { label: "Expired", tone: "amber" };
  return { label: "Active", tone: "green" };
}

export function ApiKeysView() {
  const [page, setPage] = useState(1);
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const keys = useApiKeys({ page, page_size: PAGE_SIZE, include_revoked: includeRevoked || undefined });
  const workspaces = useWorkspaces({ page_size: MAX_PAGE_SIZE });
  const workspaceName = (id: number | null) => workspaces.data?.results.find((w) => w.id === id)?.name ?? (id ? `Workspace ${id}` : "");

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="API keys"
        description="Keys authenticate programs against /api/v3 with the header Authorization: Bearer <key>. A company key acts with your permissions; a workspace key only reaches its workspace, with the role you give it."
        actions={
          !creating && (
            <Button
              onClick={() => {
                setCreating(true);
                setCreated(null);
              }}
            >
              New API key
            </Button>
          )
        }
      />
      {created && <SecretReveal created={created} onDone={() => setCreated(null)} />}
      {creating && (
        <section aria-labelledby="new-key-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="new-key-heading" className="mb-3 text-base font-semibold">
            New API key
          </h2>
          <CreateApiKeyForm
            onCreated={(key) => {
              setCreated(key);
              setCreating(false);
              setPage(1);
            }}
            onCancel={() => setCreating(false)}
          />
        </section>
      )}
      <section aria-labelledby="keys-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="keys-heading" className="text-base font-semibold">
            Keys {keys.data && <span className="font-normal text-slate-500">({keys.data.count})</span>}
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={includeRevoked}
              onChange={(e) => {
                setIncludeRevoked(e.target.checked);
                setPage(1);
              }}
              className="h-4 w-4 rounded border-slate-400"
            />
            Show revoked keys
          </label>
        </div>
        <QueryStatus
          isPending={keys.isPending}
          error={keys.error}
          isEmpty={keys.data?.count === 0}
          noun="API keys"
          empty="No API keys yet. Create one to call the API from scripts and integrations."
        >
          <DataTable caption="API keys" columns={["Name", "Key", "Scope", "Created", "Last used", "Expires", "Status", ACTIONS_COLUMN]}>
            {keys.data?.results.map((k) => {
              const s = status(k);
              return (
                <tr key={k.id} data-testid="api-key-row">
                  <td className="px-4 py-2 font-medium text-slate-900">{k.name}</td>
                  <td className="px-4 py-2 font-mono text-xs text-slate-600">{k.prefix}…</td>
                  <td className="px-4 py-2">
                    {k.scope_type === "company" ? (
                      "Company"
                    ) : (
                      <span>
                        {workspaceName(k.workspace_id)}
                        {k.role && <span className="text-slate-500"> · {ROLE_NAMES[k.role]}</span>}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-slate-600">
                    {formatDate(k.created_at)}
                    <span className="block text-xs text-slate-500">by {personName(k.created_by)}</span>
                  </td>
                  <td className="px-4 py-2 text-slate-600">{k.last_used_at ? formatDateTime(k.last_used_at) : "Never"}</td>
                  <td className="px-4 py-2 text-slate-600">{k.expires_at ? formatDate(k.expires_at) : "Never"}</td>
                  <td className="px-4 py-2">
                    <Badge tone={s.tone}>{s.label}</Badge>
                  </td>
                  <td className="px-4 py-2 text-right">{!k.revoked_at && <RevokeApiKeyButton apiKey={k} />}</td>
                </tr>
              );
            })}
          </DataTable>
          <Pagination label="API keys" page={page} pageSize={PAGE_SIZE} count={keys.data?.count ?? 0} onPageChange={setPage} />
        </QueryStatus>
      </section>
    </main>
  );
}
