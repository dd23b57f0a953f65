// Arabic light stemming for the offline reranker and the extractive answerer (lexical.ts): Larkey,
// Ballesteros & Connell's "light10" (SIGIR 2002), the usual baseline for Arabic retrieval. Arabic attaches
// conjunctions, prepositions and the article to the word (والكتاب "and the book", بالكتاب "with the book")
// and marks gender, number and possession with suffixes, so without this a question and the passage that
// answers it share few surface tokens even when they share every word.
//
// Input is a folded token (foldText: NFKD with marks removed, which already maps أ إ آ to ا, ؤ to و and
// ئ to ي and drops the short vowels); this adds the remaining orthographic normalisation, then strips at
// most one leading و, one article-like prefix and each light suffix once, never leaving fewer than two letters.

const ARABIC_LETTERS = /^[\u0621-\u064a\u066e-\u06d3\u0640]+$/;

const PREFIXES = ["وال", "بال", "كال", "فال", "ال", "لل"];
const SUFFIXES = ["ها", "ان", "ات", "ون", "ين", "يه", "ه", "ي"];

// Function words (question words, pronouns, prepositions, particles, forms of كان), folded and normalised
// like tokens: they carry no topic, as the English/German/French STOPWORDS of tokenize.ts. Kept apart from
// those because the embedding model's features are built from that list (changing it changes its vectors).
const STOP = `من في على عن الى الي إلى مع بين عند حتى منذ حول خلال ضد لدى
ما ماذا متى اين أين كيف كم هل لماذا اي أي
هو هي هم هن هما انا نحن انت انتم
هذا هذه ذلك تلك هؤلاء اولئك الذي التي الذين اللذان اللتان اللواتي
و او أو ثم لا لم لن قد ان أن إن انه أنه لقد كما اذا إذا كل بعض غير ايضا أيضا فقط
كان كانت كانوا يكون تكون يمكن`;

export const ARABIC_STOPWORDS: ReadonlySet<string> = new Set(
  STOP.split(/\s+/)
    .filter(Boolean)
    .map((w) => normaliseArabic(w.normalize("NFKD").replace(/\p{M}+/gu, ""))),
);

/** Whether a folded token is Arabic script (only then does arabicStem change it). */
export function isArabicWord(token: string): boolean {
  return ARABIC_LETTERS.test(token);
}

/** Orthographic normalisation: tatweel removed, alef wasla and alef maksura and teh marbuta unified. */
export function normaliseArabic(token: string): string {
  return token
    .replace(/\u0640/g, "")
    .replace(/\u0671/g, "\u0627")
    .replace(/\u0649/g, "\u064a")
    .replace(/\u0629/g, "\u0647");
}

/** Light10 stem of a folded Arabic token; other tokens are returned unchanged. */
export function arabicStem(token: string): string {
  if (!isArabicWord(token)) return token;
  let w = normaliseArabic(token);
  if (w.length >= 4 && w.startsWith("و")) w = w.slice(1);
  for (const p of PREFIXES) {
    if (w.startsWith(p) && w.length - p.length >= 2) {
      w = w.slice(p.length);
      break;
    }
  }
  for (const s of SUFFIXES) {
    if (w.endsWith(s) && w.length - s.length >= 2) w = w.slice(0, -s.length);
  }
  return w;
}

const ARABIC_RUN = /[\u0621-\u064a\u066e-\u06d3\u0640\u064b-\u065f\u0670]+/g;

/**
 * The text without its Arabic function words (as typed: with hamza forms, diacritics, tatweel), for ranking a
 * query: Postgres' `arabic` configuration stems but keeps every word, so BM25 would weigh "ما", "هو", "في"
 * like topic words (Lucene's ArabicAnalyzer drops them). Unchanged when nothing else would remain.
 */
export function withoutArabicFunctionWords(text: string): string {
  let removed = false;
  const out = text.replace(ARABIC_RUN, (word) => {
    const key = normaliseArabic(word.normalize("NFKD").replace(/\p{M}+/gu, ""));
    if (!ARABIC_STOPWORDS.has(key)) return word;
    removed = true;
    return " ";
  });
  if (!removed || !/[\p{L}\p{N}]/u.test(out)) return text;
  return out.replace(/\s+/g, " ").trim();
}
