"use client";
// The files list's filters and ordering, mapped one to one onto the query of GET /api/v3/files
// (lib/contracts/files-list.ts): workspace_id, status, extension, tag_id, filename, search, ordering.
import { useId } from "react";
import { Button, Input } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { FileFilterState } from "@/lib/client/file-filters";
import type { TTag } from "@/lib/client/hooks/use-tags";
import type { TFile } from "@/lib/contracts/files";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { STATUS_LABELS } from "./status-badge";

const IN_PROGRESS: TFile["status"][] = ["pending", "pending_conversion", "converting", "parsing", "parsed", "embedding", "updating"];
const FAILED: TFile["status"][] = ["parsing_failed", "embedding_failed", "fail"];

const ORDERINGS: [string, string][] = [
  ["-created_at", "Newest first"],
  ["created_at", "Oldest first"],
  ["title", "Title A–Z"],
  ["-title", "Title Z–A"],
  ["filename", "File name A–Z"],
  ["-filename", "File name Z–A"],
  ["-total_pages", "Most pages"],
  ["total_pages", "Fewest pages"],
  ["-size", "Largest"],
  ["size", "Smallest"],
];

interface Props {
  value: FileFilterState;
  onChange: (change: Partial<FileFilterState>) => void;
  onReset: () => void;
  workspaces: TWorkspace[];
  tags: TTag[];
}

export function FileFilters({ value, onChange, onReset, workspaces, tags }: Props) {
  const id = useId();
  const set = (change: Partial<FileFilterState>) => onChange({ page: 1, ...change });
  const label = "block text-xs font-medium text-slate-700";
  return (
    <form role="search" aria-label="Filter files" onSubmit={(e) => e.preventDefault()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-search`} className={label}>
          Search contents
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={value.search}
          placeholder="What the documents are about…"
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-filename`} className={label}>
          File name contains
        </label>
        <Input id={`${id}-filename`} type="search" value={value.filename} onChange={(e) => set({ filename: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-ext`} className={label}>
          Extensions
        </label>
        <Input id={`${id}-ext`} value={value.extension} placeholder="pdf, docx" onChange={(e) => set({ extension: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-ws`} className={label}>
          Workspace
        </label>
        <Select id={`${id}-ws`} value={value.workspace_id} onChange={(e) => set({ workspace_id: e.target.value })}>
          <option value="">All workspaces</option>
          {workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={label}>
          Status
        </label>
        <Select id={`${id}-status`} value={value.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">Any status</option>
          <option value="embedded">Ready</option>
          <option value={IN_PROGRESS.join(",")}>Processing</option>
          <option value={FAILED.join(",")}>Failed</option>
          <optgroup label="Processing stage">
            {(Object.keys(STATUS_LABELS) as TFile["status"][]).map((s) => (
              <option key={s} value={`${s}!`}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </optgroup>
        </Select>
      </div>
      <div>
        <label htmlFor={`${id}-tag`} className={label}>
          Tag
        </label>
        <Select id={`${id}-tag`} value={value.tag_id} onChange={(e) => set({ tag_id: e.target.value })}>
          <option value="">Any tag</option>
          {tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={`${id}-order`} className={label}>
          Sort by
        </label>
        <Select
          id={`${id}-order`}
          value={value.ordering}
          disabled={!!value.search.trim()}
          aria-describedby={value.search.trim() ? `${id}-order-hint` : undefined}
          onChange={(e) => set({ ordering: e.target.value })}
        >
          {ORDERINGS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
        {value.search.trim() && (
          <p id={`${id}-order-hint`} className="mt-0.5 text-xs text-slate-500">
            Search results are ordered by relevance.
          </p>
        )}
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button variant="ghost" onClick={onReset}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
