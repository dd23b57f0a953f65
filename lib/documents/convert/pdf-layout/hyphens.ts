// Line-end hyphens (issue 14, born-digital text): a word broken by hyphenation ("recog-" / "nition") is
// joined without its hyphen, a hyphenated compound broken at its hyphen ("product-" / "development") keeps it.
// Which one a line-end hyphen is depends on the producer: TeX and typesetting programs hyphenate words,
// word processors and browsers (by default) break lines only at hyphens already in the text. The document
// tells which: where its line-end hyphens split words into pieces that are not words of the document
// ("Ef-" / "fects") or whose joined form it uses elsewhere ("ip-" / "sum", "ipsum"), it hyphenates.
import type { PreparedPage } from "./model";

const LINE_END_HEAD = /(\p{L}+)-$/u;
const TAIL = /^\p{Ll}+/u;

/**
 * Whether the document hyphenates words at line ends: at least half of its line-end hyphens (a segment ending
 * in a letter and "-", over a line of the same column starting in lower case) split a word, as above.
 * Without such line ends it does not matter (true keeps the usual reading: the hyphen goes).
 */
export function hyphenatesWords(pages: PreparedPage[]): boolean {
  // The document's words, counted only once a line-end hyphen asks for them (most pages have none).
  let counts: Map<string, number> | undefined;
  const wordCounts = () => {
    counts = new Map();
    for (const p of pages)
      for (const r of p.rows)
        for (const s of r.segments) for (const w of s.text.toLowerCase().match(/\p{L}+/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    return counts;
  };
  let breaks = 0;
  let words = 0;
  for (const p of pages) {
    p.rows.forEach((r, i) => {
      const last = r.segments[r.segments.length - 1];
      const head = LINE_END_HEAD.exec(last.text)?.[1];
      const next = p.rows[i + 1];
      if (!head || !next || next.y - r.y > 3 * r.size) return;
      const below = next.segments.find((s) => s.x0 < last.x1 && last.x0 < s.x1);
      const tail = below && TAIL.exec(below.text)?.[0];
      if (!tail) return;
      breaks++;
      const known = counts ?? wordCounts();
      // The tail counts itself once: a word of the document appears at least once more.
      const joined = (known.get(`${head.toLowerCase()}${tail}`) ?? 0) > 0;
      if (joined || (known.get(tail) ?? 0) < 2) words++;
    });
  }
  return breaks === 0 || 2 * words >= breaks;
}

let wordsHyphenated = true;

/** Renders with the document's hyphenation (hyphenatesWords), restoring the default afterwards. */
export function withHyphenation<T>(hyphenates: boolean | undefined, render: () => T): T {
  const before = wordsHyphenated;
  wordsHyphenated = hyphenates ?? true;
  try {
    return render();
  } finally {
    wordsHyphenated = before;
  }
}

/**
 * Whether the hyphen ending line `a` (before a line starting in lower case) is hyphenation, to drop. A compound
 * already hyphenated before it ("year-over-") keeps it: no producer hyphenates a word holding a hyphen.
 */
export function dropsLineEndHyphen(a: string): boolean {
  return wordsHyphenated && !/-\p{L}+-$/u.test(a);
}
