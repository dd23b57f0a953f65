// Dates and times as written in en/de/fr documents → ISO 8601. Pure.
// Numeric forms: 2024-12-31 · 2024/12/31 · 31.12.2024 · 31.12.24 · 31-12-2024 · 12/31/2024 (a part over 12
// settles the order; otherwise en = month first, de/fr = day first). Month names in three languages, full or
// abbreviated, with or without weekday and ordinal (1er, 1st, 1.): "31 December 2024", "December 31, 2024",
// "31. Dezember 2024", "le 1er janvier 2024", "5-Mar-2024". Impossible dates (30 Feb) → null.
import type { Locale } from "./number";
import { fold } from "./text";

const MONTHS: Record<string, number> = {};
const NAMES: [number, string[]][] = [
  [1, ["january", "jan", "januar", "janvier", "janv", "jänner", "jaenner"]],
  [2, ["february", "feb", "februar", "fevrier", "fev", "févr", "fevr", "feber"]],
  [3, ["march", "mar", "marz", "märz", "maerz", "mars", "mrz"]],
  [4, ["april", "apr", "avril", "avr"]],
  [5, ["may", "mai"]],
  [6, ["june", "jun", "juni", "juin"]],
  [7, ["july", "jul", "juli", "juillet", "juil"]],
  [8, ["august", "aug", "aout", "août"]],
  [9, ["september", "sep", "sept", "septembre"]],
  [10, ["october", "oct", "oktober", "okt", "octobre"]],
  [11, ["november", "nov", "novembre"]],
  [12, ["december", "dec", "dezember", "dez", "decembre"]],
];
for (const [n, names] of NAMES) for (const name of names) MONTHS[fold(name)] = n;

const WEEKDAYS =
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\b\.?,?|\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|mo|di|mi|do|fr|sa|so)\b\.?,?|\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b,?/g;

export interface YMD {
  y: number;
  m: number;
  d: number;
}

function valid(y: number, m: number, d: number): YMD | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= dim ? { y, m, d } : null;
}

function year(s: string): number {
  const n = Number(s);
  if (s.length > 2) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
export const isoDate = ({ y, m, d }: YMD) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The date part of a string, or null. */
export function parseDateParts(input: string, locale?: Locale): YMD | null {
  const s = fold(input.normalize("NFKC"))
    .replace(/\*\*|__/g, "")
    .replace(WEEKDAYS, " ")
    .replace(/^\s*(?:le|am|on|den|du)\s+/, "")
    .trim();
  if (!s || s.length > 80) return null;
  let m: RegExpExecArray | null;
  // ISO-like: year first.
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?=$|[t\s,])/.exec(s))) return valid(+m[1], +m[2], +m[3]);
  if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) return valid(+m[1], +m[2], +m[3]);
  // Numeric day/month/year with one kind of separator.
  if ((m = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?=$|[\s,t])/.exec(s))) {
    const a = +m[1];
    const b = +m[3];
    const y = year(m[4]);
    if (m[2] === ".") return valid(y, b, a); // dots are day-first everywhere
    if (a > 12) return valid(y, b, a);
    if (b > 12) return valid(y, a, b);
    const monthFirst = m[2] === "/" && (locale === undefined || locale === "en");
    return monthFirst ? valid(y, a, b) : valid(y, b, a);
  }
  // Day monthname year: "31 december 2024", "31. dezember 2024", "1er janvier 2024", "5-mar-2024", "1st of may 2024".
  if ((m = /^(\d{1,2})(?:\.|er|st|nd|rd|th)?(?:\s+of)?[\s.-]*([a-z]+)\.?[\s.,-]*(\d{4}|\d{2})(?=$|[\s,t])/.exec(s))) {
    const month = MONTHS[m[2]];
    if (month) return valid(year(m[3]), month, +m[1]);
  }
  // Monthname day, year: "december 31, 2024", "dec. 31st 2024".
  if ((m = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?=$|[\s,t])/.exec(s))) {
    const month = MONTHS[m[1]];
    if (month) return valid(+m[3], month, +m[2]);
  }
  return null;
}

/** ISO date (YYYY-MM-DD) or null. A trailing time is allowed and ignored. */
export function parseDate(input: unknown, locale?: Locale): string | null {
  if (typeof input !== "string") return null;
  const parts = parseDateParts(input, locale);
  return parts ? isoDate(parts) : null;
}

/** "14:30", "14:30:05", "2:30 pm", "14.30 uhr", "14h30", "14 h" → [h, m, s], or null. */
export function parseTime(input: string): [number, number, number] | null {
  const s = fold(input).trim();
  const m = /(\d{1,2})(?:[:h.](\d{2}))?(?::(\d{2}))?(?:\.\d+)?\s*(am|pm|a\.m\.|p\.m\.|uhr|h)?\b/.exec(s);
  if (!m || (!m[2] && !m[4])) return null;
  let h = +m[1];
  const min = m[2] ? +m[2] : 0;
  const sec = m[3] ? +m[3] : 0;
  const ampm = m[4]?.replace(/\./g, "");
  if (ampm === "pm" && h < 12) h += 12;
  if (ampm === "am" && h === 12) h = 0;
  if (h > 23 || min > 59 || sec > 59) return null;
  return [h, min, sec];
}

/**
 * ISO date-time with an offset (RFC 3339, what JSON Schema's `date-time` requires). Offsets written in the
 * text are kept; a time without one is taken as UTC; a date alone is midnight UTC.
 */
export function parseDateTime(input: unknown, locale?: Locale): string | null {
  if (typeof input !== "string") return null;
  const s = input.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})[t\s](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (iso) {
    const date = parseDate(iso[1]);
    if (!date) return null;
    const time = iso[2].length === 5 ? `${iso[2]}:00` : iso[2];
    const off = iso[3] ? (iso[3].toUpperCase() === "Z" ? "Z" : iso[3].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")) : "Z";
    return `${date}T${time}${off}`;
  }
  const parts = parseDateParts(s, locale);
  if (!parts) return null;
  // The time follows the date: look for it after the year.
  const yearAt = s.search(new RegExp(`${parts.y}|\\b${String(parts.y).slice(2)}\\b`));
  const rest = yearAt >= 0 ? s.slice(yearAt + 4) : "";
  const t = rest ? parseTime(rest.replace(/^[\s,]*(?:um|at|à|a)?\s*/i, "")) : null;
  const [h, mi, se] = t ?? [0, 0, 0];
  return `${isoDate(parts)}T${pad(h)}:${pad(mi)}:${pad(se)}Z`;
}

/** Dates as they appear in running text (used by the extractor to find candidates). */
export const DATE_IN_TEXT =
  /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{1,2}(?:\.|er|st|nd|rd|th)?\s*[A-Za-zÀ-ÿ]{3,10}\.?\s*,?\s*\d{4}|[A-Za-zÀ-ÿ]{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})\b/gu;
