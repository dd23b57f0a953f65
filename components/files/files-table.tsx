// The files list: a checkbox per row (bulk actions), title (links to the detail page), workspace, status
// badge, pages, size, tags, upload time; sortable headers mapped onto the API's orderings. With a content
// search, the best matching passage under the title as readable text with the query's terms highlighted.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { TextSnippet } from "@/components/ui/text-snippet";
import type { TFile } from "@/lib/contracts/files";
import { formatBytes, formatDateTime } from "./format";
import { FileStatusBadge } from "./status-badge";

/** Columns whose order the API can sort by (GET /api/v3/files `ordering`). */
const SORTABLE: Record<string, string> = { Document: "title", Pages: "total_pages", Size: "size", Uploaded: "created_at" };
/** The first click on a column: names A→Z, numbers and dates largest or newest first. */
const FIRST_DESCENDING = new Set(["total_pages", "size", "created_at"]);

export interface FilesTableProps {
  files: TFile[];
  /** The content search, for highlighting passages. */
  query: string;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  /** Current `ordering`; null when the list is ordered by relevance (a content search). */
  ordering: string | null;
  onOrder: (ordering: string) => void;
}

export function FilesTable({ files, query, selected, onSelect, ordering, onOrder }: FilesTableProps) {
  const allSelected = files.length > 0 && files.every((f) => selected.has(f.id));
  const someSelected = files.some((f) => selected.has(f.id));
  const column = (label: string, numeric = false): DataTableColumn => {
    const field = SORTABLE[label];
    if (!field || ordering === null) return { label, numeric };
    const direction = ordering === field ? "ascending" : ordering === `-${field}` ? "descending" : null;
    const next = direction === "ascending" ? `-${field}` : direction === "descending" ? field : FIRST_DESCENDING.has(field) ? `-${field}` : field;
    return { label, numeric, sort: { direction, onSort: () => onOrder(next) } };
  };
  const selectAll: DataTableColumn = {
    label: "Select",
    header: (
      <input
        type="checkbox"
        aria-label="Select all files on this page"
        className="h-4 w-4 rounded border-slate-400"
        checked={allSelected}
        ref={(el) => {
          if (el) el.indeterminate = someSelected && !allSelected;
        }}
        onChange={(e) =>
          onSelect(
            files.map((f) => f.id),
            e.target.checked,
          )
        }
      />
    ),
  };
  return (
    <DataTable
      caption="Files"
      columns={[selectAll, column("Document"), "Workspace", "Status", column("Pages", true), column("Size", true), "Tags", column("Uploaded")]}
    >
      {files.map((f) => (
        <tr
          key={f.id}
          data-testid="file-row"
          data-file-id={f.id}
          data-selected={selected.has(f.id) || undefined}
          className={selected.has(f.id) ? "bg-blue-50/60 align-top" : "align-top hover:bg-slate-50"}
        >
          <td className="px-4 py-2">
            <input
              type="checkbox"
              aria-label={`Select ${f.title}`}
              className="h-4 w-4 rounded border-slate-400"
              checked={selected.has(f.id)}
              onChange={(e) => onSelect([f.id], e.target.checked)}
            />
          </td>
          <td className="max-w-md px-4 py-2">
            <Link
              href={`/files/${f.id}`}
              className="font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {f.title}
            </Link>
            <div className="truncate text-xs text-slate-500">{f.filename}</div>
            {f.content_types.length > 0 && (
              <div className="mt-1 flex flex-wrap gap-1">
                {f.content_types.map((ct) => (
                  <Badge key={ct.path} tone="blue">
                    {ct.label}
                  </Badge>
                ))}
              </div>
            )}
            {f.chunks?.[0] && (
              <div className="mt-1 text-xs text-slate-600">
                {f.chunks[0].page > 0 && (
                  <Link className="mr-1 text-blue-800 underline" href={`/files/${f.id}?page=${f.chunks[0].page}`}>
                    p. {f.chunks[0].page}
                  </Link>
                )}
                <TextSnippet
                  markdown={f.chunks[0].content}
                  query={query}
                  maxChars={220}
                  keepLines={false}
                  className="inline"
                  data-testid="file-snippet"
                />
              </div>
            )}
          </td>
          <td className="whitespace-nowrap px-4 py-2 text-slate-700">{f.workspace.name}</td>
          <td className="px-4 py-2">
            <FileStatusBadge status={f.status} detail={f.status_detail} />
          </td>
          <td className="px-4 py-2 text-right tabular-nums text-slate-700">{f.total_pages}</td>
          <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums text-slate-700">{formatBytes(f.size)}</td>
          <td className="px-4 py-2">
            <div className="flex flex-wrap gap-1">
              {f.tags.map((t) => (
                <Badge key={t.id}>{t.name}</Badge>
              ))}
            </div>
          </td>
          <td className="whitespace-nowrap px-4 py-2 text-slate-600">{formatDateTime(f.created_at)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
