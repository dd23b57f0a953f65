"use client";
// Upload: pick a workspace (the last one chosen is remembered in this browser), then drop files on the zone
// or choose them with the file picker (several at once). Each file gets its own progress bar: once every byte
// is sent the server still stores the file, which the row says; a failed upload turns its bar red. Results
// and errors are announced politely.
import Link from "next/link";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { Button, cx } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { type UploadItem, useUploadFiles } from "@/lib/client/hooks/use-upload-files";
import { uploadPercent, uploadPhase } from "@/lib/client/upload-phase";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { formatBytes } from "./format";

/** Where the upload form keeps the last workspace chosen (per browser, not per account). */
export const LAST_WORKSPACE_KEY = "docintel.upload.workspace";

export function UploadPanel({ workspaces, defaultWorkspaceId }: { workspaces: TWorkspace[]; defaultWorkspaceId?: number }) {
  const { items, upload, cancel, clearFinished } = useUploadFiles();
  const [workspaceId, setWorkspaceId] = useState<number | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  // The remembered workspace counts only while it is still in the list (it may have been deleted since).
  const known = workspaceId !== undefined && workspaces.some((w) => w.id === workspaceId);
  const chosen = known ? workspaceId : defaultWorkspaceId;

  useEffect(() => {
    const stored = Number(window.localStorage.getItem(LAST_WORKSPACE_KEY));
    if (stored > 0) setWorkspaceId(stored);
  }, []);
  const choose = (id: number | undefined) => {
    setWorkspaceId(id);
    if (id) window.localStorage.setItem(LAST_WORKSPACE_KEY, String(id));
    else window.localStorage.removeItem(LAST_WORKSPACE_KEY);
  };

  const start = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length) upload(files, chosen);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files);
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
        Upload documents
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56">
          <label htmlFor={`${ids}-ws`} className="block text-sm font-medium text-slate-800">
            Workspace
          </label>
          <Select id={`${ids}-ws`} value={chosen ?? ""} onChange={(e) => choose(Number(e.target.value) || undefined)}>
            {chosen === undefined && <option value="">Company default</option>}
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
                {w.is_default ? " (default)" : ""}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop zone; its file input is the accessible control */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-dropzone"
        className={cx(
          "flex flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed px-4 py-8 text-center text-sm",
          dragging ? "border-blue-600 bg-blue-50" : "border-slate-300 bg-slate-50",
        )}
      >
        <p className="text-slate-700">Drag and drop files here, or</p>
        <Button variant="secondary" onClick={() => inputRef.current?.click()}>
          Choose files…
        </Button>
        <input
          ref={inputRef}
          id={`${ids}-input`}
          type="file"
          multiple
          aria-label="Files to upload"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            start(e.target.files);
            e.target.value = ""; // choosing the same file again uploads it again
          }}
        />
        <p className="text-xs text-slate-500">PDF, Office documents, HTML, Markdown, text and images. Ingestion starts at once.</p>
      </div>
      {items.length > 0 && (
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-medium text-slate-800">Uploads</h3>
            {items.some((it) => it.state !== "uploading") && (
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={clearFinished}>
                Clear finished
              </Button>
            )}
          </div>
          <ul aria-live="polite" className="space-y-2">
            {items.map((it) => (
              <UploadRow key={it.key} item={it} onCancel={() => cancel(it.key)} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const pct = uploadPercent(item);
  // Every byte sent, no answer yet: the server is storing the file (and checking its type and quota).
  const storing = uploadPhase(item) === "storing";
  const failed = item.state === "error";
  return (
    <li
      data-testid="upload-item"
      data-state={storing ? "storing" : item.state}
      className={cx("rounded-md border px-3 py-2 text-sm", failed ? "border-red-300 bg-red-50" : "border-slate-200")}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-slate-800">{item.name}</span>
        <span className="text-xs text-slate-500">{formatBytes(item.size)}</span>
      </div>
      {failed ? (
        <div role="img" aria-label={`Upload of ${item.name} failed`} className="mt-1 h-2 w-full rounded bg-red-200">
          <div className="h-2 w-full rounded bg-red-600" />
        </div>
      ) : (
        <progress
          className={cx(
            "mt-1 h-2 w-full overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200",
            item.state === "done" ? "[&::-webkit-progress-value]:bg-green-600" : "[&::-webkit-progress-value]:bg-blue-600",
            storing && "animate-pulse",
            item.state === "cancelled" && "opacity-50",
          )}
          max={100}
          value={pct}
          aria-label={`Upload of ${item.name}`}
        />
      )}
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs">
        {item.state === "uploading" && (
          <>
            {storing ? (
              <span className="flex items-center gap-1.5 text-slate-700">
                <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-500 border-t-transparent" />
                Sent — the server is storing the file…
              </span>
            ) : (
              <span className="text-slate-600">Uploading… {pct}%</span>
            )}
            <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={onCancel}>
              Cancel
            </Button>
          </>
        )}
        {item.state === "done" && item.file && (
          <span className="text-green-800">
            Stored —{" "}
            <Link className="underline" href={`/files/${item.file.id}`}>
              open {item.file.title}
            </Link>
            <span className="text-slate-600"> · processing continues in the list below</span>
          </span>
        )}
        {failed && (
          <span role="alert" className="font-medium text-red-800">
            Upload failed: {item.error?.detail}
          </span>
        )}
        {item.state === "cancelled" && <span className="text-slate-600">Cancelled</span>}
      </div>
    </li>
  );
}
