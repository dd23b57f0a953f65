"use client";
// One classification of a file: where it sits in the tree, its attribute values in a form (saved with
// set_attributes, only the changed values), and unclassify.
import { useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type ApiValue, type Draft, displayValue, fromDraft, sameDraft, toDraft } from "@/lib/client/facet-values";
import type { TFacetClassification } from "@/lib/client/hooks/use-file-facets";
import { useSetFileAttributes } from "@/lib/client/hooks/use-set-file-attributes";
import { useUnclassifyFile } from "@/lib/client/hooks/use-unclassify-file";
import { AttributeInput } from "./attribute-input";

export function ClassificationCard({ fileId, ct, canEdit }: { fileId: number; ct: TFacetClassification; canEdit: boolean }) {
  const setAttrs = useSetFileAttributes(fileId);
  const unclassify = useUnclassifyFile(fileId);
  const [confirm, setConfirm] = useState(false);
  const initial = Object.fromEntries(ct.attributes.map((a) => [a.name, toDraft(a.type, a.value as ApiValue)])) as Record<string, Draft>;
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const value = (name: string) => (name in drafts ? drafts[name] : initial[name]);
  const changed = ct.attributes.filter((a) => hasKey(drafts, a.name) && !sameDraft(drafts[a.name], initial[a.name]));
  const fieldError = (name: string) => setAttrs.error?.fieldMessage(`values.${name}`);

  const save = () => {
    const values = Object.fromEntries(changed.map((a) => [a.name, fromDraft(a.type, drafts[a.name])]));
    setAttrs.mutate({ content_type_path: ct.path, values }, { onSuccess: () => setDrafts({}) });
  };

  return (
    <article
      data-testid="classification"
      data-path={ct.path}
      aria-labelledby={`ct-${ct.path}`}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`ct-${ct.path}`} className="font-semibold text-slate-900">
            {ct.labels.join(" › ")}
          </h3>
          <p className="font-mono text-xs text-slate-500">{ct.path}</p>
        </div>
        {canEdit && (
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setConfirm(true)}>
            Unclassify
          </Button>
        )}
      </div>
      {ct.attributes.length === 0 ? (
        <p className="text-sm text-slate-600">This content type has no attributes.</p>
      ) : canEdit ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="grid gap-3 md:grid-cols-2">
            {ct.attributes.map((a) => (
              <div key={a.name} className={a.type === "rich-text" || a.type === "multi-select" ? "md:col-span-2" : undefined}>
                <AttributeInput
                  attribute={a}
                  value={value(a.name)}
                  error={fieldError(a.name)}
                  onChange={(v) => {
                    setAttrs.reset();
                    setDrafts((d) => ({ ...d, [a.name]: v }));
                  }}
                />
              </div>
            ))}
          </div>
          <ApiErrorAlert error={setAttrs.error} title="The values were not saved" shownFields={ct.attributes.map((a) => `values.${a.name}`)} />
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={changed.length === 0} loading={setAttrs.isPending}>
              Save values
            </Button>
            {changed.length > 0 && (
              <Button variant="ghost" onClick={() => setDrafts({})}>
                Undo changes
              </Button>
            )}
            <span aria-live="polite" className="text-sm text-green-800">
              {setAttrs.isSuccess && changed.length === 0 ? "Values saved." : ""}
            </span>
          </div>
        </form>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {ct.attributes.map((a) => (
            <div key={a.name} className="contents">
              <dt className="text-slate-600">{a.label}</dt>
              <dd className="whitespace-pre-wrap text-slate-900">{displayValue(a.value as ApiValue)}</dd>
            </div>
          ))}
        </dl>
      )}
      <ConfirmDialog
        open={confirm}
        title={`Unclassify from “${ct.label}”?`}
        confirmLabel="Unclassify"
        pending={unclassify.isPending}
        error={<ApiErrorAlert error={unclassify.error} />}
        onCancel={() => {
          unclassify.reset();
          setConfirm(false);
        }}
        onConfirm={() => unclassify.mutate({ content_type_path: ct.path }, { onSuccess: () => setConfirm(false) })}
      >
        The values of its attributes that no other classification of the file carries are removed too.
      </ConfirmDialog>
    </article>
  );
}

const hasKey = (o: object, k: string) => Object.hasOwn(o, k);
