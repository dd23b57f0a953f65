// The one parser of the facet filters of the API (spec "Files", GET /api/v3/files: `attribute` and the
// content-type filter; issue 7 "Filter grammar"). It turns the query strings into a typed AST and says
// exactly what is wrong with a malformed entry. It knows nothing about attribute types: every value
// carries all its readings (text, number, date range, boolean) and the SQL compiler of the facets
// issue picks the one that fits the attribute's type. Used by the files list, and later search and ask.
//
// ── `attribute` (each entry is one query parameter value; repeated entries are ANDed) ───────────────
//
//   entry        := [scope "."] name [":" alternatives]
//   scope        := "content_type(" path ")"
//   name, code   := snake_case: [a-z][a-z0-9]*(_[a-z0-9]+)*, at most 64 characters
//   path         := code (":" code)*              1 to 4 codes (the content-type depth limit)
//   alternatives := alternative (("|" | ",") alternative)*        alternatives are ORed
//   alternative  := quoted | op operand | "*" text "*" | text "*" | text
//   op           := ">=" | "<=" | ">" | "<"
//
//   `name`              has any value
//   `name:v`            equals v (text; also read as number, date range and boolean when v looks like one;
//                       multi-select attributes: v is one of the selected choices)
//   `name:>v` … `<=v`   v must be a number or a date (YYYY, YYYY-MM or YYYY-MM-DD)
//   `name:prefix*`      starts with, case-insensitive
//   `name:*text*`       contains, case-insensitive
//   `name:a|b`, `a,b`   either
//   `content_type(finance:invoice).amount:>100`   the attribute as carried by that content type
//
// Dates are day ranges `first`..`last` (inclusive): `2023` = 2023-01-01..2023-12-31, `2023-06` =
// 2023-06-01..2023-06-30, `2023-06-15` = that day. Comparisons use the range: `>2023` means after
// 2023-12-31, `>=2023` from 2023-01-01, `<2023` before 2023-01-01, `<=2023` up to 2023-12-31; equality
// means inside the range.
//
// Quoting and escaping (the edge cases, as decided here):
//   - A backslash makes the next character literal in unquoted text: `\*`, `\|`, `\,`, `\\`, `\"`, `\>`,
//     `\<`, `\ ` (kept even at the ends). A trailing lone backslash is an error.
//   - A double-quoted alternative is taken literally (`"a|b, *c*"`); inside it only `\"` and `\\` are
//     escapes. It is always an exact text match: no operator, wildcard, number, date or boolean reading.
//     Nothing but whitespace may stand between a closing quote and the next separator.
//   - A `"` in the middle of unquoted text is an error (escape it as `\"`).
//   - Unescaped whitespace around the entry, the name and each alternative is ignored; inner whitespace
//     is kept (`city:New York`).
//   - `*` is a wildcard only as the last character (`prefix*`) or as the first and last (`*text*`);
//     anywhere else, alone (`*`, `**`) or before an operator operand it is an error unless escaped.
//   - Colons after the first one belong to the value (`time:10:30` is the text "10:30").
//   - Empty alternatives (`name:`, `name:a||b`, `name:a,`) are errors; `name` alone means "has a value".
//
// ── content type filter (each value; all values and their alternatives are ORed) ────────────────────
//
//   value        := alt (("," | "|") alt)*
//   alt          := path | prefix "*" | "*" text "*"
//
//   `finance:invoice`   that node and its subtree (exact-or-subtree)
//   `fin*`, `*invoice*` paths that start with / contain the text, case-insensitive (letters, digits,
//                       `_` and `:` only)

// ── limits ─────────────────────────────────────────────────────────────────────────────────────────

export const MAX_CONTENT_TYPE_DEPTH = 4;
export const MAX_IDENTIFIER_LENGTH = 64;
export const MAX_FILTER_ENTRY_LENGTH = 500;
export const MAX_FILTER_ENTRIES = 20;
export const MAX_ALTERNATIVES = 50;

