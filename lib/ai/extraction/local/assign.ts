// One row from a set of candidates: every (field, candidate) pair scored by label similarity × how well the
// value has the field's type × how reliable the layout is; pairs taken best first, one candidate per field
// and one field per candidate. Fields left empty are then looked for in free text (a label phrase followed by
// a value of the right type), and arrays of objects are filled from matching tables.
import type { Locale } from "../values/number";
import { cleanText, fold } from "../values/text";
import { type FieldSpec, labelTokens, scoreLabel } from "./fields";
import type { Candidate, Layout, Line } from "./layout";
import { itemsFromTables } from "./tables";
import { typeOnly, typeValue, valueInText } from "./typing";

export const LABEL_THRESHOLD = 0.7;
const MAX_FREE_TEXT_LINES = 4000;

const SOURCE_WEIGHT: Record<Candidate["source"], number> = {
  colon: 1,
  bold: 1,
  "kv-table": 1,
  "table-row": 0.97,
  "table-across": 0.96,
  gap: 0.93,
  "next-line": 0.92,
};

export type Row = Record<string, unknown>;

interface Pair {
  field: number;
  cand: number;
  score: number;
  value: unknown;
}

const tokenCache = new WeakMap<Candidate, string[]>();
export function candTokens(c: Candidate): string[] {
  let t = tokenCache.get(c);
  if (!t) tokenCache.set(c, (t = labelTokens(c.label)));
  return t;
}

/** Scored (field, candidate) pairs above the label threshold whose value has the field's type. */
export function scorePairs(fields: FieldSpec[], candidates: Candidate[], locale?: Locale): Pair[] {
  const pairs: Pair[] = [];
  fields.forEach((f, fi) => {
    if (f.kind === "objects") return;
    candidates.forEach((c, ci) => {
      const label = scoreLabel(candTokens(c), f);
      if (label < LABEL_THRESHOLD) return;
      const typed = typeValue(f, c.value, locale);
      if (!typed) return;
      pairs.push({ field: fi, cand: ci, score: label * typed.fit * SOURCE_WEIGHT[c.source], value: typed.value });
    });
  });
  return pairs.sort((a, b) => b.score - a.score || candidates[a.cand].order - candidates[b.cand].order || a.field - b.field);
}

export function setPath(row: Row, path: string[], value: unknown): void {
  if (path.length === 1) {
    row[path[0]] = value;
    return;
  }
  const parent = (row[path[0]] ??= {}) as Row;
  parent[path[1]] = value;
}

/** The document-level row of a layout (or of one page's / one section's part of it). */
export function extractRow(fields: FieldSpec[], layout: Layout, locale?: Locale, opts: { freeText?: boolean } = {}): Row {
  const row: Row = {};
  const filled = new Set<number>();
  const used = new Set<number>();
  for (const p of scorePairs(fields, layout.candidates, locale)) {
    if (filled.has(p.field) || used.has(p.cand)) continue;
    filled.add(p.field);
    used.add(p.cand);
    setPath(row, fields[p.field].path, p.value);
  }
  if (opts.freeText !== false) {
    fields.forEach((f, fi) => {
      if (filled.has(fi) || f.kind === "objects") return;
      let found = findInLines(fi, fields, layout.lines, locale);
      // Distinctive shapes (an IBAN, an e-mail address, a currency code) need no label when the schema has
      // only one field of that shape.
      if (found === null && fields.filter((o) => o.hint === f.hint).length === 1) found = typeOnly(f, layout, locale);
      if (found === null && f.letterhead) found = letterhead(layout, row);
      if (found !== null) setPath(row, f.path, found);
    });
  }
  for (const f of fields) {
    if (f.kind !== "objects") continue;
    const items = itemsFromTables(f, layout.tables, locale);
    if (items.length) setPath(row, f.path, items);
  }
  return row;
}

const LEGAL_FORM =
  /(?:^|\s)(?:GmbH|AG|KG|OHG|UG|e\.K\.|Ltd\.?|Limited|Inc\.?|LLC|LLP|PLC|Corp\.?|SARL|SAS|SASU|SA|S\.A\.|EURL|BV|B\.V\.|NV|Oy|AB|S\.p\.A\.|S\.r\.l\.)(?=$|[\s,])/;

/** An unlabelled company name among the first lines (a letterhead), not already used for another field. */
function letterhead(layout: Layout, row: Row): string | null {
  const used = new Set(Object.values(row).filter((v) => typeof v === "string"));
  for (const line of layout.lines.filter((l) => l.page === layout.lines[0]?.page).slice(0, 8)) {
    const text = line.text.trim();
    if (text.split(/\s+/).length <= 8 && !text.includes(":") && LEGAL_FORM.test(text) && !used.has(text)) return text;
  }
  return null;
}

interface Span {
  field: number;
  start: number;
  end: number;
}

const spanCache = new WeakMap<FieldSpec[], Map<string, Span[]>>();

