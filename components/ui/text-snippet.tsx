// A Markdown chunk excerpt shown as readable text (no `#`, `**`, escapes or table pipes) with the query's terms
// in <mark>. React text nodes only, so passage text can never inject markup. With `maxChars` the text is cut
// to a window around the first highlighted term.
import { splitHighlights } from "@/lib/client/highlight";
import { snippetText } from "@/lib/client/markdown-text";
import { cx } from "./cx";

export interface TextSnippetProps {
  /** The chunk's Markdown, as the API returns it. */
  markdown: string;
  /** The search query whose terms are highlighted; empty for none. */
  query?: string;
  /** Cut the text to about this many characters around the first match. */
  maxChars?: number;
  /** Keep the excerpt's line breaks (rows, list items) instead of running it into one paragraph. */
  keepLines?: boolean;
  className?: string;
  "data-testid"?: string;
}

export function TextSnippet({ markdown, query = "", maxChars, keepLines = true, className, ...rest }: TextSnippetProps) {
  const text = snippetText(markdown, query, maxChars, keepLines);
  return (
    <p className={cx("break-words", keepLines && "whitespace-pre-line", className)} data-testid={rest["data-testid"]}>
      {splitHighlights(text, query).map((segment, i) =>
        segment.match ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
