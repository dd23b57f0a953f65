// A passage with the query's terms in <mark>: React text nodes only, so passage text can never inject markup.
import { splitHighlights } from "@/lib/client/highlight";

export function HighlightedText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitHighlights(text, query).map((segment, i) =>
        segment.match ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
