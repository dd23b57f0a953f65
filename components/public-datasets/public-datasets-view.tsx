"use client";
// "Public datasets": the read-only collections the instance publishes, for members of an opted-in company
// (browse their files, search them, alongside the company's own documents), and for public-dataset managers
// (who also publish new ones here, then upload or sync their documents like any workspace's).
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { Textarea } from "@/components/ui/textarea";
import { formatBytes } from "@/lib/client/format";
import { useCreateWorkspace } from "@/lib/client/hooks/use-create-workspace";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";

const PAGE_SIZE = 20;
const link = "text-sm font-medium text-blue-700 underline-offset-2 hover:underline";

function PublishForm({ onPublished }: { onPublished: (name: string) => void }) {
  const create = useCreateWorkspace();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, description, is_public: true },
      {
        onSuccess: (w) => {
          setName("");
          setDescription("");
          onPublished(w.name);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Publish a dataset" className="space-y-3">
      <ApiErrorAlert error={create.error} shownFields={["name", "description"]} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Dataset name" required error={create.error?.fieldMessage("name")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />}
        </Field>
        <Field label="Description" hint="Shown to every company that reads public datasets" error={create.error?.fieldMessage("description")}>
          {({ invalid, ...c }) => (
            <Textarea {...c} invalid={invalid} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
          )}
        </Field>
      </div>
      <FormActions submitLabel="Publish dataset" pending={create.isPending} />
    </form>
  );
}

export function PublicDatasetsView({ canManage }: { canManage: boolean }) {
  const [page, setPage] = useState(1);
  const [announce, setAnnounce] = useState("");
  const datasets = useWorkspaces({ is_public: "true", page, page_size: PAGE_SIZE });
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title="Public datasets"
        description={
          canManage
            ? "You manage the instance's public datasets: publish one here, then upload or sync its documents from the Files page or its workspace. Companies opted in read them; only managers change them."
            : "Document collections the instance publishes for your company. They are read-only; their files appear in Files, Search and Ask beside your own documents, under the dataset's name."
        }
      />
      <p role="status" aria-live="polite" className="sr-only" data-testid="public-datasets-announcer">
        {announce}
      </p>
      {canManage && (
        <section aria-labelledby="publish-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="publish-heading" className="mb-3 text-base font-semibold text-slate-900">
            Publish a dataset
          </h2>
          <PublishForm onPublished={(name) => setAnnounce(`Dataset “${name}” published.`)} />
        </section>
      )}
      <section aria-labelledby="datasets-heading" className="space-y-3">
        <h2 id="datasets-heading" className="text-base font-semibold text-slate-900">
          Datasets
        </h2>
        <QueryStatus
          isPending={datasets.isPending}
          error={datasets.error}
          isEmpty={datasets.data?.count === 0}
          noun="public datasets"
          empty={canManage ? "No public datasets yet: publish the first one above." : "No public datasets are published yet."}
        >
          <ul className="grid gap-3 sm:grid-cols-2">
            {datasets.data?.results.map((d) => (
              <li key={d.id} data-testid="public-dataset" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{d.name}</h3>
                  {canManage ? <Badge tone="blue">You manage it</Badge> : <Badge>Read-only</Badge>}
                </div>
                {d.description && <p className="text-sm text-slate-700">{d.description}</p>}
                <p className="text-sm text-slate-600">
                  {d.files_count} {d.files_count === 1 ? "document" : "documents"} · {formatBytes(d.used_storage)}
                  {d.sync ? " · synced from a datasource" : ""}
                </p>
                <div className="flex flex-wrap gap-4">
                  <Link className={link} href={`/files?workspace_id=${d.id}`} aria-label={`Browse the files of ${d.name}`}>
                    Browse files
                  </Link>
                  <Link className={link} href={`/search?workspace=${d.id}`} aria-label={`Search ${d.name}`}>
                    Search
                  </Link>
                  {canManage && (
                    <Link className={link} href={`/workspaces/${d.id}`} aria-label={`Manage ${d.name}`}>
                      Manage
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} count={datasets.data?.count ?? 0} onPageChange={setPage} label="Public datasets" />
        </QueryStatus>
      </section>
    </main>
  );
}
