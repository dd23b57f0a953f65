"use client";
// The Files page: upload panel, filters, the list with live status badges, row selection with bulk actions,
// sortable columns, pagination. Filters and order live in the address bar (replaceState), so a filtered list
// can be bookmarked and survives a reload; the selection is of files on the page shown.
import { useEffect, useMemo, useState } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { Select } from "@/components/ui/select";
import { DEFAULT_FILTERS, type FileFilterState, PAGE_SIZES, toFileQuery, toParams } from "@/lib/client/file-filters";
import { useDebouncedValue } from "@/lib/client/hooks/use-debounced-value";
import { isFinalStatus, useFiles } from "@/lib/client/hooks/use-files";
import { useTags } from "@/lib/client/hooks/use-tags";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import { uploadTargets } from "@/lib/client/upload-targets";
import { BulkActions } from "./bulk-actions";
import { FileFilters } from "./file-filters";
import { FilesTable } from "./files-table";
import { UploadPanel } from "./upload-panel";

const ALL = { page_size: MAX_PAGE_SIZE };

export function FilesPage({ initial }: { initial: FileFilterState }) {
  const [filters, setFilters] = useState(initial);
  const workspaces = useWorkspaces(ALL);
  const tags = useTags(ALL);
  // Text boxes wait for a pause in typing; selects apply at once (the debounce covers the whole state).
  const debounced = useDebouncedValue(filters, 350);
  const query = useMemo(() => toFileQuery(debounced), [debounced]);
  const files = useFiles(query);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkMessage, setBulkMessage] = useState("");

  useEffect(() => {
    window.history.replaceState(null, "", `${window.location.pathname}${toParams(debounced)}`);
  }, [debounced]);

  const results = files.data?.results ?? [];
  const selectedIds = results.filter((f) => selected.has(f.id)).map((f) => f.id);
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const searching = !!debounced.search.trim();
  const ingesting = results.filter((f) => !isFinalStatus(f.status)).length;
  const wsList = workspaces.data?.results ?? [];
  const targets = uploadTargets(wsList);
  const defaultWs = targets.find((w) => w.is_default)?.id ?? targets[0]?.id;
  const filtered =
    JSON.stringify({ ...debounced, page: 1, page_size: 0, ordering: "" }) !==
    JSON.stringify({ ...DEFAULT_FILTERS, page: 1, page_size: 0, ordering: "" });

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Files" description="Upload documents into a workspace, follow their ingestion and open them to read, tag and classify." />
      <UploadPanel workspaces={targets} defaultWorkspaceId={defaultWs} />
      <section aria-labelledby="files-list-title" className="space-y-4">
        <h2 id="files-list-title" className="sr-only">
          Documents
        </h2>
        <FileFilters
          value={filters}
          onChange={(change) => setFilters((f) => ({ ...f, ...change }))}
          onReset={() => setFilters(DEFAULT_FILTERS)}
          workspaces={wsList}
          tags={tags.data?.results ?? []}
        />
        <p aria-live="polite" className="text-sm text-slate-600">
          {files.data &&
            `${files.data.count} ${files.data.count === 1 ? "file" : "files"}${filtered ? (files.data.count === 1 ? " matches" : " match") : ""}`}
          {ingesting > 0 && ` · ${ingesting} still being processed (updating automatically)`}
          {files.isFetching && !files.isPending && <span className="sr-only"> Refreshing…</span>}
        </p>
        {selectedIds.length > 0 && (
          <BulkActions
            ids={selectedIds}
            tags={tags.data?.results ?? []}
            workspaces={wsList}
            onDone={(clear, message) => {
              if (clear) setSelected(new Set());
              setBulkMessage(message);
            }}
          />
        )}
        <p role="status" className="text-sm text-slate-700 empty:hidden" data-testid="bulk-message">
          {bulkMessage}
        </p>
        <QueryStatus
          isPending={files.isPending}
          error={files.error}
          isEmpty={results.length === 0}
          noun="files"
          empty={filtered ? "No file matches these filters." : "No files yet. Upload a document above to get started."}
        >
          <FilesTable
            files={results}
            query={debounced.search}
            selected={selected}
            onSelect={select}
            ordering={searching ? null : filters.ordering}
            onOrder={(ordering) => setFilters((f) => ({ ...f, page: 1, ordering }))}
          />
        </QueryStatus>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the Select inside the label */}
          <label className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-700">
            Per page
            <Select
              className="w-24"
              value={filters.page_size}
              onChange={(e) => setFilters((f) => ({ ...f, page: 1, page_size: Number(e.target.value) }))}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </label>
          <div className="grow">
            {files.data && (
              <Pagination
                page={debounced.page}
                pageSize={debounced.page_size}
                count={files.data.count}
                label="Files"
                onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
              />
            )}
          </div>
        </div>
      </section>
    </main>
  );
}
