// Splits an answer into text and citation markers. The API cites `sources[n-1]` as `[n]`; models also
// write several at once (`[1, 3]`, `[1][2]`). Numbers without a source (`[7]` with three sources, or
// `[2020]` in a quoted text) stay plain text, and so does a marker still being streamed (`[1` …).

export type AnswerPart = { type: "text"; text: string } | { type: "cite"; n: number };

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

export function splitCitations(answer: string, sourceCount: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const prev = parts[parts.length - 1];
    if (prev?.type === "text") prev.text += text;
    else parts.push({ type: "text", text });
  };
  for (const m of answer.matchAll(MARKER)) {
    const numbers = m[1].split(",").map((s) => Number(s.trim()));
    if (!numbers.every((n) => n >= 1 && n <= sourceCount)) continue;
    pushText(answer.slice(last, m.index));
    for (const n of numbers) parts.push({ type: "cite", n });
    last = m.index + m[0].length;
  }
  pushText(answer.slice(last));
  return parts;
}

/** Source numbers cited in the answer, in order of first citation. */
export function citedSources(answer: string, sourceCount: number): number[] {
  return [...new Set(splitCitations(answer, sourceCount).flatMap((p) => (p.type === "cite" ? [p.n] : [])))];
}
