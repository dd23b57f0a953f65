"use client";
// A file's page: status (updating while it is ingested), facts, thumbnail, the parsed Markdown page by page
// and the PDF preview (opened at ?page=N), tags and the facet editor.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { FacetEditor } from "@/components/facets/facet-editor";
import { Alert, Button, cx } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryStatus } from "@/components/ui/query-status";
import { endpointPath } from "@/lib/client/api-client";
import { endpoints } from "@/lib/client/endpoints";
import { useDeleteFile } from "@/lib/client/hooks/use-delete-file";
import { FAILED_FILE_STATUSES, useFile, useFilePages } from "@/lib/client/hooks/use-files";
import { useWorkspace } from "@/lib/client/hooks/use-workspaces";
import { markdownToText } from "@/lib/client/markdown-text";
import type { TFile } from "@/lib/contracts/files";
import { FilePreview } from "./file-preview";
import { FileSettings } from "./file-settings";
import { formatBytes, formatDateTime } from "./format";
import { MarkdownView } from "./markdown-view";
import { FileStatusBadge, STATUS_LABELS } from "./status-badge";
import { TagEditor } from "./tag-editor";

const HAS_MARKDOWN = new Set<TFile["status"]>(["parsed", "embedding", "embedded", "embedding_failed", "updating"]);

export function FileDetail({ fileId, page }: { fileId: number; page?: number }) {
  const file = useFile(fileId);
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Link href="/files" className="text-sm text-blue-800 underline">
        ← All files
      </Link>
      <QueryStatus isPending={file.isPending} error={file.error} isEmpty={false} noun="file" empty={null}>
        {file.data && <Loaded file={file.data} page={page} />}
      </QueryStatus>
    </main>
  );
}

function Loaded({ file, page }: { file: TFile; page?: number }) {
  const router = useRouter();
  const [tab, setTab] = useState<"markdown" | "preview">(page ? "preview" : "markdown");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const del = useDeleteFile();
  // Files of a sync-managed workspace are deleted by their datasource only (the API answers 400).
  const synced = useWorkspace(file.workspace.id).data?.document_upload_method === "sync";
  const pages = useFilePages(file.id, HAS_MARKDOWN.has(file.status));
  const failed = FAILED_FILE_STATUSES.has(file.status);
  const author = file.created_by
    ? [file.created_by.first_name, file.created_by.last_name].filter(Boolean).join(" ") || file.created_by.username
    : null;

  useEffect(() => {
    if (tab === "markdown" && page && pages.data) document.getElementById(`page-${page}`)?.scrollIntoView();
  }, [tab, page, pages.data]);

  const facts: [string, string][] = [
    ["File name", file.filename],
    ["Workspace", file.workspace.name],
    ["Processing stage", `${STATUS_LABELS[file.status]} (${file.status})`],
    ["Pages", String(file.total_pages)],
    ["Size", formatBytes(file.size)],
    ["Type", file.mime_type ?? file.extension],
    ["Uploaded", `${formatDateTime(file.created_at)}${author ? ` by ${author}` : ""}`],
    ...(file.chunk_count !== undefined ? [["Passages indexed", String(file.chunk_count)] as [string, string]] : []),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{file.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600" aria-live="polite">
            Status: <FileStatusBadge status={file.status} detail={file.status_detail} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={endpointPath(endpoints.files.content, { id: file.id })}
            download={file.filename}
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            Download original
          </a>
          {synced ? (
            <span className="self-center text-sm text-slate-600">Synced from a datasource: read-only</span>
          ) : (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>
      {failed && (
        <Alert tone="error" title="Processing failed">
          {file.status_detail ?? "The document could not be processed."}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <aside className="space-y-6">
          <section aria-label="About this file" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            {file.thumbnail.status === "READY" && file.thumbnail.url ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={file.thumbnail.url} alt={`First page of ${file.title}`} className="mx-auto max-h-72 rounded border border-slate-200" />
            ) : (
              <p className="rounded bg-slate-50 py-6 text-center text-xs text-slate-500">
                {file.thumbnail.status === "PENDING" ? "Thumbnail not ready yet" : "No thumbnail for this document"}
              </p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {facts.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="break-words text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
            {file.summary && <p className="text-sm text-slate-700">{markdownToText(file.summary)}</p>}
          </section>
          {!synced && <FileSettings file={file} />}
        </aside>
        <section aria-label="Document" className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
          <div
            role="tablist"
            aria-label="Document view"
            className="flex gap-1 border-b border-slate-200 px-3 pt-2"
            onKeyDown={(e) => {
              // Arrow keys move between the tabs (WAI-ARIA tabs pattern); Tab leaves the tab list.
              if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
              const next = tab === "markdown" ? "preview" : "markdown";
              setTab(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {(["markdown", "preview"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => setTab(t)}
                className={cx(
                  "rounded-t-md px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
                  tab === t ? "border border-b-white border-slate-200 bg-white text-slate-900 -mb-px" : "text-slate-600 hover:text-slate-900",
                )}
              >
                {t === "markdown" ? "Markdown" : "Preview"}
              </button>
            ))}
          </div>
          <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="p-4">
            {tab === "preview" ? (
              <FilePreview fileId={file.id} title={file.title} page={page} />
            ) : !HAS_MARKDOWN.has(file.status) ? (
              <p role="status" className="py-8 text-sm text-slate-600">
                {failed
                  ? "The document could not be parsed, so there is no Markdown."
                  : "The document is still being parsed; its Markdown appears here when it is ready."}
              </p>
            ) : (
              <QueryStatus
                isPending={pages.isPending}
                error={pages.error}
                isEmpty={(pages.data?.pages.length ?? 0) === 0}
                noun="Markdown"
                empty="The parser found no text in this document."
              >
                <div data-testid="file-markdown" className="divide-y divide-slate-100">
                  {pages.data?.pages.map((p) => (
                    <div key={p.page} id={`page-${p.page}`} className={cx("scroll-mt-4 py-3", p.page === page && "bg-amber-50/60")}>
                      {(pages.data?.pages.length ?? 0) > 1 && (
                        <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-400">
                          Page {p.page}
                          {p.ocr ? " · OCR" : ""}
                        </p>
                      )}
                      <MarkdownView markdown={p.markdown} />
                    </div>
                  ))}
                </div>
              </QueryStatus>
            )}
          </div>
        </section>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
        <TagEditor file={file} />
        <FacetEditor fileId={file.id} />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${file.title}”?`}
        confirmLabel="Delete"
        pending={del.isPending}
        error={<ApiErrorAlert error={del.error} />}
        onCancel={() => {
          del.reset();
          setConfirmDelete(false);
        }}
        onConfirm={() => del.mutate(file.id, { onSuccess: () => router.push("/files") })}
      >
        The document, its Markdown, passages and classification are removed for everyone. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
