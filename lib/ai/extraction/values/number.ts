// Numbers as people write them: 1.234,50 (de) · 1,234.50 (en) · 1 234,50 € (fr) · 1'234.50 (ch) ·
// (1,234.00) accounting negatives · -12% · 12- (trailing minus) · −5 (Unicode minus) · EUR 12.
// Pure; the locale hint only settles the one ambiguous case: a single separator followed by exactly three
// digits ("1.234" is 1234 in German, 1.234 in English).

export type Locale = "en" | "de" | "fr";

const CURRENCY = /(?:[$€£¥₹₽₩₺₪฿]|\b(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN|CZK|SFr|Fr|Euro|Euros|US\$)\b\.?)/giu;
// Spaces, no-break and thin spaces, apostrophes used as group separators.
const GROUP_SPACE = /[\s\u00a0\u202f\u2009'’]/g;
/** A number as it appears in running text (used by the extractor to find candidates). */
export const NUMBER_IN_TEXT = /[-−(+]?\s?(?:\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+|\d+)(?:[.,]\d+)?\s?\)?-?%?/u;

/**
 * Parses a written number; null when the text is not (only) a number with an optional currency, unit
 * suffix or percent sign. Percentages keep their written value (-12% → -12).
 */
export function parseNumber(input: unknown, locale?: Locale): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string") return null;
  let s = input
    .normalize("NFKC")
    .trim()
    .replace(/\*\*|__/g, "");
  if (!s || s.length > 64) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  s = s.replace(CURRENCY, " ").replace(/%|‰/g, " ").trim();
  // A short alphabetic unit after the number (12 pcs, 3 Stk., 4,5 kg, 2 h) is tolerated, not a sentence.
  s = s.replace(/\s+[\p{L}.]{1,6}\.?$/u, "").trim();
  s = s.replace(/−|–/g, "-");
  if (/^-/.test(s)) {
    negative = !negative;
    s = s.slice(1).trim();
  } else if (/^\+/.test(s)) s = s.slice(1).trim();
  // ",-" / ".-" / ",--" after whole amounts (German price notation: 12,-).
  s = s.replace(/[.,]-{1,2}$/, "");
  if (/-$/.test(s)) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1).trim();
  }
  if (!/^\d[\d.,\s\u00a0\u202f\u2009'’]*$/.test(s) && !/^[.,]\d+$/.test(s)) return null;
  s = s.replace(GROUP_SPACE, (m, offset: number, whole: string) => {
    // A space between digit groups is a thousands separator only before exactly three digits.
    return /^\d{3}(?!\d)/.test(whole.slice(offset + m.length)) ? "" : "\u0000";
  });
  if (s.includes("\u0000")) return null;
  const value = normaliseSeparators(s, locale);
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** Digits with `.`/`,` → a JS number literal, or null when the grouping is inconsistent. */
function normaliseSeparators(s: string, locale?: Locale): string | null {
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (!dots && !commas) return s;
  if (dots && commas) {
    // The last separator is the decimal one; the other kind must group thousands.
    const decimal = s.lastIndexOf(".") > s.lastIndexOf(",") ? "." : ",";
    const group = decimal === "." ? "," : ".";
    const [intPart, frac] = splitLast(s, decimal);
    if (intPart.includes(decimal) || !groupedOk(intPart, group)) return null;
    return `${intPart.split(group).join("")}.${frac}`;
  }
  const sep = dots ? "." : ",";
  const count = dots || commas;
  if (count > 1) return groupedOk(s, sep) ? s.split(sep).join("") : null;
  const [intPart, frac] = splitLast(s, sep);
  if (frac.length === 3 && intPart.length >= 1 && intPart.length <= 3 && intPart !== "0") {
    // Ambiguous "1.234" / "1,234": the locale decides; without one, a comma groups (en) and a dot groups
    // only for German/French documents.
    const groups = sep === "," ? locale !== "de" && locale !== "fr" : locale === "de" || locale === "fr";
    return groups ? intPart + frac : `${intPart || "0"}.${frac}`;
  }
  return `${intPart || "0"}.${frac}`;
}

function splitLast(s: string, sep: string): [string, string] {
  const i = s.lastIndexOf(sep);
  return [s.slice(0, i), s.slice(i + 1)];
}

function groupedOk(intPart: string, group: string): boolean {
  const parts = intPart.split(group);
  if (parts.length === 1) return /^\d+$/.test(parts[0]);
  return /^\d{1,3}$/.test(parts[0]) && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}

/** An integer, or null when the number has a fractional part. */
export function parseInteger(input: unknown, locale?: Locale): number | null {
  const n = parseNumber(input, locale);
  if (n === null) return null;
  const r = Math.round(n);
  return Math.abs(n - r) < 1e-9 && Number.isSafeInteger(r) ? r : null;
}
