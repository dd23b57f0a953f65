// The files list: title (links to the detail page), workspace, status badge, pages, size, tags, upload time;
// with a content search, the best matching passage under the title.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import type { TFile } from "@/lib/contracts/files";
import { formatBytes, formatDateTime } from "./format";
import { FileStatusBadge } from "./status-badge";

export function FilesTable({ files }: { files: TFile[] }) {
  return (
    <DataTable
      caption="Files"
      columns={["Document", "Workspace", "Status", { label: "Pages", numeric: true }, { label: "Size", numeric: true }, "Tags", "Uploaded"]}
    >
      {files.map((f) => (
        <tr key={f.id} data-testid="file-row" data-file-id={f.id} className="align-top hover:bg-slate-50">
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
              <p className="mt-1 line-clamp-2 text-xs text-slate-600">
                {f.chunks[0].page > 0 && (
                  <Link className="mr-1 text-blue-800 underline" href={`/files/${f.id}?page=${f.chunks[0].page}`}>
                    p. {f.chunks[0].page}
                  </Link>
                )}
                {f.chunks[0].content}
              </p>
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
