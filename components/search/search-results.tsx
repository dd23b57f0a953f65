// Ranked passages: the file (a link to its detail page at the passage's page), page and heading, and the
// passage as readable text (no Markdown marks) with the query's terms highlighted; the retrieval scores
// only behind a "Details" toggle.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { TextSnippet } from "@/components/ui/text-snippet";
import type { TSearchResult } from "@/lib/contracts/search";

export const fileAtPage = (fileId: number, page: number) => `/files/${fileId}?page=${page}`;

export interface SearchResultsProps {
  query: string;
  results: TSearchResult[];
  workspaceNames: Map<number, string>;
}

function scoreText(r: TSearchResult): string {
  const parts = [
    r.scores.lexical !== null && `lexical ${r.scores.lexical.toFixed(3)}`,
    r.scores.semantic !== null && `semantic ${r.scores.semantic.toFixed(3)}`,
    r.scores.rerank !== null && `rerank ${r.scores.rerank.toFixed(3)}`,
  ].filter(Boolean);
  return `Score ${r.score.toFixed(4)}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

export function SearchResults({ query, results, workspaceNames }: SearchResultsProps) {
  return (
    <ol className="space-y-4" aria-label="Search results">
      {results.map((r, i) => (
        <li key={r.chunk_id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="search-result">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 className="min-w-0 text-base font-semibold">
              <span className="sr-only">Result {i + 1}: </span>
              <Link
                href={fileAtPage(r.file_id, r.page)}
                className="break-all text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                {r.filename}
              </Link>
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <Badge>Page {r.page}</Badge>
              {workspaceNames.get(r.workspace_id) && <span>{workspaceNames.get(r.workspace_id)}</span>}
            </div>
          </div>
          {r.title && r.title !== r.filename && <p className="mt-0.5 text-sm text-slate-600">{r.title}</p>}
          {r.heading && (
            <p className="mt-2 text-sm font-medium text-slate-800" data-testid="search-result-heading">
              {r.heading}
            </p>
          )}
          <TextSnippet markdown={r.content} query={query} className="mt-2 text-sm leading-6 text-slate-800" data-testid="search-result-passage" />
          <details className="mt-2 text-xs text-slate-500">
            <summary className="cursor-pointer select-none hover:text-slate-700">Details</summary>
            <p className="mt-1">{scoreText(r)}</p>
          </details>
        </li>
      ))}
    </ol>
  );
}