// ── AST ────────────────────────────────────────────────────────────────────────────────────────────

export type ComparisonOp = ">" | ">=" | "<" | "<=";

/** A calendar day range, both ends inclusive, as `YYYY-MM-DD`. */
export interface DateRange {
  precision: "year" | "month" | "day";
  first: string;
  last: string;
}

/** A literal with every reading it admits; the compiler uses the one matching the attribute's type. */
export interface FilterValue {
  text: string;
  number: number | null;
  date: DateRange | null;
  boolean: boolean | null;
}

export type ValueMatch =
  /** Equal to the value (multi-select: one of the selected choices). */
  | { kind: "eq"; value: FilterValue }
  /** Ordered comparison; `value.number` or `value.date` (or both) is set. */
  | { kind: "compare"; op: ComparisonOp; value: FilterValue }
  /** Starts with `text`, case-insensitive (`text` is literal: LIKE metacharacters are not special). */
  | { kind: "prefix"; text: string }
  /** Contains `text`, case-insensitive. */
  | { kind: "contains"; text: string };

export interface AttributeFilter {
  /** The entry as received (for error messages and logs). */
  source: string;
  /** Content-type path of the scoped form `content_type(<path>).<name>`, else null. */
  scope: { path: string; codes: string[] } | null;
  name: string;
  /** `exists`: the attribute has any value; `any`: at least one alternative matches. */
  test: { kind: "exists" } | { kind: "any"; alternatives: ValueMatch[] };
}

export type ContentTypeMatch =
  /** The node at `path` or any of its descendants. */
  | { kind: "subtree"; path: string; codes: string[] }
  /** Paths starting with `text` (lower-cased). */
  | { kind: "prefix"; text: string }
  /** Paths containing `text` (lower-cased). */
  | { kind: "contains"; text: string };

export interface ContentTypeFilter {
  source: string;
  /** ORed. */
  alternatives: ContentTypeMatch[];
}

/** The facet part of a files query: attribute entries (ANDed) and content-type values (ORed). */
export interface FacetFilters {
  attributes: AttributeFilter[];
  contentTypes: ContentTypeFilter[];
}

export class FilterSyntaxError extends Error {
  constructor(
    readonly entry: string,
    readonly reason: string,
  ) {
    super(`"${entry}": ${reason}`);
    this.name = "FilterSyntaxError";
  }
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FilterSyntaxError[] };

// ── identifiers and literals ───────────────────────────────────────────────────────────────────────

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export function isSnakeCase(s: string): boolean {
  return s.length <= MAX_IDENTIFIER_LENGTH && SNAKE.test(s);
}

/** Why `s` is not a valid name/code, or null when it is. */
function identifierProblem(s: string, what: string): string | null {
  if (!s) return `${what} is empty`;
  if (s.length > MAX_IDENTIFIER_LENGTH) return `${what} "${s.slice(0, 20)}…" is longer than ${MAX_IDENTIFIER_LENGTH} characters`;
  if (!SNAKE.test(s))
    return `${what} "${s}" is not snake_case (lower-case letters and digits separated by single underscores, starting with a letter)`;
  return null;
}

