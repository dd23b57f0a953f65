// Schema properties → field specs for the offline extractor: the value kind to look for and the label
// phrases that name the field (its own name and title, `description` phrases, and the en/de/fr synonyms
// of the concept it is linked to), plus scoring of a written label against a field.
import { editDistance, withinOneEdit } from "@/lib/text-distance";
import { words } from "../values/text";
import { CONCEPTS, LABEL_STOPWORDS, TOKEN_ALIASES } from "./synonyms";

type Schema = Record<string, unknown>;

export type FieldKind = "string" | "number" | "integer" | "boolean" | "date" | "datetime" | "email" | "enum" | "objects" | "list";

/** What a string field's values look like, from its name/concept (picks among candidates, fills from free text). */
export type ValueHint = "iban" | "bic" | "phone" | "email" | "code" | "currency" | "percent" | "postal" | "text";

export interface Phrase {
  tokens: string[];
  weight: number;
}

export interface FieldSpec {
  /** Property name (a top-level field, an item field of an array, or a leaf of a nested object). */
  key: string;
  /** Where the value goes in the row: [name] or [parent, child]. */
  path: string[];
  schema: Schema;
  kind: FieldKind;
  hint: ValueHint;
  concept?: string;
  phrases: Phrase[];
  /** Item fields of an array of objects (kind "objects"). */
  items?: FieldSpec[];
  /** The issuer's name (vendor/supplier): may stand unlabelled at the top of the document. */
  letterhead?: boolean;
}

const isObj = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** Folded, alias-normalised label tokens ("Rechnungs-Nr.:" → ["rechnungs", "number"]). */
export function labelTokens(text: string, camel = false): string[] {
  const out: string[] = [];
  for (const w of words(text.replace(/#/g, " number ").replace(/\bn[°º]/gi, " number "), camel)) {
    const alias = TOKEN_ALIASES[w];
    const t = alias === undefined ? w : alias;
    // Digits in labels are rates and counters ("MwSt. 19 %", "Address line 2"), not words of the label.
    if (t && !LABEL_STOPWORDS.has(t) && !/^\d+$/.test(t)) out.push(t);
  }
  return out;
}

const conceptPhrases = new Map<string, string[][]>(Object.entries(CONCEPTS).map(([k, v]) => [k, v.map((p) => labelTokens(p))]));

/** Whether two strings are at most one insertion, deletion or substitution apart (linear time). */
function tokenEq(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5 || Math.abs(a.length - b.length) > 2) return false;
  if (Math.min(a.length, b.length) < 12) return withinOneEdit(a, b);
  return editDistance(a, b, 2) <= 2;
}

/** F1 of token overlap between a written label and a phrase (fuzzy token equality for longer words). */
export function phraseScore(label: string[], phrase: string[]): number {
  if (!label.length || !phrase.length) return 0;
  let hit = 0;
  let used = 0; // bit set of matched phrase tokens (phrases are short)
  for (const t of label) {
    for (let i = 0; i < phrase.length; i++) {
      if (used & (1 << i) || !tokenEq(t, phrase[i])) continue;
      used |= 1 << i;
      hit++;
      break;
    }
  }
  if (hit === label.length && hit === phrase.length && label.every((t, i) => t === phrase[i])) return 1;
  if (!hit) {
    // One compound word against a phrase written as one (rechnungsnr vs rechnungsnummer).
    const a = label.join("");
    const b = phrase.join("");
    if (a.length < 6 || b.length < 6 || Math.abs(a.length - b.length) > 2 || a[0] !== b[0]) return 0;
    if (a === b || (a.length >= 10 ? editDistance(a, b, 2) <= 2 : withinOneEdit(a, b))) return 0.9;
    return 0;
  }
  const precision = hit / label.length;
  const recall = hit / phrase.length;
  const f = (2 * precision * recall) / (precision + recall);
  if (hit === label.length && hit === phrase.length) return 0.97;
  // The whole phrase plus one qualifying word ("Booking Date", "Order Total"): a match, below exact ones.
  if (recall === 1 && label.length - hit === 1) return Math.max(f, 0.75);
  return f;
}

const scoreCache = new WeakMap<FieldSpec, Map<string, number>>();

/** Best score of a written label for a field (0..1), memoised per field. */
export function scoreLabel(label: string[], field: FieldSpec): number {
  let cache = scoreCache.get(field);
  if (!cache) scoreCache.set(field, (cache = new Map()));
  const key = label.join(" ");
  let score = cache.get(key);
  if (score === undefined) {
    if (cache.size > 20_000) cache.clear(); // bounded: a long-lived schema sees endless new labels
    cache.set(key, (score = computeScore(label, field)));
  }
  return score;
}

function computeScore(label: string[], field: FieldSpec): number {
  let best = 0;
  for (const p of field.phrases) best = Math.max(best, p.weight * phraseScore(label, p.tokens));
  // A label that is the head of the property name ("Date" for order_date, "Name" for customer_name).
  const name = labelTokens(field.key, true);
  if (best < 0.72 && label.length && label.length < name.length && label.join(" ") === name.slice(-label.length).join(" ")) best = 0.72;
  return best;
}

function kindOf(schema: Schema, root: Schema): FieldKind {
  const s = deref(schema, root);
  if (Array.isArray(s.enum) || "const" in s) return "enum";
  const types = typeof s.type === "string" ? [s.type] : Array.isArray(s.type) ? s.type : [];
  if (types.includes("array") || s.items) {
    const items = isObj(s.items) ? deref(s.items, root) : {};
    return items.type === "object" || isObj(items.properties) ? "objects" : "list";
  }
  if (types.includes("integer")) return "integer";
  if (types.includes("number")) return "number";
  if (types.includes("boolean")) return "boolean";
  if (s.format === "date") return "date";
  if (s.format === "date-time") return "datetime";
  if (s.format === "email" || s.format === "idn-email") return "email";
  return "string";
}

export function deref(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 8 && typeof s.$ref === "string" && s.$ref.startsWith("#"); i++) {
    let t: unknown = root;
    for (const part of (s.$ref as string).slice(1).split("/").filter(Boolean)) t = isObj(t) ? t[part] : undefined;
    if (!isObj(t)) break;
    s = { ...t, ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref")) };
  }
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const first = ((s.anyOf ?? s.oneOf) as unknown[]).find((o) => isObj(o) && o.type !== "null");
    if (isObj(first)) s = { ...deref(first, root), ...s, anyOf: undefined, oneOf: undefined, type: first.type ?? s.type };
  }
  return s;
}

