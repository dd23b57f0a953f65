"use client";
// Tags of one file: the manually assigned ones are edited here (PATCH tag_ids replaces them); tags the
// system assigned at ingestion are listed and stay as they are.
import { useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { CheckboxList } from "@/components/ui/checkbox-list";
import { useTags } from "@/lib/client/hooks/use-tags";
import { useUpdateFile } from "@/lib/client/hooks/use-update-file";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import type { TFile } from "@/lib/contracts/files";

const manualIds = (f: TFile) =>
  f.tags
    .filter((t) => !t.auto_assigned)
    .map((t) => t.id)
    .sort((a, b) => a - b);

export function TagEditor({ file }: { file: TFile }) {
  const tags = useTags({ page_size: MAX_PAGE_SIZE });
  const update = useUpdateFile(file.id);
  const [draft, setDraft] = useState<number[] | null>(null);
  const current = manualIds(file);
  const value = draft ?? current;
  const dirty = draft !== null && JSON.stringify([...draft].sort((a, b) => a - b)) !== JSON.stringify(current);
  const auto = file.tags.filter((t) => t.auto_assigned);

  return (
    <section aria-labelledby="file-tags-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="file-tags-title" className="text-base font-semibold text-slate-900">
        Tags
      </h2>
      {auto.length > 0 && (
        <p className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          Assigned automatically:
          {auto.map((t) => (
            <Badge key={t.id} tone="blue">
              {t.name}
            </Badge>
          ))}
        </p>
      )}
      <CheckboxList
        legend="Manual tags"
        options={(tags.data?.results ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={value}
        onChange={(v) => {
          update.reset();
          setDraft(v);
        }}
        loading={tags.isPending}
        emptyText="The company has no tags yet. Create them on the Tags page."
      />
      <ApiErrorAlert error={tags.error ?? update.error} title={tags.error ? "Tags could not be loaded" : "Tags were not saved"} />
      <div className="flex items-center gap-3">
        <Button disabled={!dirty} loading={update.isPending} onClick={() => update.mutate({ tag_ids: value }, { onSuccess: () => setDraft(null) })}>
          Save tags
        </Button>
        {dirty && (
          <Button variant="ghost" onClick={() => setDraft(null)}>
            Undo changes
          </Button>
        )}
        <span aria-live="polite" className="text-sm text-green-800">
          {update.isSuccess && !dirty ? "Tags saved." : ""}
        </span>
      </div>
    </section>
  );
}
