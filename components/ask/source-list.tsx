// The passages an answer was given, numbered as the answer cites them; each opens its file at its page.
// The cited ones are listed; the others sit behind an "N more sources" disclosure, so they do not read as
// equals of what the answer rests on. Excerpts are rendered text with the question's terms highlighted.
import Link from "next/link";
import { fileAtPage } from "@/components/search/search-results";
import { TextSnippet } from "@/components/ui/text-snippet";
import type { TAskSource } from "@/lib/contracts/ask";

const EXCERPT = 280;

export interface SourceListProps {
  sources: TAskSource[];
  /** 1-based numbers of the sources the answer cites. */
  cited: Set<number>;
  headingId: string;
  /** The question, whose terms are highlighted in the excerpts. */
  question: string;
}

export function SourceList({ sources, cited, headingId, question }: SourceListProps) {
  const numbered = sources.map((source, i) => ({ source, n: i + 1 }));
  const citedOnes = numbered.filter((s) => cited.has(s.n));
  const others = numbered.filter((s) => !cited.has(s.n));
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-3">
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {citedOnes.length ? `Cited sources (${citedOnes.length})` : "Sources"}
      </h3>
      {citedOnes.length > 0 && (
        <ol className="mt-2 space-y-2">
          {citedOnes.map(({ source, n }) => (
            <SourceItem key={source.chunk_id} source={source} n={n} cited question={question} />
          ))}
        </ol>
      )}
      {others.length > 0 && (
        <details className="group mt-2" data-testid="uncited-sources">
          <summary className="cursor-pointer select-none text-sm text-slate-600 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600">
            {citedOnes.length
              ? `${others.length} more ${others.length === 1 ? "source" : "sources"} searched, not cited`
              : `${others.length} ${others.length === 1 ? "source" : "sources"} searched`}
          </summary>
          <ol className="mt-2 space-y-2">
            {others.map(({ source, n }) => (
              <SourceItem key={source.chunk_id} source={source} n={n} cited={false} question={question} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function SourceItem({ source: s, n, cited, question }: { source: TAskSource; n: number; cited: boolean; question: string }) {
  return (
    <li className="flex gap-3 text-sm" data-testid="ask-source" data-cited={cited}>
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex h-5 min-w-[1.25rem] shrink-0 items-center justify-center rounded text-xs font-semibold ${cited ? "bg-blue-100 text-blue-800" : "bg-slate-100 text-slate-600"}`}
      >
        {n}
      </span>
      <div className="min-w-0">
        <Link
          href={fileAtPage(s.file_id, s.page)}
          className="break-all font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <span className="sr-only">Source {n}: </span>
          {s.filename}
        </Link>
        <span className="ml-2 text-xs text-slate-500">page {s.page}</span>
        <TextSnippet markdown={s.content} query={question} maxChars={EXCERPT} keepLines={false} className="mt-0.5 line-clamp-3 text-slate-600" />
      </div>
    </li>
  );
}
