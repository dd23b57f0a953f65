"use client";
// Everything that narrows or tunes a search besides the query: workspaces, tags, file extensions,
// content types, the creation date range, the retrieval mode and reranking. Changes apply with the
// next search (each search is metered, so the page does not search on every click).
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxList } from "@/components/ui/checkbox-list";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { flattenNodes, useContentTypes } from "@/lib/client/hooks/use-content-types";
import { useTags } from "@/lib/client/hooks/use-tags";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import { activeFilterCount, EMPTY_SEARCH_FORM, TOP_K_CHOICES, type TSearchForm, type TSearchMode } from "@/lib/client/search-form";

const MODES: { value: TSearchMode; label: string }[] = [
  { value: "hybrid", label: "Hybrid (words and meaning)" },
  { value: "lexical", label: "Exact words (full text)" },
  { value: "semantic", label: "Meaning (semantic)" },
];

export interface SearchFiltersProps {
  form: TSearchForm;
  onChange: (change: Partial<TSearchForm>) => void;
  /** Field errors of the last search (`filters.extension`, …). */
  fieldError: (field: string) => string | undefined;
}

export function SearchFilters({ form, onChange, fieldError }: SearchFiltersProps) {
  const workspaces = useWorkspaces({ page_size: MAX_PAGE_SIZE });
  const tags = useTags({ page_size: MAX_PAGE_SIZE });
  const contentTypes = useContentTypes();
  const nodes = useMemo(() => flattenNodes(contentTypes.data?.results ?? []), [contentTypes.data]);
  const active = activeFilterCount(form);

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <Field label="Search mode">
          {(control) => (
            <Select {...control} value={form.mode} onChange={(e) => onChange({ mode: e.target.value as TSearchMode })}>
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Results">
          {(control) => (
            <Select {...control} value={form.topK} onChange={(e) => onChange({ topK: Number(e.target.value) })}>
              {TOP_K_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n} passages
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={form.rerank}
          onChange={(e) => onChange({ rerank: e.target.checked })}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
        />
        <span>
          Rerank results
          <span className="block text-xs text-slate-500">Re-scores a larger candidate set for better ordering; slower.</span>
        </span>
      </label>

      <CheckboxList
        legend="Workspaces"
        hint="None selected: every workspace you can read."
        loading={workspaces.isPending}
        error={workspaces.error?.detail}
        options={(workspaces.data?.results ?? []).map((w) => ({ value: w.id, label: w.name }))}
        value={form.workspaceIds}
        onChange={(workspaceIds) => onChange({ workspaceIds })}
        emptyText="No workspaces."
      />
      <CheckboxList
        legend="Tags"
        hint="Files carrying any of these tags."
        loading={tags.isPending}
        error={tags.error?.detail}
        options={(tags.data?.results ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={form.tagIds}
        onChange={(tagIds) => onChange({ tagIds })}
        emptyText="The company has no tags yet."
      />
      <CheckboxList
        legend="Content types"
        hint="Files classified at any of these types or below them."
        loading={contentTypes.isPending}
        error={contentTypes.error?.detail ?? fieldError("filters.content_type")}
        options={nodes.map((n) => ({ value: n.id, label: n.label, hint: n.path }))}
        value={nodes.filter((n) => form.contentTypes.includes(n.path)).map((n) => n.id)}
        onChange={(ids) => onChange({ contentTypes: nodes.filter((n) => ids.includes(n.id)).map((n) => n.path) })}
        emptyText="No content types defined."
      />
      <Field label="File extensions" hint="Comma-separated, e.g. pdf, docx" error={fieldError("filters.extension")}>
        {(control) => (
          <Input
            {...control}
            invalid={control.invalid}
            value={form.extensions}
            placeholder="pdf, docx"
            onChange={(e) => onChange({ extensions: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Created (UTC, inclusive)</legend>
        <div className="grid grid-cols-2 gap-3">
          <Field label="From" error={fieldError("filters.created_at_after")}>
            {(control) => (
              <Input
                {...control}
                invalid={control.invalid}
                type="date"
                value={form.after}
                max={form.before || undefined}
                onChange={(e) => onChange({ after: e.target.value })}
              />
            )}
          </Field>
          <Field label="To" error={fieldError("filters.created_at_before")}>
            {(control) => (
              <Input
                {...control}
                invalid={control.invalid}
                type="date"
                value={form.before}
                min={form.after || undefined}
                onChange={(e) => onChange({ before: e.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>
      {active > 0 && (
        <Button
          variant="secondary"
          onClick={() =>
            onChange({
              workspaceIds: EMPTY_SEARCH_FORM.workspaceIds,
              tagIds: EMPTY_SEARCH_FORM.tagIds,
              extensions: EMPTY_SEARCH_FORM.extensions,
              contentTypes: EMPTY_SEARCH_FORM.contentTypes,
              after: EMPTY_SEARCH_FORM.after,
              before: EMPTY_SEARCH_FORM.before,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
