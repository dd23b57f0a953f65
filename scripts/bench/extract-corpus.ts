// Extraction benchmark corpus: invoices, purchase orders, application forms and record documents (account
// statements, contact lists) with KNOWN field values, generated deterministically (seeded PRNG) in English,
// German and French with each language's number and date conventions, in varied layouts:
//   colon   "Label: value" lines, items in a table, totals below it
//   kv      two-column key-value table(s), items table with the totals in its footer rows
//   grid    four-column key-value table (two pairs per row)
//   prose   the header fields written as sentences, items in a table
// and rendered from HTML by LibreOffice to PDF and DOCX. Cached under os.tmpdir() by a hash of this file and
// the seed (another --seed gives other values, label variants and layouts from the same vocabulary).
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { rng } from "./common";
import { ITEMS, LABELS, type Lang, NAMES, PROSE } from "./extract-vocab";

const run = promisify(execFile);
export const DEFAULT_SEED = 20261122;
export type DocType = "invoice" | "purchase_order" | "form" | "statement" | "contacts";
export type Layout = "colon" | "kv" | "grid" | "prose" | "table" | "sections";
export type { Lang } from "./extract-vocab";

export interface ExtractDoc {
  id: string;
  type: DocType;
  lang: Lang;
  layout: Layout;
  granularity: "auto" | "document";
  schema: Record<string, unknown>;
  /** Expected rows after coercion (document: one row; records: one per record). */
  expected: Record<string, unknown>[];
  html: string;
}

const str = { type: "string" };
const num = { type: "number" };
const date = { type: "string", format: "date" };
export const SCHEMAS: Record<DocType, Record<string, unknown>> = {
  invoice: {
    type: "object",
    properties: {
      invoice_number: str, invoice_date: date, due_date: date, vendor_name: str, customer_name: str,
      vendor_email: { type: "string", format: "email" }, iban: str, currency: { type: "string", description: "ISO 4217 code" },
      subtotal: num, tax_amount: num, total_amount: num,
      line_items: { type: "array", items: { type: "object", properties: { description: str, quantity: num, unit_price: num, amount: num } } },
    },
  },
  purchase_order: {
    type: "object",
    properties: {
      po_number: str, order_date: date, delivery_date: date, buyer: str, supplier: str, payment_terms: str, total: num,
      items: { type: "array", items: { type: "object", properties: { sku: str, description: str, quantity: { type: "integer" }, unit_price: num } } },
    },
  },
  form: {
    type: "object",
    properties: {
      first_name: str, last_name: str, date_of_birth: date, email: { type: "string", format: "email" }, phone: str,
      street: str, postal_code: str, city: str, country: str,
      membership_type: { enum: ["Basic", "Premium", "Family"] }, newsletter: { type: "boolean" },
    },
  },
  statement: { type: "object", properties: { account_holder: str, date: date, description: str, amount: num } },
  contacts: { type: "object", properties: { name: str, email: { type: "string", format: "email" }, phone: str, city: str } },
};

// ---------------------------------------------------------------- formatting per language

type R = () => number;
const pick = <T,>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function group(intPart: string, sep: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** An amount as written in the language, with one of its currency conventions. */
export function money(n: number, lang: Lang, r: R, currency: string): string {
  const neg = n < 0;
  const [i, f] = Math.abs(n).toFixed(2).split(".");
  const body = lang === "en" ? `${group(i, ",")}.${f}` : lang === "de" ? `${group(i, ".")},${f}` : `${group(i, "\u00a0")},${f}`;
  const sym = currency === "EUR" ? "€" : currency === "USD" ? "$" : currency === "GBP" ? "£" : currency;
  const style = Math.floor(r() * 3);
  const signed = neg ? `-${body}` : body;
  if (lang === "en") return style === 0 ? `${sym}${signed}` : style === 1 ? `${signed} ${currency}` : signed;
  return style === 0 ? `${signed} ${sym}` : style === 1 ? `${signed} ${currency}` : signed;
}

const MONTHS: Record<Lang, string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
};

