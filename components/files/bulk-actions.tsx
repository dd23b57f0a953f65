"use client";
// What can be done to the selected files at once: add or remove a tag, move them to another workspace,
// classify them, delete them. Moving and deleting ask first; every result is announced.
import { useId, useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/select";
import { useBulkClassifyFiles, useBulkDeleteFiles, useBulkUpdateFiles } from "@/lib/client/hooks/use-bulk-files";
import { flattenNodes, useContentTypes } from "@/lib/client/hooks/use-content-types";
import type { TTag } from "@/lib/client/hooks/use-tags";
import type { TWorkspace } from "@/lib/contracts/workspaces";

interface Props {
  ids: number[];
  tags: TTag[];
  workspaces: TWorkspace[];
  /** After an action: whether the selection is gone (deleted, or cleared), and what happened, to announce. */
  onDone: (clearSelection: boolean, message: string) => void;
}

const files = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;

export function BulkActions({ ids, tags, workspaces, onDone }: Props) {
  const id = useId();
  const [tagId, setTagId] = useState("");
  const [workspaceId, setWorkspaceId] = useState("");
  const [path, setPath] = useState("");
  const [confirm, setConfirm] = useState<"delete" | "move" | null>(null);
  const update = useBulkUpdateFiles();
  const del = useBulkDeleteFiles();
  const classify = useBulkClassifyFiles();
  const types = useContentTypes();
  const nodes = flattenNodes(types.data?.results ?? []);
  const tagName = tags.find((t) => String(t.id) === tagId)?.name ?? "";
  const wsName = workspaces.find((w) => String(w.id) === workspaceId)?.name ?? "";
  const busy = update.isPending || del.isPending || classify.isPending;
  const n = ids.length;
  const label = "block text-xs font-medium text-slate-700";

  const reset = () => {
    update.reset();
    del.reset();
    classify.reset();
  };
  const changeTags = (mode: "add" | "remove") => {
    reset();
    const body = mode === "add" ? { ids, add_tag_ids: [Number(tagId)] } : { ids, remove_tag_ids: [Number(tagId)] };
    update.mutate(body, {
      onSuccess: () => {
        onDone(false, mode === "add" ? `Tag “${tagName}” added to ${files(n)}.` : `Tag “${tagName}” removed from ${files(n)}.`);
      },
    });
  };

  return (
    <section aria-label="Bulk actions" data-testid="bulk-actions" className="space-y-3 rounded-lg border border-blue-200 bg-blue-50/60 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{files(n)} selected</p>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onDone(true, "")}>
          Clear selection
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={`${id}-tag`} className={label}>
              Tag
            </label>
            <Select id={`${id}-tag`} value={tagId} onChange={(e) => setTagId(e.target.value)} className="w-44">
              <option value="">Choose a tag</option>
              {tags.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="secondary" disabled={!tagId || busy} onClick={() => changeTags("add")}>
            Add tag
          </Button>
          <Button variant="secondary" disabled={!tagId || busy} onClick={() => changeTags("remove")}>
            Remove tag
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={`${id}-ws`} className={label}>
              Move to workspace
            </label>
            <Select id={`${id}-ws`} value={workspaceId} onChange={(e) => setWorkspaceId(e.target.value)} className="w-44">
              <option value="">Choose a workspace</option>
              {workspaces.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="secondary"
            disabled={!workspaceId || busy}
            onClick={() => {
              reset();
              setConfirm("move");
            }}
          >
            Move…
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={`${id}-ct`} className={label}>
              Classify as
            </label>
            <Select id={`${id}-ct`} value={path} onChange={(e) => setPath(e.target.value)} className="w-52" disabled={nodes.length === 0}>
              <option value="">{types.isPending ? "Loading…" : nodes.length ? "Choose a content type" : "No content types yet"}</option>
              {nodes.map((node) => (
                <option key={node.path} value={node.path}>
                  {`${"\u00a0\u00a0".repeat(node.depth - 1)}${node.label}`}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="secondary"
            disabled={!path || busy}
            loading={classify.isPending}
            onClick={() => {
              reset();
              classify.mutate(
                { ids, path },
                {
                  onSuccess: (r) => {
                    const failed = r.failed.length ? ` ${files(r.failed.length)} could not be classified: ${r.failed[0].error.detail}` : "";
                    onDone(false, `${files(r.classified.length)} classified.${failed}`);
                  },
                },
              );
            }}
          >
            Classify
          </Button>
        </div>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => {
            reset();
            setConfirm("delete");
          }}
        >
          Delete…
        </Button>
      </div>
      {update.error && confirm === null && <ApiErrorAlert error={update.error} />}
      <ConfirmDialog
        open={confirm === "move"}
        title={`Move ${files(n)} to “${wsName}”?`}
        confirmLabel="Move"
        pending={update.isPending}
        error={<ApiErrorAlert error={update.error} />}
        onCancel={() => {
          update.reset();
          setConfirm(null);
        }}
        onConfirm={() =>
          update.mutate(
            { ids, workspace_id: Number(workspaceId) },
            {
              onSuccess: () => {
                setConfirm(null);
                onDone(false, `${files(n)} moved to “${wsName}”.`);
              },
            },
          )
        }
      >
        People who can read “{wsName}” will see them; members of their current workspace lose access unless they are members there too.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        title={`Delete ${files(n)}?`}
        confirmLabel={`Delete ${files(n)}`}
        pending={del.isPending}
        error={<ApiErrorAlert error={del.error} />}
        onCancel={() => {
          del.reset();
          setConfirm(null);
        }}
        onConfirm={() =>
          del.mutate(ids, {
            onSuccess: () => {
              setConfirm(null);
              onDone(true, `${files(n)} deleted.`);
            },
          })
        }
      >
        The documents, their Markdown, passages and classifications are removed for everyone. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
