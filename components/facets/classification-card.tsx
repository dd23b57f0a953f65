"use client";
// One classification of a file: where it sits in the tree, its attribute values in a form (saved with
// set_attributes, only the changed values), values suggested from the document (asked for right after
// classifying, or with "Suggest from document") to accept or edit, the automatic fill's outcome, and unclassify.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type ApiValue, type Draft, displayValue, fromDraft, sameDraft, toDraft } from "@/lib/client/facet-values";
import type { TFacetClassification } from "@/lib/client/hooks/use-file-facets";
import { useSetFileAttributes } from "@/lib/client/hooks/use-set-file-attributes";
import { useSuggestAttributes } from "@/lib/client/hooks/use-suggest-attributes";
import { useUnclassifyFile } from "@/lib/client/hooks/use-unclassify-file";
import { AttributeInput } from "./attribute-input";
import { FillStatus, SuggestedValue, SuggestionSummary } from "./suggestions";

interface Props {
  fileId: number;
  ct: TFacetClassification;
  canEdit: boolean;
  /** Ask for suggestions once on mount (the file was just classified here and its document is ready). */
  suggestOnMount?: boolean;
}

export function ClassificationCard({ fileId, ct, canEdit, suggestOnMount }: Props) {
  const setAttrs = useSetFileAttributes(fileId);
  const suggest = useSuggestAttributes(fileId);
  const asked = useRef(false);
  const unclassify = useUnclassifyFile(fileId);
  const [confirm, setConfirm] = useState(false);
  const initial = Object.fromEntries(ct.attributes.map((a) => [a.name, toDraft(a.type, a.value as ApiValue)])) as Record<string, Draft>;
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const value = (name: string) => (name in drafts ? drafts[name] : initial[name]);
  const changed = ct.attributes.filter((a) => hasKey(drafts, a.name) && !sameDraft(drafts[a.name], initial[a.name]));
  const fieldError = (name: string) => setAttrs.error?.fieldMessage(`values.${name}`);
  const suggested = new Map((suggest.data?.suggestions ?? []).map((s) => [s.name, s]));
  const canSuggest = canEdit && ct.attributes.length > 0;

  useEffect(() => {
    if (!suggestOnMount || !canSuggest || asked.current) return;
    asked.current = true;
    suggest.mutate({ content_type_path: ct.path });
  }, [suggestOnMount, canSuggest, ct.path, suggest]);

  const save = (d: Record<string, Draft> = drafts) => {
    const edited = ct.attributes.filter((a) => hasKey(d, a.name) && !sameDraft(d[a.name], initial[a.name]));
    const values = Object.fromEntries(edited.map((a) => [a.name, fromDraft(a.type, d[a.name])]));
    setAttrs.mutate({ content_type_path: ct.path, values }, { onSuccess: () => setDrafts({}) });
  };
  const draftOf = (name: string) => {
    const a = ct.attributes.find((x) => x.name === name)!;
    return toDraft(a.type, suggested.get(name)!.value as ApiValue);
  };
  const acceptAll = () => {
    const next = { ...drafts, ...Object.fromEntries([...suggested.keys()].map((n) => [n, draftOf(n)])) };
    setDrafts(next);
    save(next);
    suggest.reset();
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
          <div className="flex flex-wrap gap-2">
            {canSuggest && (
              <Button
                variant="secondary"
                className="px-3 py-1 text-xs"
                loading={suggest.isPending}
                onClick={() => suggest.mutate({ content_type_path: ct.path })}
              >
                Suggest from document
              </Button>
            )}
            <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setConfirm(true)}>
              Unclassify
            </Button>
          </div>
        )}
      </div>
      <FillStatus ct={ct} />
      {suggest.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Reading the values from the document…
        </p>
      )}
      <ApiErrorAlert error={suggest.error} title="No suggestions" />
      {suggest.data && (
        <SuggestionSummary suggestions={suggest.data} pending={setAttrs.isPending} onAcceptAll={acceptAll} onDismiss={() => suggest.reset()} />
      )}
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
                {suggested.has(a.name) && (
                  <SuggestedValue
                    suggestion={suggested.get(a.name)!}
                    current={fromDraft(a.type, value(a.name))}
                    onUse={() => setDrafts((d) => ({ ...d, [a.name]: draftOf(a.name) }))}
                  />
                )}
              </div>
            ))}
          </div>
          <ApiErrorAlert error={setAttrs.error} title="The values were not saved" shownFields={ct.attributes.map((a) => `values.${a.name}`)} />
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={changed.length === 0} loading={setAttrs.isPending && !suggest.data}>
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
