// Offline language detection and extractive summaries for ingested documents. Pure (no I/O).
//
// Language: franc-min's trigram model (82 languages) on a sample of the text, with stopword evidence for
// English, German and French added to its close candidates: trigram scores alone confuse short texts
// (German read as Dutch). The result names a Postgres text-search configuration for the lexical index:
// the Snowball configuration of the language when Postgres ships one (Arabic, Russian, Spanish, …; each
// stems and normalises its script, e.g. Arabic alef/hamza forms and prefixes), and 'simple' (no stemming,
// no stopwords) for anything else.
//
// Summary: the sentence graph of TextRank (similarity = shared content-word stems, normalised by sentence
// lengths as in Mihalcea & Tarau 2004) scored by degree centrality; the 3–5 most central sentences, in
// document order, ~600 chars.
import { francAll } from "franc-min";

/** Postgres' built-in text-search configurations (Snowball stemmers) and `simple`: chunks.language values. */
export const TEXT_SEARCH_CONFIGS = [
  "simple",
  "arabic",
  "armenian",
  "basque",
  "catalan",
  "danish",
  "dutch",
  "english",
  "estonian",
  "finnish",
  "french",
  "german",
  "greek",
  "hindi",
  "hungarian",
  "indonesian",
  "irish",
  "italian",
  "lithuanian",
  "nepali",
  "norwegian",
  "portuguese",
  "romanian",
  "russian",
  "serbian",
  "spanish",
  "swedish",
  "tamil",
  "turkish",
  "yiddish",
] as const;
export type TextSearchConfig = (typeof TEXT_SEARCH_CONFIGS)[number];

export interface DetectedLanguage {
  /** ISO 639-1 code when there is one ("en"), else franc's ISO 639-3 code; "und" when undetermined. */
  code: string;
  /** Postgres text-search configuration for this language. */
  textSearchConfig: TextSearchConfig;
}

export interface DocumentSummary {
  language: DetectedLanguage;
  /** The spec's `summaries`: empty when the document has no text. */
  summaries: { language: string; summary: string }[];
}

const STOPWORD_LISTS = {
  eng: "a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours",
  deu: "aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei bin bis bist da damit dann das dass dein deine dem den der des dessen dich die dies diese dieser dieses dir doch dort du durch ein eine einem einen einer eines er es etwas euch euer für gegen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre im in indem ins ist jede jedem jeden jeder jedes jene jetzt kann kein keine können man manche mein meine mich mir mit muss nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich sie sind so solche soll sondern um und uns unser unter viel vom von vor war waren was weil welche wenn werden wie wieder will wir wird wo wollen würde zu zum zur zwar zwischen über",
  fra: "a ai au aux avec avait avons ce ceci cela celle celles celui ces cet cette comme dans de des du elle elles en est et étaient était été être eu eux il ils je la le les leur leurs lui ma mais me même mes moi mon ne nos notre nous on ont ou où par pas peu peut plus pour qu que quel quelle qui sa sans se ses si son sont sous sur ta te tes toi ton tous tout toute toutes très tu un une vos votre vous y",
} as const;

const STOPWORDS = Object.fromEntries(Object.entries(STOPWORD_LISTS).map(([lang, words]) => [lang, new Set(words.split(" "))])) as Record<
  keyof typeof STOPWORD_LISTS,
  Set<string>
>;

/** Stopwords of every language we detect with evidence (used for keyword extraction and similarity). */
export const ALL_STOPWORDS: ReadonlySet<string> = new Set(Object.values(STOPWORDS).flatMap((s) => [...s]));

// franc's ISO 639-3 codes → the language's text-search configuration.
const CONFIG: Record<string, TextSearchConfig> = {
  arb: "arabic",
  hye: "armenian",
  eus: "basque",
  cat: "catalan",
  dan: "danish",
  nld: "dutch",
  eng: "english",
  est: "estonian",
  ekk: "estonian",
  fin: "finnish",
  fra: "french",
  deu: "german",
  ell: "greek",
  hin: "hindi",
  hun: "hungarian",
  ind: "indonesian",
  gle: "irish",
  ita: "italian",
  lit: "lithuanian",
  npi: "nepali",
  nob: "norwegian",
  nno: "norwegian",
  por: "portuguese",
  ron: "romanian",
  rus: "russian",
  srp: "serbian",
  spa: "spanish",
  swe: "swedish",
  tam: "tamil",
  tur: "turkish",
  ydd: "yiddish",
};

