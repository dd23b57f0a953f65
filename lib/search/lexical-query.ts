// What the lexical retriever asks Postgres for, as websearch syntax (parsed by websearch_to_tsquery,
// so user input can never produce an invalid tsquery).
//
// A strict AND of every word misses chunks that lack one word of a natural-language question; a plain
// OR matches a large share of the table, and ranking every match costs ~20 µs a row in PGlite (2 s at
// 100k chunks for common words). The middle ground is "minimum should match": a chunk must contain
// most of the query's content words (k-1 of 3–4, k-2 of 5–6), written as an OR of AND groups
// ("a b c" → "a b or a c or b c"). Queries with operators ("…", -word, or) are taken as written.
import { contentTerms } from "@/lib/ai/embeddings/tokenize";

const OPERATORS = /"|(^|\s)-\S|(^|\s)or(\s|$)/i;
/** Longer queries keep their longest terms: length is a cheap stand-in for rarity (IDF). */
const MAX_TERMS = 6;

export function lexicalQueryText(query: string): string {
  const text = query.trim();
  if (OPERATORS.test(text)) return text;
  let terms = contentTerms(text);
  if (terms.length <= 2) return text;
  if (terms.length > MAX_TERMS) {
    const keep = new Set([...terms].sort((a, b) => b.length - a.length).slice(0, MAX_TERMS));
    terms = terms.filter((t) => keep.has(t));
  }
  const k = terms.length;
  const m = k <= 4 ? k - 1 : k - 2;
  return combinations(terms, m)
    .map((group) => group.join(" "))
    .join(" or ");
}

function combinations<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, size - 1).map((c) => [first, ...c]), ...combinations(rest, size)];
}