/** Phrases of a description: the whole text when short, and its parts split on , ; / | "or" and quotes. */
function descriptionPhrases(description: string): string[] {
  const out: string[] = [];
  const quoted = description.match(/["“«„'‘]([^"”»“'’]{2,40})["”»“'’]/g) ?? [];
  for (const q of quoted) out.push(q.slice(1, -1));
  const clean = description.replace(/\(.*?\)/g, " ");
  if (clean.split(/\s+/).length <= 6) out.push(clean);
  for (const part of clean.split(/[,;/|]|\b(?:or|oder|ou|aka|also|e\.g\.|z\.b\.|i\.e\.)\b/i)) {
    if (part.trim() && part.trim().split(/\s+/).length <= 4) out.push(part);
  }
  return out;
}

const HINTS: Partial<Record<string, ValueHint>> = {
  iban: "iban",
  bic: "bic",
  phone: "phone",
  email: "email",
  currency: "currency",
  tax_rate: "percent",
  postal_code: "postal",
  invoice_number: "code",
  purchase_order_number: "code",
  customer_number: "code",
  vat_id: "code",
  sku: "code",
  reference: "code",
};

// Concept lookup by a property's words: exact phrase first, then the same words in another order.
const conceptByKey = new Map<string, string>();
const conceptBySorted = new Map<string, string>();
for (const [concept, phrases] of conceptPhrases) {
  for (const p of phrases) {
    if (!p.length) continue;
    if (!conceptByKey.has(p.join(" "))) conceptByKey.set(p.join(" "), concept);
    const sorted = [...p].sort().join(" ");
    if (!conceptBySorted.has(sorted)) conceptBySorted.set(sorted, concept);
  }
}

function conceptOf(texts: string[]): string | undefined {
  for (const text of texts) {
    const hit = conceptByKey.get(labelTokens(text).join(" "));
    if (hit) return hit;
  }
  for (const text of texts) {
    const hit = conceptBySorted.get(labelTokens(text).sort().join(" "));
    if (hit) return hit;
  }
  return undefined;
}

