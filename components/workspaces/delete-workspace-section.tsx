"use client";
// Deleting a workspace: refused by the API while it holds documents unless "force" is chosen here, and
// never for the company's default workspace.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteWorkspace } from "@/lib/client/hooks/use-delete-workspace";
import type { TWorkspace } from "@/lib/contracts/workspaces";

export function DeleteWorkspaceSection({ workspace }: { workspace: TWorkspace }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [force, setForce] = useState(false);
  const remove = useDeleteWorkspace();
  if (workspace.is_default) {
    return <p className="text-sm text-slate-600">This is the company&apos;s default workspace; it cannot be deleted.</p>;
  }
  const files = workspace.files_count;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Deleting a workspace removes its members, its scoped API keys and — if you choose — its documents.</p>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          setForce(false);
          setOpen(true);
        }}
      >
        Delete workspace
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete “${workspace.name}”?`}
        confirmLabel="Delete workspace"
        pending={remove.isPending}
        error={<ApiErrorAlert error={remove.error} />}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate({ id: workspace.id, force }, { onSuccess: () => router.push("/workspaces") })}
      >
        {files > 0 ? (
          <div className="space-y-2">
            <p>
              The workspace holds {files} document{files === 1 ? "" : "s"}.
            </p>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
              Also delete its {files} document{files === 1 ? "" : "s"} (cannot be undone)
            </label>
          </div>
        ) : (
          <p>The workspace holds no documents. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