// franc's ISO 639-3 codes → ISO 639-1 where one exists (the languages franc-min knows that have one).
const ISO1: Record<string, string> = {
  eng: "en",
  deu: "de",
  fra: "fr",
  spa: "es",
  por: "pt",
  ita: "it",
  nld: "nl",
  rus: "ru",
  ukr: "uk",
  pol: "pl",
  ces: "cs",
  slk: "sk",
  slv: "sl",
  hrv: "hr",
  srp: "sr",
  bos: "bs",
  bul: "bg",
  ron: "ro",
  hun: "hu",
  fin: "fi",
  swe: "sv",
  dan: "da",
  nob: "nb",
  nno: "nn",
  ell: "el",
  tur: "tr",
  arb: "ar",
  pes: "fa",
  heb: "he",
  hin: "hi",
  ben: "bn",
  urd: "ur",
  cmn: "zh",
  jpn: "ja",
  kor: "ko",
  vie: "vi",
  tha: "th",
  ind: "id",
  zlm: "ms",
  tgl: "tl",
  swh: "sw",
  amh: "am",
  hau: "ha",
  yor: "yo",
  ibo: "ig",
  zul: "zu",
  xho: "xh",
  som: "so",
  tam: "ta",
  tel: "te",
  kan: "kn",
  mal: "ml",
  mar: "mr",
  guj: "gu",
  pan: "pa",
  npi: "ne",
  sin: "si",
  mya: "my",
  khm: "km",
  uzn: "uz",
  kaz: "kk",
  azj: "az",
  kat: "ka",
  hye: "hy",
  bel: "be",
  lit: "lt",
  lav: "lv",
  ekk: "et",
  cat: "ca",
  glg: "gl",
  eus: "eu",
  afr: "af",
  kin: "rw",
  run: "rn",
  nya: "ny",
  sna: "sn",
  mlg: "mg",
  ceb: "ceb",
  ilo: "ilo",
};

const UNDETERMINED: DetectedLanguage = { code: "und", textSearchConfig: "simple" };

const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}]+)?/gu;

function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []) as string[];
}

/** Detects the language of a text; short or letterless text is undetermined. */
export function detectLanguage(text: string): DetectedLanguage {
  const sample = sampleText(text, 6000);
  const ws = words(sample);
  if (ws.length < 3) return UNDETERMINED;
  const candidates = francAll(sample, { minLength: 10 }).filter(([, score]) => score >= 0.75);
  if (candidates.length === 0 || candidates[0][0] === "und") {
    const best = bestByStopwords(ws);
    return best ? languageOf(best) : UNDETERMINED;
  }
  let best = candidates[0][0];
  let bestScore = -Infinity;
  for (const [lang, score] of candidates) {
    const stop = STOPWORDS[lang as keyof typeof STOPWORDS];
    const ratio = stop ? ws.filter((w) => stop.has(w)).length / ws.length : 0;
    if (score + 0.5 * ratio > bestScore) {
      best = lang;
      bestScore = score + 0.5 * ratio;
    }
  }
  return languageOf(best);
}

function bestByStopwords(ws: string[]): string | undefined {
  let best: string | undefined;
  let bestRatio = 0.1;
  for (const [lang, stop] of Object.entries(STOPWORDS)) {
    const ratio = ws.filter((w) => stop.has(w)).length / ws.length;
    if (ratio > bestRatio) [best, bestRatio] = [lang, ratio];
  }
  return best;
}

function languageOf(iso3: string): DetectedLanguage {
  return { code: ISO1[iso3] ?? iso3, textSearchConfig: CONFIG[iso3] ?? "simple" };
}

/** Beginning, middle and end of a long text, so that a cover page does not decide alone. */
function sampleText(text: string, max: number): string {
  if (text.length <= max) return text;
  const third = Math.floor(max / 3);
  const mid = Math.floor(text.length / 2 - third / 2);
  return [text.slice(0, third), text.slice(mid, mid + third), text.slice(-third)].join(" ");
}

