"use client";
// The search page: query box, filters, results. The submitted search lives in the URL (/search?q=…), so
// opening a result and coming back restores it from the query cache without searching again.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { useSearch } from "@/lib/client/hooks/use-search";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import { activeFilterCount, formFromParams, paramsFromForm, requestFromForm, type TSearchForm } from "@/lib/client/search-form";
import { SearchFilters } from "./search-filters";
import { SearchResults } from "./search-results";

const FILTER_FIELDS = ["filters.extension", "filters.content_type", "filters.created_at_after", "filters.created_at_before", "query"];

export function SearchView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const urlKey = params.toString();
  const submitted = useMemo(() => formFromParams(new URLSearchParams(urlKey)), [urlKey]);
  const [form, setForm] = useState<TSearchForm>(submitted);
  // Back/forward to another search: show that search's query and filters.
  useEffect(() => setForm(submitted), [submitted]);

  const request = useMemo(() => requestFromForm(submitted), [submitted]);
  const search = useSearch(request);
  const workspaces = useWorkspaces({ page_size: MAX_PAGE_SIZE });
  const workspaceNames = useMemo(() => new Map((workspaces.data?.results ?? []).map((w) => [w.id, w.name])), [workspaces.data]);

  // Filters start open beside the results on wide screens and folded above them on narrow ones, where
  // they would otherwise push the results a screen down.
  const [filtersOpen, setFiltersOpen] = useState(true);
  useEffect(() => {
    if (window.matchMedia("(max-width: 1023px)").matches) setFiltersOpen(false);
  }, []);

  const [emptyQuery, setEmptyQuery] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.q.trim()) {
      setEmptyQuery(true);
      return;
    }
    setEmptyQuery(false);
    const next = paramsFromForm(form).toString();
    if (next === urlKey) void search.refetch();
    else router.push(`${pathname}?${next}`);
  };
  const change = (c: Partial<TSearchForm>) => setForm((f) => ({ ...f, ...c }));
  const error = search.error;
  const fieldError = (field: string) => error?.fieldMessage(field);
  const queryError = emptyQuery ? "Type something to search for." : fieldError("query");
  const results = search.data?.results ?? [];
  const busy = search.isFetching;
  const dirty = paramsFromForm(form).toString() !== urlKey && !!request;
  const activeFilters = activeFilterCount(form);

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Search" description="Find passages in every document you can read, by exact words and by meaning." />
      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <div role="search" aria-label="Documents" className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor="search-query" className="sr-only">
              Search query
            </label>
            <Input
              id="search-query"
              type="search"
              name="q"
              value={form.q}
              invalid={!!queryError}
              aria-describedby="search-query-hint"
              onChange={(e) => change({ q: e.target.value })}
              placeholder='e.g. refund policy, "late fee", INV-77341'
              autoFocus={!submitted.q}
              maxLength={2000}
              className="py-2.5 text-base"
            />
            <p id="search-query-hint" className={queryError ? "mt-1 text-sm text-red-700" : "mt-1 text-xs text-slate-500"}>
              {queryError ?? 'Quotes for an exact phrase ("late fee"), a minus to exclude a word (-draft), "or" between alternatives.'}
            </p>
          </div>
          <Button type="submit" loading={busy} className="py-2.5">
            Search
          </Button>
        </div>

        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <aside aria-label="Search filters">
            <details
              open={filtersOpen}
              onToggle={(e) => setFiltersOpen(e.currentTarget.open)}
              className="rounded-lg border border-slate-200 bg-white p-4"
            >
              <summary className="cursor-pointer select-none text-sm font-semibold text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600">
                Filters{activeFilters > 0 && <span className="ml-1 font-normal text-slate-500">({activeFilters} active)</span>}
              </summary>
              <div className="mt-4">
                <SearchFilters form={form} onChange={change} fieldError={fieldError} />
                {dirty && (
                  <Button type="submit" className="mt-4 w-full" loading={busy}>
                    Apply
                  </Button>
                )}
              </div>
            </details>
          </aside>

          <section aria-labelledby="search-results-heading" className="min-w-0 space-y-4">
            <h2 id="search-results-heading" className="sr-only">
              Results
            </h2>
            <p role="status" aria-live="polite" className="text-sm text-slate-600">
              {!request
                ? "Enter a query to search your documents."
                : busy
                  ? "Searching…"
                  : error
                    ? ""
                    : `${results.length} ${results.length === 1 ? "passage" : "passages"} for “${search.data?.query ?? request.query}”`}
            </p>
            <ApiErrorAlert error={error} title="The search failed" shownFields={FILTER_FIELDS} />
            {request && !error && search.isSuccess && results.length === 0 && (
              <div className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
                Nothing matched. Try other words, the “Meaning” mode, or fewer filters. Files still being ingested are not searchable yet.
              </div>
            )}
            {results.length > 0 && (
              <div className={busy ? "opacity-60 transition-opacity" : undefined} aria-busy={busy || undefined}>
                <SearchResults query={search.data?.query ?? request?.query ?? ""} results={results} workspaceNames={workspaceNames} />
              </div>
            )}
          </section>
        </div>
      </form>
    </main>
  );
}