/** A date as written in the language (several styles each). */
export function writeDate(iso: string, lang: Lang, r: R): string {
  const [y, m, d] = iso.split("-").map(Number);
  const p = (n: number) => String(n).padStart(2, "0");
  const style = Math.floor(r() * 3);
  if (lang === "en") return [`${MONTHS.en[m - 1]} ${d}, ${y}`, `${p(m)}/${p(d)}/${y}`, `${d} ${MONTHS.en[m - 1]} ${y}`][style];
  if (lang === "de") return [`${p(d)}.${p(m)}.${y}`, `${d}. ${MONTHS.de[m - 1]} ${y}`, `${p(d)}.${p(m)}.${y}`][style];
  return [`${p(d)}/${p(m)}/${y}`, `${d === 1 ? "1er" : d} ${MONTHS.fr[m - 1]} ${y}`, `${p(d)}.${p(m)}.${y}`][style];
}

function isoDate(r: R, year = 2024): string {
  const m = 1 + Math.floor(r() * 12);
  const d = 1 + Math.floor(r() * 28);
  return `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function addDays(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- HTML building blocks

const STYLE = "<style>body{font-family:'DejaVu Sans'}</style>";
const page = (title: string, body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(title)}</title>${STYLE}</head><body>${body}</body></html>`;
const h1 = (t: string) => `<h1>${esc(t)}</h1>`;

// Tables are written full width with explicit column widths from their content, as real documents lay
// them out (LibreOffice's automatic widths squeeze columns until words break mid-token).
function htmlTable(rows: string[][], head?: string[], footer: [string, string][] = []): string {
  const all = head ? [head, ...rows] : rows;
  const w = Math.max(...all.map((r) => r.length));
  const weight = Array.from({ length: w }, (_, i) => Math.max(6, ...all.map((r) => (r[i] ?? "").length)) + 2);
  const total = weight.reduce((a, b) => a + b, 0);
  const cols = `<colgroup>${weight.map((x) => `<col width="${Math.round((100 * x) / total)}%">`).join("")}</colgroup>`;
  const thead = head ? `<thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead>` : "";
  const foot = footer.map(([l, v]) => `<tr><td colspan="${w - 1}">${esc(l)}</td><td>${esc(v)}</td></tr>`).join("");
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  return `<table width="100%" border="1" cellpadding="4" cellspacing="0">${cols}${thead}<tbody>${body}${foot}</tbody></table>`;
}

function pairsHtml(pairs: [string, string][], layout: Layout): string {
  if (layout === "kv") return htmlTable(pairs);
  if (layout === "grid") {
    const rows: string[][] = [];
    for (let i = 0; i < pairs.length; i += 2) rows.push([...pairs[i], ...(pairs[i + 1] ?? ["", ""])]);
    return htmlTable(rows);
  }
  return pairs.map(([l, v]) => `<p>${esc(l)}: ${esc(v)}</p>`).join("");
}

const tableHtml = (header: string[], rows: string[][], footer: [string, string][] = []) => htmlTable(rows, header, footer);

// ---------------------------------------------------------------- documents

function invoice(id: string, lang: Lang, layout: Layout, r: R): ExtractDoc {
  const L = LABELS[lang];
  const currency = pick(r, lang === "en" ? ["USD", "GBP", "EUR"] : ["EUR", "EUR", "CHF"]);
  const vendor = pick(r, NAMES[lang].companies);
  const customer = pick(r, NAMES[lang].companies.filter((c) => c !== vendor));
  const invDate = isoDate(r);
  const due = addDays(invDate, pick(r, [14, 30, 45]));
  const n = r() < 0.2 ? 45 + Math.floor(r() * 30) : 2 + Math.floor(r() * 5); // some invoices run over two or three pages
  const items = Array.from({ length: n }, () => {
    const quantity = 1 + Math.floor(r() * 12);
    const unit = round2(5 + r() * (r() < 0.3 ? 2400 : 180));
    return { description: pick(r, ITEMS[lang]), quantity, unit_price: unit, amount: round2(quantity * unit) };
  });
  const subtotal = round2(items.reduce((s, i) => s + i.amount, 0));
  const rate = lang === "de" ? 19 : 20;
  const tax = round2((subtotal * rate) / 100);
  const total = round2(subtotal + tax);
  const number = `${pick(r, ["INV", "RE", "F", "2024"])}-${1000 + Math.floor(r() * 90000)}`;
  const email = `${pick(r, ["billing", "accounts", "info", "factures", "rechnung"])}@${vendor.toLowerCase().replace(/[^a-z]+/g, "")}.${lang === "en" ? "com" : lang}`;
  const iban = pick(r, ["DE89 3704 0044 0532 0130 00", "FR76 3000 6000 0112 3456 7890 189", "GB29 NWBK 6016 1331 9268 19", "CH93 0076 2011 6238 5295 7"]);
  const m = (x: number) => money(x, lang, r, currency);
  const head: [string, string][] = [
    [pick(r, L.invoice_number), number],
    [pick(r, L.invoice_date), writeDate(invDate, lang, r)],
    [pick(r, L.due_date), writeDate(due, lang, r)],
    [pick(r, L.vendor), vendor],
    [pick(r, L.customer), customer],
    [pick(r, L.email), email],
    ["IBAN", iban],
    [pick(r, L.currency), currency],
  ];
  const header = [pick(r, L.item_description), pick(r, L.item_quantity), pick(r, L.item_unit_price), pick(r, L.item_amount)];
  const rows = items.map((i) => [i.description, String(i.quantity), m(i.unit_price), m(i.amount)]);
  const totals: [string, string][] = [
    [pick(r, L.subtotal), m(subtotal)],
    [pick(r, L.tax).replace("{rate}", String(rate)), m(tax)],
    [pick(r, L.total), m(total)],
  ];
  let body = h1(L.invoice_title);
  if (layout === "prose") {
    body += `<p>${esc(PROSE[lang].invoice(head.map((h) => h[1]), r))}</p>`;
    body += tableHtml(header, rows) + pairsHtml(totals, "colon");
  } else {
    body += pairsHtml(head, layout);
    body += layout === "kv" ? tableHtml(header, rows, totals) : tableHtml(header, rows) + pairsHtml(totals, layout === "grid" ? "kv" : "colon");
  }
  const expected = {
    invoice_number: number, invoice_date: invDate, due_date: due, vendor_name: vendor, customer_name: customer,
    vendor_email: email, iban, currency, subtotal, tax_amount: tax, total_amount: total, line_items: items,
  };
  return { id, type: "invoice", lang, layout, granularity: "auto", schema: SCHEMAS.invoice, expected: [expected], html: page(id, body) };
}

function purchaseOrder(id: string, lang: Lang, layout: Layout, r: R): ExtractDoc {
  const L = LABELS[lang];
  const buyer = pick(r, NAMES[lang].companies);
  const supplier = pick(r, NAMES[lang].companies.filter((c) => c !== buyer));
  const orderDate = isoDate(r);
  const delivery = addDays(orderDate, pick(r, [7, 10, 21]));
  const terms = pick(r, L.terms_values);
  const n = 2 + Math.floor(r() * 6);
  const items = Array.from({ length: n }, () => ({
    sku: `${pick(r, ["A", "B", "X", "K"])}${100 + Math.floor(r() * 900)}-${10 + Math.floor(r() * 90)}`,
    description: pick(r, ITEMS[lang]),
    quantity: 1 + Math.floor(r() * 200),
    unit_price: round2(1 + r() * 300),
  }));
  const total = round2(items.reduce((s, i) => s + i.quantity * i.unit_price, 0));
  const number = `PO-${2024}${String(Math.floor(r() * 10000)).padStart(4, "0")}`;
  const currency = lang === "en" ? "USD" : "EUR";
  const m = (x: number) => money(x, lang, r, currency);
  const head: [string, string][] = [
    [pick(r, L.po_number), number],
    [pick(r, L.order_date), writeDate(orderDate, lang, r)],
    [pick(r, L.delivery_date), writeDate(delivery, lang, r)],
    [pick(r, L.buyer), buyer],
    [pick(r, L.supplier), supplier],
    [pick(r, L.payment_terms), terms],
  ];
  const header = [pick(r, L.item_sku), pick(r, L.item_description), pick(r, L.item_quantity), pick(r, L.item_unit_price)];
  const rows = items.map((i) => [i.sku, i.description, String(i.quantity), m(i.unit_price)]);
  let body = h1(L.po_title) + (layout === "prose" ? `<p>${esc(PROSE[lang].po(head.map((h) => h[1]), r))}</p>` : pairsHtml(head, layout));
  body += tableHtml(header, rows) + pairsHtml([[pick(r, L.po_total), m(total)]], "colon");
  const expected = { po_number: number, order_date: orderDate, delivery_date: delivery, buyer, supplier, payment_terms: terms, total, items };
  return { id, type: "purchase_order", lang, layout, granularity: "auto", schema: SCHEMAS.purchase_order, expected: [expected], html: page(id, body) };
}

function form(id: string, lang: Lang, layout: Layout, r: R): ExtractDoc {
  const L = LABELS[lang];
  const N = NAMES[lang];
  const first = pick(r, N.first);
  const last = pick(r, N.last);
  const dob = isoDate(r, 1950 + Math.floor(r() * 50));
  const email = `${first}.${last}@${pick(r, ["example.com", "mail.de", "exemple.fr", "post.ch"])}`.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/ß/g, "ss");
  const phone = pick(r, N.phones);
  const [street, postal, city] = pick(r, N.addresses);
  const membership = pick(r, ["Basic", "Premium", "Family"] as const);
  const newsletter = r() < 0.5;
  const pairs: [string, string][] = [
    [pick(r, L.first_name), first],
    [pick(r, L.last_name), last],
    [pick(r, L.date_of_birth), writeDate(dob, lang, r)],
    [pick(r, L.email), email],
    [pick(r, L.phone), phone],
    [pick(r, L.street), street],
    [pick(r, L.postal_code), postal],
    [pick(r, L.city), city],
    [pick(r, L.country), N.country],
    [pick(r, L.membership), pick(r, [membership, membership.toUpperCase(), membership.toLowerCase()])],
    [pick(r, L.newsletter), newsletter ? pick(r, L.yes) : pick(r, L.no)],
  ];
  const body = h1(L.form_title) + pairsHtml(pairs, layout);
  const expected = {
    first_name: first, last_name: last, date_of_birth: dob, email, phone, street, postal_code: postal, city, country: N.country,
    membership_type: membership, newsletter,
  };
  return { id, type: "form", lang, layout, granularity: "auto", schema: SCHEMAS.form, expected: [expected], html: page(id, body) };
}