function buildField(key: string, path: string[], raw: Schema, root: Schema, parent?: FieldSpec): FieldSpec {
  const schema = deref(raw, root);
  const kind = kindOf(schema, root);
  const title = typeof schema.title === "string" ? schema.title : undefined;
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const phrases: Phrase[] = [];
  const add = (text: string, weight: number) => {
    const tokens = labelTokens(text);
    if (tokens.length && !phrases.some((p) => p.tokens.join(" ") === tokens.join(" "))) phrases.push({ tokens, weight });
  };
  const addKey = (text: string, weight: number) => {
    const tokens = labelTokens(text, true);
    if (tokens.length && !phrases.some((p) => p.tokens.join(" ") === tokens.join(" "))) phrases.push({ tokens, weight });
  };
  addKey(key, 1);
  if (title) add(title, 1);
  // Generic suffixes of property names: "vendor_name" is labelled "Vendor", "due_date_value" "Due date".
  const nameWords = labelTokens(key, true);
  const trimmed = nameWords.filter((w, i) => !(i === nameWords.length - 1 && ["name", "value", "text", "field", "string", "amount"].includes(w)));
  if (trimmed.length && trimmed.length < nameWords.length) add(trimmed.join(" "), 0.97);
  for (const d of description ? descriptionPhrases(description) : []) add(d, 0.95);
  let concept = conceptOf([nameWords.join(" "), ...(title ? [title] : []), ...(trimmed.length ? [trimmed.join(" ")] : [])]);
  if (concept) {
    for (const p of conceptPhrases.get(concept) ?? []) if (p.length) add(p.join(" "), 0.95);
    // The title is the people's word for the field and often narrower than the name: `amount` titled
    // "Total amount" is the invoice total, labelled "Total due" or "Grand total", not any amount.
    const titled = title ? conceptOf([title]) : undefined;
    if (titled && titled !== concept) for (const p of conceptPhrases.get(titled) ?? []) if (p.length) add(p.join(" "), 0.95);
  } else if (nameWords.length >= 2) {
    // Qualified names (vendor_email, customer_address): the head word's concept, alone (weaker) and
    // combined with the qualifier's phrases ("Lieferant E-Mail", "supplier email").
    const head = conceptOf([nameWords[nameWords.length - 1]]);
    if (head) {
      concept = head;
      const qualifierWords = nameWords.slice(0, -1).join(" ");
      const qualifier = conceptOf([qualifierWords]);
      const quals = qualifier ? (conceptPhrases.get(qualifier) ?? []).slice(0, 10) : [labelTokens(qualifierWords)];
      const heads = conceptPhrases.get(head) ?? [];
      for (const q of quals) for (const h of heads.slice(0, 8)) add(`${q.join(" ")} ${h.join(" ")}`, 1);
      for (const h of heads) add(h.join(" "), 0.85);
    }
  }
  if (parent) {
    // Nested object leaves: "vendor.name" is labelled "Vendor name", "Vendor" or just "Name" (weaker).
    const parentPhrases = parent.phrases.slice(0, 6);
    for (const pp of parentPhrases) for (const cp of phrases.slice(0, 4)) add(`${pp.tokens.join(" ")} ${cp.tokens.join(" ")}`, 1);
    for (const p of phrases) p.weight *= p.tokens.length > 1 ? 1 : 0.9;
  }
  let hint: ValueHint = (concept && HINTS[concept]) || "text";
  if (kind === "email") hint = "email";
  if (hint === "text" && /(^|_|\b)(id|number|no|nr|code|ref|reference)$/i.test(key)) hint = "code";
  const spec: FieldSpec = { key, path, schema, kind, hint, concept, phrases, letterhead: concept === "vendor" && kind === "string" };
  if (kind === "objects") {
    const items = deref(isObj(schema.items) ? schema.items : {}, root);
    const props = isObj(items.properties) ? items.properties : {};
    spec.items = Object.entries(props)
      .filter(([, s]) => isObj(s))
      .map(([k, s]) => buildField(k, [k], s as Schema, root));
  }
  return spec;
}

/**
 * Top-level field specs. Nested objects are flattened into leaf fields with paths [parent, child] (their
 * labels combine the parent's and the child's phrases); arrays of objects keep their item fields.
 */
export function buildFields(schema: Schema): FieldSpec[] {
  const props = isObj(schema.properties) ? schema.properties : {};
  const out: FieldSpec[] = [];
  for (const [key, raw] of Object.entries(props)) {
    if (!isObj(raw)) continue;
    const s = deref(raw, schema);
    if ((s.type === "object" || isObj(s.properties)) && isObj(s.properties)) {
      const parent = buildField(key, [key], { type: "string", title: s.title, description: s.description }, schema);
      for (const [child, cs] of Object.entries(s.properties)) {
        if (isObj(cs)) out.push(buildField(child, [key, child], cs, schema, parent));
      }
      continue;
    }
    out.push(buildField(key, [key], raw, schema));
  }
  return out;
}
