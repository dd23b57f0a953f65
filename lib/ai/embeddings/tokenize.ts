// Tokenisation shared by the offline embedding provider and the lexical query builder, so both agree
// on what a "term" is: letters/digits runs, keeping inner joiners so codes like INV-77341, v2.3.1 and
// e-mail stay one token (their parts are used too).

/** Lower-cases and folds diacritics (Kündigung → kundigung, café → cafe): GloVe's vocabulary is ASCII. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase();
}

const TOKEN = /[\p{L}\p{N}]+(?:[-_./'’][\p{L}\p{N}]+)*/gu;
const JOINER = /[-_./'’]/;

export function tokenize(folded: string): string[] {
  return folded.match(TOKEN) ?? [];
}

/** Parts of a compound token (`inv-77341` → `inv`, `77341`); a simple token is its own only part. */
export function tokenParts(token: string): string[] {
  return JOINER.test(token) ? token.split(/[-_./'’]+/).filter(Boolean) : [token];
}

// Function words of the languages the product indexes (English, German, French), folded like tokens.
// They carry no topic: the embedding gives them almost no weight, the relaxed lexical query drops them.
const STOP = `a an and are as at be been but by can could did do does for from had has have he her his how i if in
into is it its me my no not of on or our she so than that the their them then there these they this those to was we
were what when where which who why will with would you your about after all also any because before being between
both each few more most other over same should some such only own very just up out
aber als am an auch auf aus bei bin bis da dann das dass dem den der des die dies diese diesem diesen dieser dieses
doch dort du durch ein eine einem einen einer eines er es fur hat hatte ich ihr ihre im in ist ja jede jedem jeden
jeder jedes kann kein keine mit muss nach nicht noch nur ob oder ohne sehr sein seine sich sie sind so uber um und
uns unter vom von vor war waren was weil wenn werden wie wir wird zu zum zur
au aux avec ce ces cette dans de des du elle en est et eux il ils je la le les leur lui ma mais me meme mes moi mon
ne nos notre nous ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l m
n s t y ete etre sont aussi comme tout tous plus`;

export const STOPWORDS: ReadonlySet<string> = new Set(STOP.split(/\s+/).filter(Boolean));

/**
 * Content terms of a query for the relaxed (any-term) lexical query: folded tokens that are not stop
 * words, deduplicated, original spelling kept (diacritics matter to Postgres' stemmers).
 */
export function contentTerms(text: string): string[] {
  const raw = text.normalize("NFC").match(TOKEN) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const token of raw) {
    const folded = foldText(token);
    if (STOPWORDS.has(folded) || seen.has(folded)) continue;
    seen.add(folded);
    out.push(token);
  }
  return out;
}