function statement(id: string, lang: Lang, r: R): ExtractDoc {
  const L = LABELS[lang];
  const holder = `${pick(r, NAMES[lang].first)} ${pick(r, NAMES[lang].last)}`;
  let d = isoDate(r);
  const rows = Array.from({ length: 4 + Math.floor(r() * 10) }, () => {
    d = addDays(d, 1 + Math.floor(r() * 4));
    const amount = round2((r() < 0.6 ? -1 : 1) * (3 + r() * 900));
    return { account_holder: holder, date: d, description: pick(r, L.transactions), amount };
  });
  const body =
    h1(L.statement_title) +
    pairsHtml([[pick(r, L.account_holder), holder]], "colon") +
    tableHtml([pick(r, L.tx_date), pick(r, L.tx_description), pick(r, L.tx_amount)], rows.map((x) => [writeDate(x.date, lang, r), x.description, money(x.amount, lang, r, "EUR")]));
  return { id, type: "statement", lang, layout: "table", granularity: "auto", schema: SCHEMAS.statement, expected: rows, html: page(id, body) };
}

function contacts(id: string, lang: Lang, r: R): ExtractDoc {
  const L = LABELS[lang];
  const N = NAMES[lang];
  const people = Array.from({ length: 2 + Math.floor(r() * 4) }, () => {
    const name = `${pick(r, N.first)} ${pick(r, N.last)}`;
    const email = `${name.split(" ")[0]}@${pick(r, ["acme.io", "firma.de", "societe.fr"])}`.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/ß/g, "ss");
    return { name, email, phone: pick(r, N.phones), city: pick(r, N.addresses)[2] };
  });
  const body =
    h1(L.contacts_title) +
    people
      .map((p, i) => `<h2>${esc(L.contact)} ${i + 1}</h2>` + pairsHtml([[pick(r, L.name), p.name], [pick(r, L.email), p.email], [pick(r, L.phone), p.phone], [pick(r, L.city), p.city]], "colon"))
      .join("");
  return { id, type: "contacts", lang, layout: "sections", granularity: "auto", schema: SCHEMAS.contacts, expected: people, html: page(id, body) };
}

