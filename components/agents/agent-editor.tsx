"use client";
// New agent and agent detail pages: the form, and for an existing agent deletion. Agents the caller may
// see but not change (can_edit false) are shown read-only.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStatus } from "@/components/ui/query-status";
import { useAgent } from "@/lib/client/hooks/use-agents";
import { useCreateAgent } from "@/lib/client/hooks/use-create-agent";
import { useDeleteAgent } from "@/lib/client/hooks/use-delete-agent";
import { useUpdateAgent } from "@/lib/client/hooks/use-update-agent";
import type { TAgent } from "@/lib/contracts/agents";
import { AgentForm } from "./agent-form";

function Frame({ current, children }: { current: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/agents" className="text-blue-700 hover:underline">
          Agents
        </Link>
        <span aria-hidden="true" className="px-1 text-slate-400">
          /
        </span>
        <span aria-current="page" className="text-slate-600">
          {current}
        </span>
      </nav>
      {children}
    </main>
  );
}

export function NewAgent() {
  const router = useRouter();
  const create = useCreateAgent();
  return (
    <Frame current="New agent">
      <PageHeader title="New agent" />
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <AgentForm
          submitLabel="Create agent"
          pending={create.isPending}
          error={create.error}
          onCancel={() => router.push("/agents")}
          onSubmit={(values) => create.mutate(values, { onSuccess: () => router.push("/agents") })}
        />
      </div>
    </Frame>
  );
}

function EditAgentBody({ agent }: { agent: TAgent }) {
  const router = useRouter();
  const update = useUpdateAgent(agent.id);
  const remove = useDeleteAgent();
  const [saved, setSaved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <PageHeader
        title={agent.name}
        actions={
          agent.can_edit && (
            <Button
              variant="danger"
              onClick={() => {
                remove.reset();
                setConfirming(true);
              }}
            >
              Delete agent
            </Button>
          )
        }
      />
      {!agent.can_edit && <Alert tone="info">Only the agent&apos;s owner and company admins can change it.</Alert>}
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <AgentForm
          key={agent.updated_at}
          initial={agent}
          readOnly={!agent.can_edit}
          submitLabel="Save agent"
          pending={update.isPending}
          error={update.error}
          savedMessage={saved}
          onSubmit={(values) => {
            setSaved(null);
            update.mutate(values, { onSuccess: () => setSaved("Saved.") });
          }}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete agent “${agent.name}”?`}
        confirmLabel="Delete agent"
        pending={remove.isPending}
        error={<ApiErrorAlert error={remove.error} />}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(agent.id, { onSuccess: () => router.push("/agents") })}
      >
        Its instructions and settings are deleted. Documents are not affected.
      </ConfirmDialog>
    </>
  );
}

export function EditAgent({ id }: { id: number }) {
  const agent = useAgent(id);
  return (
    <Frame current={agent.data?.name ?? "Agent"}>
      <QueryStatus isPending={agent.isPending} error={agent.error} isEmpty={false} noun="agent" empty={null}>
        {agent.data && <EditAgentBody agent={agent.data} />}
      </QueryStatus>
    </Frame>
  );
}
