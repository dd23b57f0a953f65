// Typed values for the offline extractor: a candidate's written value read as the field's kind (the whole
// value, or the first part of it that has the right shape), type patterns for free text, and language
// detection for the locale-dependent readings (03/04/2024, 1.234).
import { coerceValue } from "../coerce";
import { DATE_IN_TEXT, parseDate } from "../values/date";
import { type Locale, NUMBER_IN_TEXT } from "../values/number";
import { EMAIL_IN_TEXT, fold, parseBoolean } from "../values/text";
import type { FieldSpec } from "./fields";
import type { Layout } from "./layout";

export interface Typed {
  value: unknown;
  /** 1 when the whole written value is the value, lower when a part was picked out of it. */
  fit: number;
}

const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/;
const BIC = /\b[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/;
const PHONE = /(?:\+|00)?[\d(][\d ()/.-]{6,}\d/;
const CODE = /\b(?=[A-Za-z0-9._/-]*\d)[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9]\b|\b\d\b/;
const CURRENCY_CODE = /\b(EUR|USD|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN|CZK)\b/;
const CURRENCY_SYMBOL: Record<string, string> = { "€": "EUR", $: "USD", "£": "GBP", "¥": "JPY" };
const CHECKED = /(?:\[x\]|☒|☑|✓|✔|\(x\))\s*([\p{L}][\p{L} -]{0,30})/iu;

function coerceTo(field: FieldSpec, text: string, locale?: Locale): unknown {
  return coerceValue(field.schema, text, { locale });
}

function firstMatch(text: string, re: RegExp): string | null {
  const m = new RegExp(re.source, re.flags.replace("g", "")).exec(text);
  return m ? m[0] : null;
}

/** The field's value in a written candidate value, or null when it has none of the right shape. */
export function typeValue(field: FieldSpec, raw: string, locale?: Locale): Typed | null {
  const text = raw.trim();
  if (!text) return null;
  const whole = coerceTo(field, text, locale);
  switch (field.kind) {
    case "number":
    case "integer": {
      if (whole !== null) return { value: whole, fit: 1 };
      const part = firstMatch(text, NUMBER_IN_TEXT);
      const v = part ? coerceTo(field, part.trim(), locale) : null;
      return v === null ? null : { value: v, fit: 0.85 };
    }
    case "date":
    case "datetime": {
      if (whole !== null) return { value: whole, fit: 1 };
      const part = firstMatch(text, DATE_IN_TEXT);
      const v = part ? coerceTo(field, part, locale) : null;
      return v === null ? null : { value: v, fit: 0.85 };
    }
    case "email":
      return whole === null ? null : { value: whole, fit: 1 };
    case "boolean":
    case "enum": {
      if (whole !== null) return { value: whole, fit: 1 };
      const checked = CHECKED.exec(text);
      const v = checked ? coerceTo(field, checked[1].trim(), locale) : null;
      if (v !== null) return { value: v, fit: 0.9 };
      if (field.kind === "boolean" && checked) return { value: true, fit: 0.6 };
      return null;
    }
    case "objects":
      return null;
    case "list":
      return whole === null ? null : { value: whole, fit: 1 };
    case "string":
      return typeString(field, text, whole, locale);
  }
}

function typeString(field: FieldSpec, text: string, whole: unknown, locale?: Locale): Typed | null {
  const pick = (re: RegExp, norm = (s: string) => s): Typed | null => {
    const m = firstMatch(text, re);
    if (!m) return null;
    const v = coerceTo(field, norm(m), locale);
    return v === null ? null : { value: v, fit: m.length === text.length ? 1 : 0.9 };
  };
  switch (field.hint) {
    case "iban":
      return pick(IBAN, (s) => s.replace(/\s+/g, " "));
    case "bic":
      return pick(BIC);
    case "phone":
      return pick(PHONE);
    case "email":
      return pick(EMAIL_IN_TEXT);
    case "code": {
      // "No. PO-1", "n° F-17", "#123": the number sign belongs to the label.
      const stripped = text.replace(/^(?:n[°º]|no\.?|nr\.?|#|num[eé]ro|number)\s*:?\s*(?=\S*\d)/i, "");
      if (stripped !== text) return typeString(field, stripped, coerceTo(field, stripped, locale), locale);
      // Identifiers keep their written form; a value that is a sentence is not an identifier.
      if (text.split(/\s+/).length <= 3 && /\d/.test(text)) {
        if (whole === null) return null;
        // A date or an amount under an identifier's label is most likely another field's value.
        return { value: whole, fit: parseDate(text, locale) || (/^[-+]?[\d.,\s]+$/.test(text) && /[.,]\d{2}$/.test(text)) ? 0.5 : 1 };
      }
      return pick(CODE);
    }
    case "currency": {
      const code = firstMatch(text, CURRENCY_CODE);
      if (code) return { value: coerceTo(field, code, locale) ?? code, fit: 1 };
      const sym = Object.keys(CURRENCY_SYMBOL).find((s) => text.includes(s));
      return sym ? { value: coerceTo(field, CURRENCY_SYMBOL[sym], locale), fit: 0.9 } : whole === null ? null : { value: whole, fit: 0.7 };
    }
    case "postal": {
      const m = /\b\d{4,5}\b|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/.exec(text);
      return m ? { value: coerceTo(field, m[0], locale), fit: m[0].length === text.length ? 1 : 0.9 } : null;
    }
    case "percent":
      return whole === null ? null : { value: whole, fit: 1 };
    default:
      return whole === null ? null : { value: whole, fit: 1 };
  }
}

/** A value of the field's kind in running text (free-text fill): the first one in `text`. */
export function valueInText(field: FieldSpec, text: string, locale?: Locale): Typed | null {
  switch (field.kind) {
    case "number":
    case "integer": {
      const m = new RegExp(NUMBER_IN_TEXT.source, "gu");
      for (const hit of text.matchAll(m)) {
        // The match may open with the space before the number ("EUR 1,952.31"): judge from its first sign or digit.
        const start = hit.index + (hit[0].length - hit[0].trimStart().length);
        // Skip numbers that are part of a date or an identifier: glued to a letter, a digit or a dash, or one
        // more group of a grouped code (an IBAN's "DE89 3704 0044 …").
        const before = text.slice(Math.max(0, start - 1), start);
        const after = text.slice(hit.index + hit[0].length, hit.index + hit[0].length + 1);
        if (/[\p{L}\p{N}\-/]/u.test(before) || (/[\p{L}/]/u.test(after) && !/[€$£%]/.test(after))) continue;
        if (/(?:^|\s)\p{L}*\d+\s$/u.test(text.slice(Math.max(0, start - 12), start))) continue;
        const v = coerceTo(field, hit[0].trim(), locale);
        if (v !== null && !parseDate(text.slice(hit.index, hit.index + 12))) return { value: v, fit: 0.8 };
      }
      return null;
    }
    case "date":
    case "datetime": {
      const part = firstMatch(text, DATE_IN_TEXT);
      const v = part ? coerceTo(field, part, locale) : null;
      return v === null ? null : { value: v, fit: 0.8 };
    }
    case "boolean": {
      const word = /^\s*(\S+)/.exec(text)?.[1];
      const b = word ? parseBoolean(word) : null;
      return b === null ? null : { value: b, fit: 0.7 };
    }
    case "objects":
      return null;
    default: {
      if (field.kind === "string" && field.hint === "text") return proseText(field, text, locale);
      // In running text an identifier is one word: "Your order PO-5531 Bill to:" reads PO-5531, not the words after it.
      const word = field.kind === "string" && field.hint === "code" ? /^\s*(\S*\d[^\s,;]*?)[.:)]?(?:[\s,;]|$)/u.exec(text)?.[1] : undefined;
      const t = typeValue(field, word ?? text.slice(0, 80), locale);
      return t ? { value: t.value, fit: Math.min(t.fit, 0.8) } : null;
    }
  }
}

// Words that join a label to its value in prose ("the invoice number is …", "issued by …", "an …").
const CONNECTOR =
  /^(?:\s*(?:[:\-–—=]|is|was|are|of|reads|ist|lautet|sind|war|est|sont|etait|to|by|from|for|an|von|durch|fur|par|pour|a|au|aux|de|du|des|the|der|die|das|dem|den|le|la|les|our|unser|unsere|notre|nos|:)\b\s*)+/iu;
const STOP =
  /\s*(?:[,;.!?()](?:\s|$)|\s(?:and|und|et|with|mit|avec|on|am|le|is|ist|est|was|for|fur|pour|due|dated|datiert|vom|du|total|in|at|bei|chez|die|der|das|den|dem|the|les|la)\s)/iu;

/** A short text value after a label in prose: up to the next clause boundary, at most 6 words. */
function proseText(field: FieldSpec, text: string, locale?: Locale): Typed | null {
  const rest = text.replace(CONNECTOR, "");
  const stop = STOP.exec(rest);
  const value = (stop ? rest.slice(0, stop.index) : rest).trim().split(/\s+/).slice(0, 6).join(" ");
  if (!value || !/[\p{L}\p{N}]/u.test(value)) return null;
  const v = coerceTo(field, value, locale);
  return v === null ? null : { value: v, fit: 0.75 };
}

const LANG_WORDS: Record<Locale, string[]> = {
  en: [
    "the",
    "and",
    "of",
    "to",
    "invoice",
    "total",
    "date",
    "for",
    "with",
    "please",
    "amount",
    "due",
    "is",
    "order",
    "name",
    "first",
    "last",
    "birth",
    "street",
    "city",
    "country",
    "phone",
    "subtotal",
    "customer",
    "supplier",
    "quantity",
    "price",
    "description",
  ],
  de: [
    "der",
    "die",
    "das",
    "und",
    "rechnung",
    "datum",
    "betrag",
    "mit",
    "fur",
    "bitte",
    "ist",
    "von",
    "gesamt",
    "bestellung",
    "zahlbar",
    "vorname",
    "nachname",
    "geburtsdatum",
    "strasse",
    "ort",
    "telefon",
    "mwst",
    "netto",
    "lieferant",
    "kunde",
    "menge",
    "preis",
    "beschreibung",
    "summe",
  ],
  fr: [
    "le",
    "la",
    "les",
    "et",
    "des",
    "du",
    "facture",
    "montant",
    "pour",
    "avec",
    "est",
    "une",
    "commande",
    "veuillez",
    "prenom",
    "nom",
    "naissance",
    "adresse",
    "ville",
    "pays",
    "telephone",
    "courriel",
    "ttc",
    "ht",
    "tva",
    "echeance",
    "fournisseur",
    "quantite",
    "prix",
    "designation",
  ],
};

/** The document's language among en/de/fr by function and business words; undefined when unclear. */
export function detectLocale(text: string): Locale | undefined {
  const tokens = fold(text.slice(0, 20_000)).split(/[^\p{L}]+/u);
  const counts: Record<Locale, number> = { en: 0, de: 0, fr: 0 };
  const sets = Object.fromEntries(Object.entries(LANG_WORDS).map(([k, v]) => [k, new Set(v)])) as Record<Locale, Set<string>>;
  for (const t of tokens) for (const l of ["en", "de", "fr"] as Locale[]) if (sets[l].has(t)) counts[l]++;
  const ranked = (Object.entries(counts) as [Locale, number][]).sort((a, b) => b[1] - a[1]);
  return ranked[0][1] >= 2 && ranked[0][1] > ranked[1][1] ? ranked[0][0] : undefined;
}

/** A value found by its shape alone anywhere in the document (IBAN, BIC, e-mail, currency code). */
export function typeOnly(field: FieldSpec, layout: Layout, locale?: Locale): unknown {
  if (!["iban", "bic", "email", "currency"].includes(field.hint)) return null;
  const texts = [...layout.lines.map((l) => l.text), ...layout.tables.flatMap((t) => [t.header, ...t.rows].map((r) => r.join(" | ")))];
  if (field.hint === "currency") {
    for (const t of texts) {
      const code = firstMatch(t, CURRENCY_CODE);
      if (code) return coerceTo(field, code, locale);
    }
    for (const t of texts) {
      const sym = Object.keys(CURRENCY_SYMBOL).find((s) => t.includes(s));
      if (sym) return coerceTo(field, CURRENCY_SYMBOL[sym], locale);
    }
    return null;
  }
  const re = field.hint === "iban" ? IBAN : field.hint === "bic" ? BIC : EMAIL_IN_TEXT;
  for (const t of texts) {
    const m = firstMatch(t, re);
    if (m) return coerceTo(field, m, locale);
  }
  return null;
}