/** The corpus: 60 documents (every type × language × layout combination at least once). */
export function generateDocs(seed = DEFAULT_SEED): ExtractDoc[] {
  const r = rng(seed);
  const docs: ExtractDoc[] = [];
  const langs: Lang[] = ["en", "de", "fr"];
  let k = 0;
  const id = (t: string, l: Lang) => `${t}-${l}-${String(++k).padStart(3, "0")}`;
  for (const lang of langs) {
    for (const layout of ["colon", "kv", "grid", "prose", "colon", "kv"] as Layout[]) docs.push(invoice(id("invoice", lang), lang, layout, r));
    for (const layout of ["colon", "kv", "grid", "prose"] as Layout[]) docs.push(purchaseOrder(id("po", lang), lang, layout, r));
    for (const layout of ["colon", "kv", "grid", "colon"] as Layout[]) docs.push(form(id("form", lang), lang, layout, r));
    for (let i = 0; i < 3; i++) docs.push(statement(id("statement", lang), lang, r));
    for (let i = 0; i < 3; i++) docs.push(contacts(id("contacts", lang), lang, r));
  }
  return docs;
}

// ---------------------------------------------------------------- rendering (cached)

export type Format = "pdf" | "docx";

function hash(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const h = crypto.createHash("sha256");
  for (const f of ["extract-corpus.ts", "extract-vocab.ts"]) h.update(fs.readFileSync(path.join(here, f)));
  return h.digest("hex").slice(0, 12);
}

