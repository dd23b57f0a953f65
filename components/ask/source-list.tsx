// The passages an answer was given, numbered as the answer cites them; each opens its file at its page.
import Link from "next/link";
import { fileAtPage } from "@/components/search/search-results";
import type { TAskSource } from "@/lib/contracts/ask";

const EXCERPT = 280;

export function SourceList({ sources, cited, headingId }: { sources: TAskSource[]; cited: Set<number>; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-3">
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Sources ({sources.length})
      </h3>
      <ol className="mt-2 space-y-2">
        {sources.map((s, i) => {
          const flat = s.content.replace(/\s+/g, " ").trim();
          const excerpt = flat.length > EXCERPT ? `${flat.slice(0, EXCERPT).trimEnd()}…` : flat;
          return (
            <li key={s.chunk_id} className="flex gap-3 text-sm" data-testid="ask-source">
              <span
                aria-hidden="true"
                className={`mt-0.5 inline-flex h-5 min-w-[1.25rem] shrink-0 items-center justify-center rounded text-xs font-semibold ${cited.has(i + 1) ? "bg-blue-100 text-blue-800" : "bg-slate-100 text-slate-600"}`}
              >
                {i + 1}
              </span>
              <div className="min-w-0">
                <Link
                  href={fileAtPage(s.file_id, s.page)}
                  className="break-all font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <span className="sr-only">Source {i + 1}: </span>
                  {s.filename}
                </Link>
                <span className="ml-2 text-xs text-slate-500">page {s.page}</span>
                {!cited.has(i + 1) && <span className="ml-2 text-xs text-slate-400">not cited</span>}
                <p className="mt-0.5 line-clamp-3 break-words text-slate-600">{excerpt}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
