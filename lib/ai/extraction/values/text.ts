// Text values: folding, booleans, e-mails, enum members, strings. Pure.
import { editDistance } from "@/lib/text-distance";

/** Lower case without diacritics (Fälligkeit → falligkeit, échéance → echeance, ß → ss). */
export function fold(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase();
}

/** Folded words: splits snake_case, kebab-case and punctuation, and camelCase when asked (property names). */
export function words(s: string, camel = false): string[] {
  const split = camel ? s.replace(/([a-z\d])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2") : s;
  return fold(split)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Markdown emphasis, escapes, links and surrounding punctuation removed; whitespace collapsed. */
export function cleanText(s: string): string {
  return s
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/\s+/g, " ")
    .replace(/^(?:[\s*_:;,|]|-(?![\d.,]))+|[\s*_:;,|]+$/g, "")
    .trim();
}

const TRUE = new Set([
  "yes",
  "y",
  "true",
  "t",
  "1",
  "ja",
  "j",
  "oui",
  "o",
  "x",
  "wahr",
  "vrai",
  "checked",
  "on",
  "si",
  "✓",
  "✔",
  "☑",
  "☒",
  "[x]",
  "(x)",
  "ok",
]);
const FALSE = new Set([
  "no",
  "n",
  "false",
  "f",
  "0",
  "nein",
  "non",
  "falsch",
  "faux",
  "unchecked",
  "off",
  "✗",
  "✘",
  "☐",
  "[ ]",
  "( )",
  "[]",
  "keine",
  "kein",
  "aucun",
  "none",
]);

export function parseBoolean(input: unknown): boolean | null {
  if (typeof input === "boolean") return input;
  if (typeof input === "number") return input === 1 ? true : input === 0 ? false : null;
  if (typeof input !== "string") return null;
  const s = fold(input.replace(/(\*\*|__|`)/g, ""))
    .trim()
    .replace(/[.!]+$/, "");
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  return null;
}

export const EMAIL_IN_TEXT =
  /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}/;

/** The first e-mail address in the text (mailto: links included), domain lower-cased, or null. */
export function parseEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const m = EMAIL_IN_TEXT.exec(input.replace(/\\([_.*-])/g, "$1"));
  if (!m) return null;
  const at = m[0].lastIndexOf("@");
  return m[0].slice(0, at).replace(/^[.]+|[.]+$/g, "") + "@" + m[0].slice(at + 1).toLowerCase();
}

function enumKey(v: unknown): string {
  return typeof v === "string"
    ? fold(v)
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim()
    : JSON.stringify(v);
}

/**
 * The enum member a value stands for: exact, then case/accent/punctuation-insensitive, then one edit per 5 characters, then a unique
 * member contained in the value as whole words ("Status: PAID in full" → "paid").
 * Numeric members match written numbers. undefined when nothing matches (null may be a member).
 */
export function matchEnum(value: unknown, members: unknown[], parseNum?: (v: unknown) => number | null): unknown {
  if (members.some((m) => m === value)) return value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === "object") return members.find((m) => JSON.stringify(m) === JSON.stringify(value));
  const key = enumKey(String(value));
  if (!key) return undefined;
  const byKey = members.filter((m) => typeof m === "string" && enumKey(m) === key);
  if (byKey.length) return byKey[0];
  if (parseNum) {
    const n = parseNum(value);
    if (n !== null) {
      const num = members.find((m) => typeof m === "number" && m === n);
      if (num !== undefined) return num;
    }
  }
  const bool = typeof value === "string" ? parseBoolean(value) : null;
  if (bool !== null && members.includes(bool)) return bool;
  const strings = members.filter((m): m is string => typeof m === "string" && enumKey(m).length > 0);
  let best: string | undefined;
  let bestD = Infinity;
  let tie = false;
  for (const m of strings) {
    const mk = enumKey(m);
    const max = Math.floor(Math.max(mk.length, key.length) / 5);
    const d = editDistance(mk, key, max);
    if (d <= max && d < bestD) {
      best = m;
      bestD = d;
      tie = false;
    } else if (d <= max && d === bestD) tie = true;
  }
  if (best !== undefined && !tie) return best;
  const padded = ` ${key} `;
  const contained = strings.filter((m) => padded.includes(` ${enumKey(m)} `));
  if (contained.length === 1) return contained[0];
  if (contained.length > 1) {
    // The longest contained member is the most specific ("partially paid" over "paid").
    const sorted = contained.sort((a, b) => enumKey(b).length - enumKey(a).length);
    if (enumKey(sorted[0]).length > enumKey(sorted[1]).length) return sorted[0];
  }
  return undefined;
}

/** Any scalar as trimmed text (arrays joined), or null when empty. */
export function toText(input: unknown): string | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "string") {
    const s = input
      .replace(/[ \t\u00a0]+/g, " ")
      .replace(/\s*\n\s*/g, "\n")
      .trim();
    return s ? s : null;
  }
  if (typeof input === "number" || typeof input === "boolean") return String(input);
  if (Array.isArray(input))
    return toText(
      input
        .map((v) => toText(v))
        .filter((v) => v !== null)
        .join(", "),
    );
  return null;
}