async function soffice(convertTo: string, files: string[], outdir: string, tag: string): Promise<void> {
  const profile = path.join(os.tmpdir(), `lo-extract-${process.pid}-${tag}`);
  try {
    await run("soffice", [`-env:UserInstallation=file://${profile}`, "--headless", "--norestore", "--infilter=HTML (StarWriter)", "--convert-to", convertTo, "--outdir", outdir, ...files], {
      timeout: 900_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } finally {
    await fs.promises.rm(profile, { recursive: true, force: true });
  }
}

/** Writes the HTML and renders PDF + DOCX (two LibreOffice processes), or reuses the cache. */
export async function buildCorpus(
  log: (m: string) => void = () => {},
  seed = DEFAULT_SEED,
): Promise<{ dir: string; docs: ExtractDoc[]; file: (d: ExtractDoc, f: Format) => string }> {
  const docs = generateDocs(seed);
  const dir = path.join(os.tmpdir(), `docintel-extract-corpus-${hash()}-${seed}`);
  const file = (d: ExtractDoc, f: Format) => path.join(dir, f, `${d.id}.${f}`);
  if (!docs.every((d) => fs.existsSync(file(d, "pdf")) && fs.existsSync(file(d, "docx")))) {
    log(`rendering ${docs.length} documents to PDF and DOCX with LibreOffice into ${dir} ...`);
    for (const sub of ["html", "pdf", "docx"]) await fs.promises.mkdir(path.join(dir, sub), { recursive: true });
    for (const d of docs) await fs.promises.writeFile(path.join(dir, "html", `${d.id}.html`), d.html);
    const html = docs.map((d) => path.join(dir, "html", `${d.id}.html`));
    await Promise.all([soffice("pdf", html, path.join(dir, "pdf"), "pdf"), soffice("docx:MS Word 2007 XML", html, path.join(dir, "docx"), "docx")]);
  }
  return { dir, docs, file };
}