/** Every label-phrase occurrence of every field in a line (folded offsets), memoised per schema and line. */
function lineSpans(fields: FieldSpec[], folded: string): Span[] {
  let byLine = spanCache.get(fields);
  if (!byLine) spanCache.set(fields, (byLine = new Map()));
  const hit = byLine.get(folded);
  if (hit) return hit;
  const spans: Span[] = [];
  fields.forEach((f, fi) => {
    if (f.kind === "objects") return;
    for (const p of f.phrases) {
      if (p.weight < 0.9 || !folded.includes(p.tokens[0].slice(0, 3))) continue;
      for (const m of folded.matchAll(phraseRegex(p.tokens, true)))
        spans.push({ field: fi, start: m.index + m[1].length, end: m.index + m[0].length });
    }
  });
  byLine.set(folded, spans);
  return spans;
}

/**
 * A field's value in running text: after one of its label phrases (word-bounded, accent/case-insensitive),
 * the first value of its type before the next label of another field. A phrase inside a longer label of
 * another field ("date" in "date de livraison") does not count.
 */
export function findInLines(fi: number, fields: FieldSpec[], lines: Line[], locale?: Locale): unknown {
  const field = fields[fi];
  // Bounded: running text is searched in the first MAX_FREE_TEXT_LINES lines (~80 pages), so a field
  // missing from a 1000-page document does not cost a regex scan of every line.
  for (const line of lines.slice(0, MAX_FREE_TEXT_LINES)) {
    const text = cleanText(line.text);
    if (!text) continue;
    const { folded, map } = foldWithMap(text);
    const spans = lineSpans(fields, folded);
    const own = spans
      .filter((s) => s.field === fi)
      .filter((s) => !spans.some((o) => o.field !== fi && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start))
      .sort((a, b) => a.start - b.start || b.end - a.end);
    for (const best of own) {
      // "Müller GmbH (Lieferant)": the label in parentheses names the words before it.
      if (field.kind === "string" && field.hint === "text" && /\(\s*(?:the|der|die|das|le|la|l')?\s*$/.test(folded.slice(0, best.start))) {
        const before = appositive(text.slice(0, map[best.start]).replace(/\(\s*(?:the|der|die|das|le|la|l')?\s*$/i, ""));
        if (before) return typeValue(field, before, locale)?.value ?? null;
      }
      const next = spans.filter((o) => o.field !== fi && o.start >= best.end).reduce((m, o) => Math.min(m, o.start), folded.length);
      const rawAfter = text.slice(map[best.end] ?? text.length, map[next] ?? text.length);
      // A label glued to digits by a dash is the code's own prefix ("PO-5531", "INV-0042"): the value includes it.
      const glued = field.hint === "code" && /^[-/]\p{N}/u.test(rawAfter);
      const after = glued ? text.slice(map[best.start], map[next] ?? text.length) : rawAfter.replace(/^[\s.)]*(?:[:#°]\s*)?/, "");
      const v = valueInText(field, after.slice(0, 120), locale);
      if (v) return v.value;
    }
  }
  return null;
}

const GAP = "[^\\p{L}\\p{N}]{1,3}(?:(?:de|du|des|la|le|l|d|of|the|der|die|das|den|dem|von|van)[^\\p{L}\\p{N}]{1,3})*";
const phraseCache = new Map<string, RegExp>();

/** A label phrase in folded running text: stop words allowed between its words, inflected last word (Lieferanten). */
function phraseRegex(tokens: string[], global = false): RegExp {
  const key = `${global ? "g" : ""}${tokens.join(" ")}`;
  let re = phraseCache.get(key);
  if (!re) {
    re = new RegExp(`(^|[^\\p{L}\\p{N}])${tokens.map(tokenPattern).join(GAP)}(?:e|en|n|s|es|er)?(?=[^\\p{L}\\p{N}]|$)`, global ? "gu" : "u");
    phraseCache.set(key, re);
  }
  return re;
}

const PARTICLE = /^(?:&|and|und|et|de|des|du|la|le|of|the|von|van|y|e)$/i;

/** The name just before an appositive: capitalised words (and particles between them), back to a comma or a lower-case word. */
function appositive(text: string): string | null {
  const words = text.trim().split(/\s+/);
  const out: string[] = [];
  for (let i = words.length - 1; i >= 0 && out.length < 8; i--) {
    const w = words[i];
    if (/[,;:]$/.test(w)) break;
    if (/^[\p{Lu}\d]/u.test(w) || (PARTICLE.test(w) && i > 0 && /^[\p{Lu}]/u.test(words[i - 1]))) out.unshift(w);
    else break;
  }
  return out.length ? out.join(" ") : null;
}

function tokenPattern(t: string): string {
  if (t === "number") return "(?:number|no|nr|n|num|nummer|numero|#)";
  return t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Folded text with a map from folded offsets back to original offsets (folding can change lengths). */
function foldWithMap(text: string): { folded: string; map: number[] } {
  let folded = "";
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const f = fold(text[i]);
    for (let k = 0; k < f.length; k++) map.push(i);
    folded += f;
  }
  map.push(text.length);
  return { folded, map };
}