/** Validates a colon-separated content-type path; returns its codes or throws. */
function parsePath(entry: string, path: string): string[] {
  if (!path) throw new FilterSyntaxError(entry, "the content-type path is empty");
  const codes = path.split(":");
  if (codes.length > MAX_CONTENT_TYPE_DEPTH) {
    throw new FilterSyntaxError(entry, `the content-type path "${path}" is deeper than ${MAX_CONTENT_TYPE_DEPTH} levels`);
  }
  for (const code of codes) {
    const problem = identifierProblem(code, "content-type code");
    if (problem) throw new FilterSyntaxError(entry, `${problem} in path "${path}"`);
  }
  return codes;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function readNumber(s: string): number | null {
  if (!NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (a real calendar day, year ≥ 1) as an inclusive day range. */
export function readDate(s: string): DateRange | null {
  const m = DATE.exec(s);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 1) return null;
  const y = pad(year, 4);
  if (m[2] === undefined) return { precision: "year", first: `${y}-01-01`, last: `${y}-12-31` };
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  const dim = daysInMonth(year, month);
  if (m[3] === undefined) return { precision: "month", first: `${y}-${pad(month)}-01`, last: `${y}-${pad(month)}-${pad(dim)}` };
  const day = Number(m[3]);
  if (day < 1 || day > dim) return null;
  const d = `${y}-${pad(month)}-${pad(day)}`;
  return { precision: "day", first: d, last: d };
}

export function readBoolean(s: string): boolean | null {
  const lower = s.toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : null;
}

function literal(text: string): FilterValue {
  return { text, number: readNumber(text), date: readDate(text), boolean: readBoolean(text) };
}

// ── value scanning ─────────────────────────────────────────────────────────────────────────────────

/** One character of unquoted text; `escaped` characters are never syntax. */
interface Ch {
  c: string;
  escaped: boolean;
}

type RawAlternative = { quoted: true; text: string } | { quoted: false; chars: Ch[] };

const isSpace = (ch: Ch | undefined) => !!ch && !ch.escaped && /\s/.test(ch.c);
const isSyntax = (ch: Ch | undefined, c: string) => !!ch && !ch.escaped && ch.c === c;
const textOf = (chars: Ch[]) => chars.map((ch) => ch.c).join("");

function trimChars(chars: Ch[]): Ch[] {
  let start = 0;
  let end = chars.length;
  while (start < end && isSpace(chars[start])) start++;
  while (end > start && isSpace(chars[end - 1])) end--;
  return chars.slice(start, end);
}

/** Splits a value on unescaped, unquoted `|` and `,` into raw alternatives. */
function scanAlternatives(entry: string, value: string): RawAlternative[] {
  const out: RawAlternative[] = [];
  let i = 0;
  const n = value.length;
  for (;;) {
    while (i < n && /\s/.test(value[i])) i++;
    if (value[i] === '"') {
      i++;
      let text = "";
      let closed = false;
      while (i < n) {
        const c = value[i];
        if (c === "\\" && (value[i + 1] === '"' || value[i + 1] === "\\")) {
          text += value[i + 1];
          i += 2;
        } else if (c === '"') {
          closed = true;
          i++;
          break;
        } else {
          text += c;
          i++;
        }
      }
      if (!closed) throw new FilterSyntaxError(entry, 'unterminated quoted value (a closing " is missing)');
      if (!text) throw new FilterSyntaxError(entry, 'empty quoted value ""');
      while (i < n && /\s/.test(value[i])) i++;
      if (i < n && value[i] !== "|" && value[i] !== ",") {
        throw new FilterSyntaxError(entry, "unexpected text after a quoted value (separate alternatives with | or ,)");
      }
      out.push({ quoted: true, text });
    } else {
      const chars: Ch[] = [];
      while (i < n && value[i] !== "|" && value[i] !== ",") {
        const c = value[i];
        if (c === "\\") {
          if (i + 1 >= n) throw new FilterSyntaxError(entry, "a trailing backslash escapes nothing (write \\\\ for a backslash)");
          chars.push({ c: value[i + 1], escaped: true });
          i += 2;
        } else if (c === '"') {
          throw new FilterSyntaxError(entry, 'a quote may only enclose a whole value (escape a literal quote as \\")');
        } else {
          chars.push({ c, escaped: false });
          i++;
        }
      }
      const trimmed = trimChars(chars);
      if (!trimmed.length) throw new FilterSyntaxError(entry, "empty value (check for a doubled or trailing | or ,)");
      out.push({ quoted: false, chars: trimmed });
    }
    if (out.length > MAX_ALTERNATIVES) throw new FilterSyntaxError(entry, `more than ${MAX_ALTERNATIVES} alternatives`);
    if (i >= n) break;
    i++; // the separator
    if (i >= n) throw new FilterSyntaxError(entry, "empty value after the last separator");
  }
  return out;
}

const WILDCARD_HELP = "`*` is a wildcard only at the end (prefix*) or at both ends (*text*); escape a literal * as \\*";

function classify(entry: string, alt: RawAlternative): ValueMatch {
  if (alt.quoted) return { kind: "eq", value: { text: alt.text, number: null, date: null, boolean: null } };
  const chars = alt.chars;
  if (isSyntax(chars[0], ">") || isSyntax(chars[0], "<")) {
    const orEqual = isSyntax(chars[1], "=");
    const op = (chars[0].c + (orEqual ? "=" : "")) as ComparisonOp;
    const operand = trimChars(chars.slice(orEqual ? 2 : 1));
    if (!operand.length) throw new FilterSyntaxError(entry, `the comparison ${op} needs a value`);
    if (operand.some((ch) => isSyntax(ch, "*"))) throw new FilterSyntaxError(entry, `wildcards cannot be combined with ${op}`);
    const value = literal(textOf(operand));
    if (value.number === null && value.date === null) {
      throw new FilterSyntaxError(entry, `the comparison ${op} needs a number or a date (YYYY, YYYY-MM or YYYY-MM-DD), got "${value.text}"`);
    }
    return { kind: "compare", op, value };
  }
  const stars = chars.flatMap((ch, idx) => (isSyntax(ch, "*") ? [idx] : []));
  if (!stars.length) return { kind: "eq", value: literal(textOf(chars)) };
  const last = chars.length - 1;
  if (stars.length === 1 && stars[0] === last && last > 0) return { kind: "prefix", text: textOf(chars.slice(0, last)) };
  if (stars.length === 2 && stars[0] === 0 && stars[1] === last && last > 1) return { kind: "contains", text: textOf(chars.slice(1, last)) };
  throw new FilterSyntaxError(entry, WILDCARD_HELP);
}

// ── attribute entries ──────────────────────────────────────────────────────────────────────────────

const SCOPE_OPEN = "content_type(";

/** Parses one `attribute` entry; throws FilterSyntaxError with the reason. */
export function parseAttributeFilter(source: string): AttributeFilter {
  // Only leading whitespace here: trailing whitespace belongs to the last alternative, which trims it
  // unless escaped (`name:a\ `).
  const entry = source.replace(/^\s+/, "");
  if (!entry.trim()) throw new FilterSyntaxError(source, "empty filter (expected name, name:value or content_type(<path>).name:value)");
  if (entry.length > MAX_FILTER_ENTRY_LENGTH)
    throw new FilterSyntaxError(source.slice(0, 40) + "…", `longer than ${MAX_FILTER_ENTRY_LENGTH} characters`);

  let rest = entry;
  let scope: AttributeFilter["scope"] = null;
  if (rest.startsWith(SCOPE_OPEN)) {
    const close = rest.indexOf(")", SCOPE_OPEN.length);
    if (close < 0) throw new FilterSyntaxError(source, 'missing ")" after content_type(<path>');
    const path = rest.slice(SCOPE_OPEN.length, close).trim();
    scope = { path, codes: parsePath(source, path) };
    rest = rest.slice(close + 1);
    if (!rest.startsWith(".")) throw new FilterSyntaxError(source, 'expected ".<attribute name>" after content_type(<path>)');
    rest = rest.slice(1);
  } else if (/^content_type\s*\(/.test(rest)) {
    throw new FilterSyntaxError(source, "write the scoped form as content_type(<path>).<name>, without spaces");
  }

  const colon = rest.indexOf(":");
  const name = (colon < 0 ? rest : rest.slice(0, colon)).trim();
  const problem = identifierProblem(name, "attribute name");
  if (problem) throw new FilterSyntaxError(source, problem);
  if (colon < 0) return { source, scope, name, test: { kind: "exists" } };

  const value = rest.slice(colon + 1);
  if (!value.trim()) throw new FilterSyntaxError(source, `no value after "${name}:" (use "${name}" alone to require any value)`);
  const alternatives = scanAlternatives(source, value).map((alt) => classify(source, alt));
  return { source, scope, name, test: { kind: "any", alternatives } };
}

// ── content-type values ────────────────────────────────────────────────────────────────────────────

const PATTERN_TEXT = /^[a-z0-9_:]+$/;

function contentTypeAlternative(source: string, raw: string): ContentTypeMatch {
  const alt = raw.trim();
  if (!alt) throw new FilterSyntaxError(source, "empty value (check for a doubled or trailing | or ,)");
  const starCount = (alt.match(/\*/g) ?? []).length;
  if (starCount === 0) return { kind: "subtree", path: alt, codes: parsePath(source, alt) };
  let kind: "prefix" | "contains";
  let text: string;
  if (starCount === 1 && alt.endsWith("*") && alt.length > 1) {
    kind = "prefix";
    text = alt.slice(0, -1);
  } else if (starCount === 2 && alt.startsWith("*") && alt.endsWith("*") && alt.length > 2) {
    kind = "contains";
    text = alt.slice(1, -1);
  } else {
    throw new FilterSyntaxError(source, "`*` is a wildcard only at the end (prefix*) or at both ends (*text*)");
  }
  text = text.toLowerCase();
  if (!PATTERN_TEXT.test(text)) {
    throw new FilterSyntaxError(source, `the pattern "${text}" may only hold letters, digits, "_" and ":"`);
  }
  if (text.split(":").length > MAX_CONTENT_TYPE_DEPTH) {
    throw new FilterSyntaxError(source, `the pattern "${text}" is deeper than ${MAX_CONTENT_TYPE_DEPTH} levels`);
  }
  return { kind, text };
}

/** Parses one content-type filter value (`a:b`, `a:b,c`, `fin*|*invoice*`); throws FilterSyntaxError. */
export function parseContentTypeFilter(source: string): ContentTypeFilter {
  if (!source.trim()) throw new FilterSyntaxError(source, "empty content-type filter");
  if (source.length > MAX_FILTER_ENTRY_LENGTH)
    throw new FilterSyntaxError(source.slice(0, 40) + "…", `longer than ${MAX_FILTER_ENTRY_LENGTH} characters`);
  const parts = source.split(/[|,]/);
  if (parts.length > MAX_ALTERNATIVES) throw new FilterSyntaxError(source, `more than ${MAX_ALTERNATIVES} alternatives`);
  return { source, alternatives: parts.map((p) => contentTypeAlternative(source, p)) };
}

// ── lists (query parameters) ───────────────────────────────────────────────────────────────────────

function parseAll<T>(entries: readonly string[], parse: (s: string) => T, what: string): ParseResult<T[]> {
  if (entries.length > MAX_FILTER_ENTRIES) {
    return { ok: false, errors: [new FilterSyntaxError(`${entries.length} entries`, `at most ${MAX_FILTER_ENTRIES} ${what} filters per request`)] };
  }
  const value: T[] = [];
  const errors: FilterSyntaxError[] = [];
  for (const entry of entries) {
    try {
      value.push(parse(entry));
    } catch (err) {
      if (err instanceof FilterSyntaxError) errors.push(err);
      else throw err;
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, value };
}

/** Every `attribute` entry of a request (ANDed); collects one error per malformed entry. */
export function parseAttributeFilters(entries: readonly string[]): ParseResult<AttributeFilter[]> {
  return parseAll(entries, parseAttributeFilter, "attribute");
}

/** Every content-type value of a request (ORed); collects one error per malformed value. */
export function parseContentTypeFilters(values: readonly string[]): ParseResult<ContentTypeFilter[]> {
  return parseAll(values, parseContentTypeFilter, "content_type");
}

// The compiler to SQL is compile-filters.ts (it needs the storage layout of attribute values). This module
// stays free of database imports: the console's bundles import the contracts that import it.