// --- Markdown to prose --------------------------------------------------------------------------------

/** The prose of a Markdown document: headings, tables and code dropped, list markers and inline markup removed. */
export function markdownToProse(markdown: string): string[] {
  const paragraphs: string[] = [];
  let inFence = false;
  let current: string[] = [];
  const end = () => {
    if (current.length) paragraphs.push(current.join(" "));
    current = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      inFence = !inFence;
      end();
      continue;
    }
    if (inFence || !line || line.startsWith("|") || /^#{1,6}\s/.test(line) || /^([-*_])(\s*\1){2,}$/.test(line)) {
      end();
      continue;
    }
    const item = /^([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line);
    if (item) {
      end();
      current.push(item[2]);
      end();
      continue;
    }
    current.push(line);
  }
  end();
  return paragraphs
    .map((p) =>
      p
        .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/<[^>]+>/g, " ")
        .replace(/(\*\*|__|`|~~)/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

// --- Sentence centrality --------------------------------------------------------------------------------------------

const MAX_CANDIDATES = 400;

function sentencesOf(paragraphs: string[]): string[] {
  const out: string[] = [];
  for (const p of paragraphs) {
    const parts = p.split(/(?<=[.!?…。！？])["'”’)\]]*\s+(?=[\p{Lu}\p{N}"'“‘([])/u);
    for (const s of parts) if (s.trim()) out.push(s.trim());
  }
  return out;
}

/** Content-word stems of a text: lowercased words without stopwords, cut to 6 letters (a crude, language-agnostic stem). */
export function stems(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 1 && !ALL_STOPWORDS.has(w))
    .map((w) => w.slice(0, 6));
}

/** Extractive summary of plain paragraphs: the most central sentences in document order, within `maxChars`. */
export function summarizeText(paragraphs: string[], opts: { maxSentences?: number; maxChars?: number } = {}): string {
  const maxSentences = opts.maxSentences ?? 5;
  const maxChars = opts.maxChars ?? 600;
  const all = sentencesOf(paragraphs);
  const substantial = all.filter((s) => words(s).length >= 4);
  const sentences = (substantial.length ? substantial : all).slice(0, MAX_CANDIDATES);
  if (sentences.length === 0) return "";
  const bags = sentences.map((s) => new Set(stems(s)));
  const n = sentences.length;
  const weights: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let shared = 0;
      for (const w of bags[i]) if (bags[j].has(w)) shared++;
      if (!shared) continue;
      const w = shared / (Math.log(bags[i].size + 1) + Math.log(bags[j].size + 1));
      weights[i][j] = w;
      weights[j][i] = w;
    }
  }
  // Degree centrality: a sentence's similarity to all others. (PageRank on this graph, i.e. TextRank proper,
  // rates a sentence linked to one outlier as highly as one at the heart of the main topic.)
  const scores = weights.map((row) => row.reduce((a, b) => a + b, 0));
  // Ties (e.g. no shared words at all) go to the earlier sentence: openings tend to summarise.
  const ranked = scores.map((score, i) => ({ score, i })).sort((a, b) => b.score - a.score || a.i - b.i);
  const picked: number[] = [];
  let length = 0;
  for (const { i } of ranked) {
    if (picked.length >= maxSentences) break;
    const add = sentences[i].length + (picked.length ? 1 : 0);
    if (length + add > maxChars) continue;
    picked.push(i);
    length += add;
  }
  if (picked.length === 0) return truncate(sentences[ranked[0].i], maxChars);
  return picked
    .sort((a, b) => a - b)
    .map((i) => sentences[i])
    .join(" ");
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Language and `summaries` of a document given its Markdown pages. */
export function summarizeDocument(pages: { markdown: string }[]): DocumentSummary {
  const paragraphs = pages.flatMap((p) => markdownToProse(p.markdown));
  // Headings and table cells still tell the language when a document has little prose.
  const text = paragraphs.length ? paragraphs.join("\n") : pages.map((p) => p.markdown).join("\n");
  const language = detectLanguage(text);
  const summary = summarizeText(paragraphs);
  return { language, summaries: summary ? [{ language: language.code, summary }] : [] };
}
