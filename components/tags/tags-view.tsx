"use client";
// Tags page: search by name, create, edit in place, delete (the tag leaves every file), document counts.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ACTIONS_COLUMN, DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { SearchField } from "@/components/ui/search-field";
import { formatDate } from "@/lib/client/format";
import { useCreateTag } from "@/lib/client/hooks/use-create-tag";
import { useDebouncedValue } from "@/lib/client/hooks/use-debounced-value";
import { useDeleteTag } from "@/lib/client/hooks/use-delete-tag";
import { type TTag, useTags } from "@/lib/client/hooks/use-tags";
import { useUpdateTag } from "@/lib/client/hooks/use-update-tag";
import { TagForm } from "./tag-form";

const PAGE_SIZE = 25;

export function TagsView() {
  const [search, setSearch] = useState("");
  const name = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TTag | null>(null);
  const [announce, setAnnounce] = useState("");
  const tags = useTags({ name, page, page_size: PAGE_SIZE });
  const create = useCreateTag();
  const update = useUpdateTag();
  const remove = useDeleteTag();

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Tags"
        description="Company-wide labels for documents. Filter files by tag, and limit search, ask and agents to tagged documents."
        actions={
          !creating && (
            <Button
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
            >
              New tag
            </Button>
          )
        }
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
      {creating && (
        <section aria-labelledby="new-tag-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="new-tag-heading" className="mb-3 text-base font-semibold">
            New tag
          </h2>
          <TagForm
            submitLabel="Create tag"
            pending={create.isPending}
            error={create.error}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (tag) => {
                  setCreating(false);
                  setAnnounce(`Tag ${tag.name} created.`);
                },
              })
            }
          />
        </section>
      )}
      <SearchField
        id="tag-search"
        label="Search tags"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <QueryStatus
        isPending={tags.isPending}
        error={tags.error}
        isEmpty={tags.data?.count === 0}
        noun="tags"
        empty={name ? `No tag name contains “${name}”.` : "No tags yet. Create one to start organising documents."}
      >
        <DataTable caption="Tags" columns={["Name", "Description", "Auto-assign", { label: "Documents", numeric: true }, "Updated", ACTIONS_COLUMN]}>
          {tags.data?.results.map((t) =>
            editing === t.id ? (
              <tr key={t.id}>
                <td colSpan={6} className="bg-slate-50 px-4 py-3">
                  <TagForm
                    initial={t}
                    submitLabel="Save tag"
                    pending={update.isPending}
                    error={update.error}
                    onCancel={() => setEditing(null)}
                    onSubmit={(values) =>
                      update.mutate(
                        { id: t.id, body: values },
                        {
                          onSuccess: (tag) => {
                            setEditing(null);
                            setAnnounce(`Tag ${tag.name} saved.`);
                          },
                        },
                      )
                    }
                  />
                </td>
              </tr>
            ) : (
              <tr key={t.id} data-testid="tag-row">
                <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                  {t.name}
                </th>
                <td className="max-w-md px-4 py-2 text-slate-600">{t.description || <span className="text-slate-400">—</span>}</td>
                <td className="px-4 py-2">{t.auto_assign ? <Badge tone="blue">On</Badge> : <Badge>Off</Badge>}</td>
                <td className="px-4 py-2 text-right tabular-nums">{t.document_count}</td>
                <td className="px-4 py-2 text-slate-600">{formatDate(t.updated_at)}</td>
                <td className="whitespace-nowrap px-4 py-2 text-right">
                  <Button
                    variant="ghost"
                    className="px-3 py-1"
                    aria-label={`Edit tag ${t.name}`}
                    onClick={() => {
                      update.reset();
                      setEditing(t.id);
                    }}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-3 py-1 text-red-700"
                    aria-label={`Delete tag ${t.name}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(t);
                    }}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ),
          )}
        </DataTable>
        <Pagination label="Tags" page={page} pageSize={PAGE_SIZE} count={tags.data?.count ?? 0} onPageChange={setPage} />
      </QueryStatus>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete tag “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete tag"
        pending={remove.isPending}
        error={<ApiErrorAlert error={remove.error} />}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setAnnounce(`Tag ${deleting.name} deleted.`);
              setDeleting(null);
            },
          })
        }
      >
        {deleting && deleting.document_count > 0
          ? `The tag is removed from the ${deleting.document_count} document${deleting.document_count === 1 ? "" : "s"} that carry it. The documents stay.`
          : "No document carries this tag."}
      </ConfirmDialog>
    </main>
  );
}
