"use client";
// Rename a file (its title; the stored file name stays) and move it to another workspace, on its page
// (PATCH /api/v3/files/{id}). Moving asks first: it changes who can read the document.
import { useId, useState } from "react";
import { Button, Input } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/select";
import { useUpdateFile } from "@/lib/client/hooks/use-update-file";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import type { TFile } from "@/lib/contracts/files";

export function FileSettings({ file }: { file: TFile }) {
  const id = useId();
  const rename = useUpdateFile(file.id);
  const move = useUpdateFile(file.id);
  const workspaces = useWorkspaces({ page_size: MAX_PAGE_SIZE });
  const [title, setTitle] = useState<string | null>(null);
  const [target, setTarget] = useState("");
  const [confirmMove, setConfirmMove] = useState(false);
  const [done, setDone] = useState("");
  const draft = title ?? file.title;
  const others = (workspaces.data?.results ?? []).filter((w) => w.id !== file.workspace.id && w.document_upload_method !== "sync");
  const targetName = others.find((w) => String(w.id) === target)?.name ?? "";

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Name and place
      </h2>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          setDone("");
          rename.mutate(
            { title: draft.trim() },
            {
              onSuccess: () => {
                setTitle(null);
                setDone("Renamed.");
              },
            },
          );
        }}
      >
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
          Title
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-name`}
            value={draft}
            maxLength={500}
            onChange={(e) => {
              rename.reset();
              setTitle(e.target.value);
            }}
          />
          <Button type="submit" variant="secondary" loading={rename.isPending} disabled={!draft.trim() || draft.trim() === file.title}>
            Rename
          </Button>
        </div>
        <ApiErrorAlert error={rename.error} />
      </form>
      <div className="space-y-2">
        <label htmlFor={`${id}-ws`} className="block text-sm font-medium text-slate-800">
          Move to workspace
        </label>
        <div className="flex gap-2">
          <Select
            id={`${id}-ws`}
            value={target}
            onChange={(e) => {
              move.reset();
              setTarget(e.target.value);
            }}
            disabled={others.length === 0}
          >
            <option value="">{others.length ? "Choose a workspace" : "No other workspace"}</option>
            {others.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Select>
          <Button variant="secondary" disabled={!target} onClick={() => setConfirmMove(true)}>
            Move…
          </Button>
        </div>
      </div>
      <p role="status" className="text-sm text-green-800 empty:hidden">
        {done}
      </p>
      <ConfirmDialog
        open={confirmMove}
        title={`Move “${file.title}” to “${targetName}”?`}
        confirmLabel="Move"
        pending={move.isPending}
        error={<ApiErrorAlert error={move.error} />}
        onCancel={() => {
          move.reset();
          setConfirmMove(false);
        }}
        onConfirm={() =>
          move.mutate(
            { workspace_id: Number(target) },
            {
              onSuccess: () => {
                setConfirmMove(false);
                setTarget("");
                setDone(`Moved to “${targetName}”.`);
              },
            },
          )
        }
      >
        People who can read “{targetName}” will see it; members of “{file.workspace.name}” lose access unless they are members there too.
      </ConfirmDialog>
    </section>
  );
}
