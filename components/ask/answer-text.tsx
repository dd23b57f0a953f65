// An answer with its citation markers `[n]` turned into links to sources[n-1], opening the source file
// at the cited page. Built from React nodes (no HTML strings): the answer is model output.
import Link from "next/link";
import { fileAtPage } from "@/components/search/search-results";
import { splitCitations } from "@/lib/client/citations";
import type { TAskSource } from "@/lib/contracts/ask";

export function AnswerText({ answer, sources }: { answer: string; sources: TAskSource[] }) {
  return (
    <>
      {splitCitations(answer, sources.length).map((part, i) => {
        if (part.type === "text") return <span key={i}>{part.text}</span>;
        const source = sources[part.n - 1];
        return (
          <Link
            key={i}
            href={fileAtPage(source.file_id, source.page)}
            title={`${source.filename}, page ${source.page}`}
            aria-label={`Source ${part.n}: ${source.filename}, page ${source.page}`}
            data-testid="citation"
            className="mx-0.5 inline-flex min-w-[1.5rem] items-center justify-center rounded bg-blue-100 px-1 align-baseline text-xs font-semibold text-blue-800 no-underline hover:bg-blue-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {part.n}
          </Link>
        );
      })}
    </>
  );
}
