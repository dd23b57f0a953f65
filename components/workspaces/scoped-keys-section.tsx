"use client";
// API keys scoped to this workspace: create one with a role (secret shown once), list, revoke.
import { useState } from "react";
import { CreateApiKeyForm } from "@/components/api-keys/create-api-key-form";
import { RevokeApiKeyButton } from "@/components/api-keys/revoke-api-key-button";
import { SecretReveal } from "@/components/api-keys/secret-reveal";
import { Button } from "@/components/ui/button";
import { formatDate, personName } from "@/lib/client/format";
import type { TApiKeyCreated } from "@/lib/client/hooks/use-api-keys";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { ROLE_NAMES } from "./roles";

export function ScopedKeysSection({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  if (!canManage) {
    return <p className="text-sm text-slate-600">Only the workspace owner and company admins manage this workspace&apos;s API keys.</p>;
  }
  const keys = workspace.scoped_api_keys;
  return (
    <div className="space-y-3">
      {created && <SecretReveal created={created} onDone={() => setCreated(null)} />}
      {keys.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-4 text-sm text-slate-600">
          No API key is scoped to this workspace.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Workspace API keys">
          {keys.map((k) => (
            <li key={k.id} data-testid="scoped-key-row" className="flex flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
              <div>
                <span className="font-medium text-slate-900">{k.name}</span> <code className="text-xs text-slate-500">{k.prefix}…</code>
                <span className="block text-xs text-slate-500">
                  {ROLE_NAMES[k.role]} · created {formatDate(k.created_at)} by {personName(k.created_by)}
                </span>
              </div>
              <RevokeApiKeyButton apiKey={k} />
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <CreateApiKeyForm
            workspaceId={workspace.id}
            onCreated={(key) => {
              setCreated(key);
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        </div>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setCreated(null);
            setCreating(true);
          }}
        >
          New workspace API key
        </Button>
      )}
    </div>
  );
}
