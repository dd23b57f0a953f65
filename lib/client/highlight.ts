// Which parts of a passage to highlight for a search query. The server matches with Postgres full text
// (websearch syntax, English stemming) and by meaning; the client only needs a faithful visual cue, so it
// mirrors the lexical side: quoted phrases, single words matched at word starts with a light stem
// ("refunds" also marks "refund", "refunded"), exact tokens such as `INV-77341` as a whole, and no
// highlighting for excluded words (`-draft`) or the `or` operator. The output is plain segments that
// the page renders as text and <mark> nodes (never HTML strings).

export interface Segment {
  text: string;
  match: boolean;
}

const SUFFIXES = ["ing", "ed", "es", "s", "ly"];

/**
 * Function words of a typed question ("What do the reports say about…") are not what was searched for: marking
 * every "the" hides the words that matter. Inside quoted phrases they are kept.
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our " +
    "say says should so than that the their them there these they this those to was we were what when where which who whom why " +
    "will with would you your about"
  ).split(" "),
);

/** Light English suffix stripping: enough to mark inflected forms, never below 4 letters. */
function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const WORD_CHAR = "[\\p{L}\\p{N}]";
/** Punctuation around a typed word ("refund?", "(invoice)") is not part of it; inner hyphens are. */
const trimPunctuation = (s: string) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/** The terms of a query worth highlighting: phrases as typed, words lower-cased, without exclusions. */
export function highlightTerms(query: string): string[] {
  const terms = new Set<string>();
  const rest = query.replace(/(-?)"([^"]*)"/g, (_, minus: string, phrase: string) => {
    const words = phrase.trim().split(/\s+/).map(trimPunctuation).filter(Boolean);
    if (!minus && words.length) terms.add(words.join(" ").toLowerCase());
    return " ";
  });
  for (const raw of rest.split(/\s+/)) {
    if (!raw || raw.startsWith("-") || raw.toLowerCase() === "or") continue;
    const word = trimPunctuation(raw).toLowerCase();
    if (word.length >= 2 && !STOP_WORDS.has(word)) terms.add(word);
  }
  return [...terms];
}

/** A regex that finds any of the terms at word boundaries, or null when there is nothing to find. */
export function highlightPattern(terms: string[]): RegExp | null {
  if (!terms.length) return null;
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((term) => {
      if (/\s/.test(term)) return term.split(/\s+/).map(escapeRegExp).join("[\\s\\p{P}]+");
      // Plain words take inflections; tokens with digits or symbols (INV-77341, v2.1) must match exactly.
      if (/^\p{L}+$/u.test(term)) return `${escapeRegExp(stem(term))}${WORD_CHAR}*`;
      return escapeRegExp(term);
    });
  return new RegExp(`(?<!${WORD_CHAR})(?:${alternatives.join("|")})(?!${WORD_CHAR})`, "giu");
}

/** Splits `text` into alternating plain and matching segments (their texts concatenate to `text`). */
export function splitHighlights(text: string, query: string): Segment[] {
  const pattern = highlightPattern(highlightTerms(query));
  if (!pattern) return [{ text, match: false }];
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (!m[0]) continue;
    const start = m.index;
    if (start > last) out.push({ text: text.slice(last, start), match: false });
    out.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length || !out.length) out.push({ text: text.slice(last), match: false });
  return out;
}
