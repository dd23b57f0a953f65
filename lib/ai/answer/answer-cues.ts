// What kind of answer a question asks for, and whether a sentence holds one. "How much did we pay at
// Cafe Central?" is answered by the line with an amount ("Total EUR 19.80"), not by the receipt's header,
// which merely shares the most words with the question; "when" wants a date, "who" a name, "where" an
// address or place, "how many/how long" a count or duration. Regular expressions over the sentence text:
// cheap, explainable, and language-light (English questions; amounts, dates and addresses as printed in
// German and English documents).

export type AnswerType = "amount" | "date" | "person" | "place" | "quantity";

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|jänner|januar|februar|märz|mai|juni|juli|oktober|dezember";
const CURRENCY = "(?:[€$£]|\\b(?:EUR|USD|GBP|CHF|euros?|dollars?|pounds?)\\b)";
const NUMBER = "\\d[\\d.,' ]*\\d|\\d";

const AMOUNT = new RegExp(
  `${CURRENCY}\\s?(?:${NUMBER})|(?:${NUMBER})\\s?${CURRENCY}|(?<![\\d.,])\\d{1,3}(?:[.,' ]\\d{3})*[.,]\\d{2}(?![\\d.,]*\\d)`,
  "i",
);
const DATE = new RegExp(
  [
    "\\b\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}\\b",
    "\\b\\d{4}-\\d{2}-\\d{2}\\b",
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:${MONTHS})\\.?,?\\s+\\d{4}\\b`,
    `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    "\\b(?:[01]?\\d|2[0-3]):[0-5]\\d\\b",
  ].join("|"),
  "i",
);
const QUANTITY =
  /\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|thirty)(?:\s*-\s*|\s+)(?:(?:working|business|calendar|paid)\s+)?(?:days?|weeks?|months?|years?|hours?|nights?|minutes?|instalments?|times?)\b/i;
// A name after a role word, or two capitalised words not opening the sentence ("… by Maria Huber").
const PERSON =
  /\b(?:by|served by|signed by|cashier|guest|passenger|landlord|tenant|employee|contractor|client|between|from|to|for)\b:?\s+(?:the\s+)?[A-ZÄÖÜ][\p{L}.'-]+|\S\s+[A-ZÄÖÜ][\p{Ll}'-]+\s+(?:[A-ZÄÖÜ]\.?\s+)?[A-ZÄÖÜ][\p{Ll}'-]+/u;
const PLACE =
  /\b[\p{L}-]*(?:straße|strasse|gasse|weg|platz|allee|street|road|avenue|lane|square)\b\.?\s*\d*|\b\d{4,5}\s+[A-ZÄÖÜ][\p{Ll}]+|\b(?:in|at)\s+(?:the\s+)?[A-ZÄÖÜ][\p{Ll}]+/iu;

const PATTERNS: Record<AnswerType, RegExp> = { amount: AMOUNT, date: DATE, person: PERSON, place: PLACE, quantity: QUANTITY };

/** The answer type a question asks for, if it names one. The question word wins over topic words. */
export function answerTypeOf(question: string): AnswerType | null {
  const q = question.toLowerCase();
  if (
    /\bhow (?:much|expensive)\b|\bwhat (?:did|does|do|will) .* cost\b|\b(?:cost|costs|price|prices|amount|total|fee|fees|salary|rent|deposit|vat|tax|charge[ds]?|spend|spent)\b/.test(
      q,
    )
  ) {
    // "When is the rent due?" asks for a date, "who pays the fee?" for a party.
    if (/^\s*when\b|\b(?:what|which) (?:date|day)\b/.test(q)) return "date";
    if (/^\s*who\b/.test(q)) return "person";
    return "amount";
  }
  if (/^\s*when\b|\b(?:what|which) (?:date|day|time)\b|\bsince when\b|\buntil when\b/.test(q)) return "date";
  if (/^\s*(?:who|whom)\b|\bwhose\b|\bwhich (?:person|company|party)\b/.test(q)) return "person";
  if (/^\s*where\b|\bwhich (?:city|country|address|place)\b|\bwhat address\b/.test(q)) return "place";
  if (/\bhow (?:many|long|often)\b|\bhow much time\b/.test(q)) return "quantity";
  return null;
}

/** Whether a sentence holds a value of the asked-for type. */
export function holdsAnswerType(sentence: string, type: AnswerType): boolean {
  return PATTERNS[type].test(sentence);
}

// An amount question is about the sum unless it names an item: "Total EUR 19.80", "Total due", "Amount".
const TOTAL_CUE = /\b(?:total|grand total|amount due|total due|balance due|sum|to pay|gesamt|summe|betrag)\b/i;

/** An amount question that names no particular amount (salary, rent, tax…) asks for the sum paid. */
export function asksForTotal(question: string): boolean {
  return answerTypeOf(question) === "amount" && !/\b(?:salary|wages?|rent|deposit|tax|vat|fees?|prices? per|rate|discount|tip)\b/i.test(question);
}

/** A sentence that states the total, for an amount question that does not name an item. */
export function statesTotal(sentence: string): boolean {
  return TOTAL_CUE.test(sentence);
}

// Irregular past forms the stemmer cannot reduce: "paid" must match "pay", "spent" "spend".
const IRREGULAR: Record<string, string> = {
  paid: "pay",
  spent: "spend",
  bought: "buy",
  sold: "sell",
  began: "begin",
  begun: "begin",
  left: "leave",
  sent: "send",
  signed: "sign",
  made: "make",
  won: "win",
  lent: "lend",
  held: "hold",
  met: "meet",
  brought: "bring",
  went: "go",
  gone: "go",
  took: "take",
  taken: "take",
  gave: "give",
  given: "give",
  ate: "eat",
};
const IRREGULAR_WORD = new RegExp(`\\b(${Object.keys(IRREGULAR).join("|")})\\b`, "gi");

/** The question with irregular past forms replaced by their base forms ("paid" → "pay"), possessives dropped. */
export function toBaseForms(text: string): string {
  // The possessive too: "Novak's salary" asks about Novak (the tokenizer would keep "novak's" whole).
  return text.replace(/(\p{L})['’]s\b/gu, "$1").replace(IRREGULAR_WORD, (w) => IRREGULAR[w.toLowerCase()]);
}

/** The text with each irregular past form followed by its base form, for term matching only. */
export function withBaseForms(text: string): string {
  return text.replace(IRREGULAR_WORD, (w) => `${w} ${IRREGULAR[w.toLowerCase()]}`);
}
