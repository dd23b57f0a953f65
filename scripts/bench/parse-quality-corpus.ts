// Quality benchmark corpus: documents with KNOWN structure, generated deterministically (seeded PRNG, no
// network). Each document is described once as a list of blocks and written twice from that description:
// as HTML (rendered by LibreOffice to PDF, and for a subset to DOCX and ODT; a few PDFs are rasterised to
// 200 dpi PNG "scans" for the OCR path) and as its ground-truth Markdown.
//
// What the corpus covers: h1–h3 headings (some numbered), paragraphs of prose built from word lists in
// English, German and French (with umlauts, accents, numbers, bold/italic runs), bulleted and numbered lists
// (some nested), GFM tables of 2–6 columns with a header row (text, numbers, dates; bordered and borderless),
// two-column text, and page breaks so that documents have 1–6 pages.
//
// Multi-column text: LibreOffice's HTML import does NOT render CSS `column-count: 2` faithfully (it turns
// the rest of the whole document into one unbalanced two-column section that fills column 1 down to the
// page end first). It does import the old `<multicol cols="2">` element as a balanced two-column section,
// so that is what we write. The ground truth is the reading order: column 1 top to bottom, then column 2,
// which is simply the paragraphs' order in the source.
//
// The generated files are cached under os.tmpdir()/docintel-bench-corpus-<hash of this file> so reruns are
// fast; delete the directory (or pass --rebuild / buildCorpus({ rebuild: true })) to regenerate. The build
// checks that every PDF has its planned page count and that every two-column section was balanced, and
// logs a note otherwise. Other LibreOffice 7.4 quirks worked around (details at the code): no CSS font-size,
// two-column sections in the serif font without bold/italic runs and framed by full-width paragraphs,
// explicit table column widths, no-break spaces in French numbers.
//
// Usage: `npx tsx --conditions=react-server scripts/bench/parse-quality-corpus.ts` builds the corpus and prints where it is.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Bump to force regeneration when something outside this file changes the output (e.g. LibreOffice). */
const CORPUS_VERSION = 1;
const SEED = "docintel-quality-v1";
const DOC_COUNT = 30;

export type Lang = "en" | "de" | "fr";
export type CorpusFormat = "pdf" | "docx" | "odt" | "png";

// ---------------------------------------------------------------------------------------------------------
// Document model

interface Inline {
  text: string;
  style?: "bold" | "italic";
}
interface ListItem {
  text: string;
  children?: ListBlock;
}
interface ListBlock {
  kind: "list";
  ordered: boolean;
  items: ListItem[];
}
type CellKind = "text" | "number" | "date";
interface TableBlock {
  kind: "table";
  header: string[];
  rows: string[][];
  align: CellKind[];
  bordered: boolean;
}
type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string; pageBreak?: boolean }
  | { kind: "paragraph"; runs: Inline[]; pageBreak?: boolean }
  | ListBlock
  | TableBlock
  | { kind: "columns"; paragraphs: Inline[][]; gutterPx: number; justify: boolean };

export interface CorpusSpec {
  id: string;
  lang: Lang;
  title: string;
  /** Pages the layout was planned for (the rendered PDF's real count is in the manifest). */
  plannedPages: number;
  font: string;
  features: string[];
  formats: CorpusFormat[];
  html: string;
  markdown: string;
  /** The last words of each two-column section (to check that LibreOffice balanced the columns). */
  columnTails: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Seeded PRNG

function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private state: number;
  constructor(seed: string) {
    this.state = hashSeed(seed) || 1;
  }
  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** k distinct elements in random order. */
  sample<T>(xs: readonly T[], k: number): T[] {
    const copy = xs.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(k, copy.length));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Word lists

interface Lexicon {
  subjects: string[];
  verbs: string[];
  objects: string[];
  tails: string[];
  connectors: string[];
  /** German main clauses put the verb second after a connector. */
  invertAfterConnector: boolean;
  metrics: string[];
  up: string;
  down: string;
  numberSentence: (metric: string, dir: string, pct: string, amount: string, when: string) => string;
  months: string[];
  imperatives: string[];
  /** How a list item is formed from an imperative and an object. */
  task: (verb: string, object: string, tail: string) => string;
  titles: string[];
  sections: string[];
  subsections: string[];
  tableCaption: string;
  listIntro: string[];
  headers: Record<"region" | "product" | "status" | "owner" | "date" | "due" | "qty" | "revenue" | "share" | "cost", string>;
  statuses: string[];
  decimal: "," | ".";
  thousands: string;
  dateFormat: (y: number, m: number, d: number) => string;
}

const EN: Lexicon = {
  subjects: [
    "The quarterly report", "Our finance team", "The project board", "Each regional office", "The new supplier",
    "The audit committee", "Customer support", "The logistics department", "The product roadmap", "Management",
    "The annual budget", "The steering group", "This proposal", "The data platform", "The sales forecast",
  ],
  verbs: [
    "describes", "summarises", "confirms", "reviews", "highlights", "explains", "extends", "reduces", "improves",
    "documents", "outlines", "evaluates", "tracks", "supports",
  ],
  objects: [
    "the main operational risks", "the expected revenue growth", "the delivery schedule", "the cost of raw materials",
    "the results of the pilot phase", "several open questions", "the migration plan", "the staffing requirements",
    "the new pricing model", "the customer feedback", "the energy consumption", "all pending invoices",
    "the maintenance contracts", "the warehouse capacity", "the training programme",
  ],
  tails: [
    "for the coming financial year", "in all European regions", "before the end of the quarter", "with minor exceptions",
    "according to the latest figures", "despite higher transport costs", "as agreed in the last meeting",
    "without additional funding", "in close cooperation with the partners", "after a careful review",
  ],
  connectors: ["In addition,", "However,", "As a result,", "For this reason,", "Nevertheless,", "At the same time,"],
  invertAfterConnector: false,
  metrics: ["Revenue", "Net income", "Operating cost", "Order intake", "Energy use", "Headcount"],
  up: "rose",
  down: "fell",
  numberSentence: (metric, dir, pct, amount, when) => `${metric} ${dir} by ${pct} percent to ${amount} thousand euros in ${when}.`,
  months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  imperatives: ["Review", "Update", "Confirm", "Send", "Prepare", "Check", "Approve", "Archive"],
  task: (verb, object, tail) => `${verb} ${object}${tail ? ` ${tail}` : ""}`,
  titles: [
    "Annual Report", "Project Status Update", "Supplier Evaluation", "Quarterly Business Review", "Operations Handbook",
    "Market Analysis", "Board Meeting Minutes", "Budget Proposal", "Quality Audit Summary", "Customer Survey Results",
  ],
  sections: [
    "Introduction", "Background", "Financial Overview", "Operational Risks", "Project Timeline", "Next Steps",
    "Budget Summary", "Staffing", "Customer Feedback", "Supplier Review", "Methodology", "Results",
    "Recommendations", "Market Development", "Quality Assurance", "Regional Performance",
  ],
  subsections: ["Key Figures", "Open Issues", "Regional Details", "Assumptions", "Notes", "Milestones", "Dependencies", "Lessons Learned"],
  tableCaption: "Table",
  listIntro: ["The following actions were agreed:", "Open points for the next meeting:", "The main changes are:"],
  headers: {
    region: "Region", product: "Product", status: "Status", owner: "Owner", date: "Date", due: "Due date",
    qty: "Quantity", revenue: "Revenue (EUR)", share: "Share (%)", cost: "Cost (EUR)",
  },
  statuses: ["Open", "Closed", "In progress", "On hold", "Approved"],
  decimal: ".",
  thousands: ",",
  dateFormat: (y, m, d) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
};

const DE: Lexicon = {
  subjects: [
    "Der Quartalsbericht", "Unser Finanzteam", "Der Lenkungsausschuss", "Jede Niederlassung", "Der neue Lieferant",
    "Die Geschäftsführung", "Der Kundendienst", "Die Logistikabteilung", "Das Projektteam", "Der Jahresabschluss",
    "Die Prüfungskommission", "Die Datenplattform", "Der Vertrieb",
  ],
  verbs: ["beschreibt", "bestätigt", "prüft", "erläutert", "verbessert", "dokumentiert", "bewertet", "verringert", "unterstützt", "berücksichtigt"],
  objects: [
    "die wichtigsten Risiken", "das erwartete Umsatzwachstum", "den Lieferplan", "die Kosten für Rohstoffe",
    "die Ergebnisse der Pilotphase", "mehrere offene Fragen", "den Migrationsplan", "den Personalbedarf",
    "das neue Preismodell", "die Rückmeldungen der Kunden", "den Energieverbrauch", "alle offenen Rechnungen",
    "die Wartungsverträge", "die Lagerkapazität", "das Schulungsprogramm",
  ],
  tails: [
    "für das kommende Geschäftsjahr", "in allen europäischen Regionen", "vor dem Ende des Quartals", "mit wenigen Ausnahmen",
    "nach den neuesten Zahlen", "trotz höherer Transportkosten", "wie in der letzten Sitzung vereinbart",
    "ohne zusätzliche Mittel", "in enger Zusammenarbeit mit den Partnern", "nach einer sorgfältigen Prüfung",
  ],
  connectors: ["Außerdem", "Jedoch", "Daher", "Dennoch", "Gleichzeitig", "Zudem"],
  invertAfterConnector: true,
  metrics: ["Der Umsatz", "Der Nettogewinn", "Der Betriebsaufwand", "Der Auftragseingang", "Der Energieverbrauch", "Die Mitarbeiterzahl"],
  up: "stieg",
  down: "sank",
  numberSentence: (metric, dir, pct, amount, when) => `${metric} ${dir} um ${pct} Prozent auf ${amount} Tausend Euro im ${when}.`,
  months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  imperatives: ["prüfen", "aktualisieren", "bestätigen", "versenden", "vorbereiten", "abstimmen", "freigeben", "archivieren"],
  task: (verb, object, tail) => `${capitalise(object)}${tail ? ` ${tail}` : ""} ${verb}`,
  titles: [
    "Jahresbericht", "Projektstatus", "Lieferantenbewertung", "Quartalsbericht", "Betriebshandbuch",
    "Marktanalyse", "Protokoll der Vorstandssitzung", "Budgetplanung", "Ergebnisse der Qualitätsprüfung", "Kundenbefragung",
  ],
  sections: [
    "Einleitung", "Hintergrund", "Finanzübersicht", "Betriebliche Risiken", "Zeitplan", "Nächste Schritte",
    "Budgetübersicht", "Personal", "Rückmeldungen der Kunden", "Bewertung der Lieferanten", "Methodik", "Ergebnisse",
    "Empfehlungen", "Marktentwicklung", "Qualitätssicherung", "Regionale Entwicklung",
  ],
  subsections: ["Kennzahlen", "Offene Punkte", "Regionale Details", "Annahmen", "Anmerkungen", "Meilensteine", "Abhängigkeiten", "Erkenntnisse"],
  tableCaption: "Tabelle",
  listIntro: ["Folgende Maßnahmen wurden vereinbart:", "Offene Punkte für die nächste Sitzung:", "Die wichtigsten Änderungen sind:"],
  headers: {
    region: "Region", product: "Produkt", status: "Status", owner: "Verantwortlich", date: "Datum", due: "Fällig am",
    qty: "Menge", revenue: "Umsatz (EUR)", share: "Anteil (%)", cost: "Kosten (EUR)",
  },
  statuses: ["Offen", "Erledigt", "In Arbeit", "Zurückgestellt", "Freigegeben"],
  decimal: ",",
  thousands: ".",
  dateFormat: (y, m, d) => `${String(d).padStart(2, "0")}.${String(m).padStart(2, "0")}.${y}`,
};

const FR: Lexicon = {
  subjects: [
    "Le rapport trimestriel", "Notre équipe financière", "Le comité de pilotage", "Chaque agence régionale",
    "Le nouveau fournisseur", "La direction générale", "Le service client", "Le département logistique",
    "L'équipe du projet", "Le budget annuel", "La plateforme de données", "Le service commercial",
  ],
  verbs: ["décrit", "confirme", "examine", "souligne", "explique", "améliore", "documente", "évalue", "réduit", "présente"],
  objects: [
    "les principaux risques opérationnels", "la croissance prévue du chiffre d'affaires", "le calendrier de livraison",
    "le coût des matières premières", "les résultats de la phase pilote", "plusieurs questions ouvertes",
    "le plan de migration", "les besoins en personnel", "le nouveau modèle tarifaire", "les retours des clients",
    "la consommation d'énergie", "toutes les factures en attente", "les contrats de maintenance", "la capacité de l'entrepôt",
  ],
  tails: [
    "pour le prochain exercice", "dans toutes les régions européennes", "avant la fin du trimestre", "à quelques exceptions près",
    "selon les derniers chiffres", "malgré la hausse des coûts de transport", "comme convenu lors de la dernière réunion",
    "sans financement supplémentaire", "en étroite collaboration avec les partenaires", "après un examen attentif",
  ],
  connectors: ["En outre,", "Cependant,", "Par conséquent,", "Néanmoins,", "En même temps,", "De plus,"],
  invertAfterConnector: false,
  metrics: ["Le chiffre d'affaires", "Le résultat net", "Le coût d'exploitation", "Le volume de commandes", "La consommation d'énergie", "L'effectif"],
  up: "a augmenté",
  down: "a diminué",
  numberSentence: (metric, dir, pct, amount, when) => `${metric} ${dir} de ${pct}\u00a0% pour atteindre ${amount} milliers d'euros en ${when}.`,
  months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  imperatives: ["Vérifier", "Mettre à jour", "Confirmer", "Envoyer", "Préparer", "Contrôler", "Valider", "Archiver"],
  task: (verb, object, tail) => `${verb} ${object}${tail ? ` ${tail}` : ""}`,
  titles: [
    "Rapport annuel", "État d'avancement du projet", "Évaluation des fournisseurs", "Revue trimestrielle",
    "Manuel d'exploitation", "Analyse du marché", "Procès-verbal du conseil", "Proposition budgétaire",
    "Synthèse de l'audit qualité", "Résultats de l'enquête client",
  ],
  sections: [
    "Introduction", "Contexte", "Aperçu financier", "Risques opérationnels", "Calendrier du projet", "Prochaines étapes",
    "Synthèse budgétaire", "Effectifs", "Retours des clients", "Revue des fournisseurs", "Méthodologie", "Résultats",
    "Recommandations", "Évolution du marché", "Assurance qualité", "Performance régionale",
  ],
  subsections: ["Chiffres clés", "Points ouverts", "Détails régionaux", "Hypothèses", "Remarques", "Jalons", "Dépendances", "Enseignements"],
  tableCaption: "Tableau",
  listIntro: ["Les actions suivantes ont été décidées :", "Points ouverts pour la prochaine réunion :", "Les principaux changements sont :"],
  headers: {
    region: "Région", product: "Produit", status: "Statut", owner: "Responsable", date: "Date", due: "Échéance",
    qty: "Quantité", revenue: "Chiffre d'affaires (EUR)", share: "Part (%)", cost: "Coût (EUR)",
  },
  statuses: ["Ouvert", "Terminé", "En cours", "Suspendu", "Validé"],
  decimal: ",",
  thousands: "\u00a0", // French typography: no-break space between thousands
  dateFormat: (y, m, d) => `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`,
};

const LEXICA: Record<Lang, Lexicon> = { en: EN, de: DE, fr: FR };
const CITIES = ["Berlin", "Paris", "Lyon", "Hamburg", "London", "Vienna", "Zürich", "Genève", "München", "Köln", "Marseille", "Lille", "Leeds", "Bordeaux", "Dresden", "Toulouse"];
const PEOPLE = ["A. Schmidt", "M. Dubois", "J. Smith", "L. Müller", "C. Martin", "P. Weber", "S. Laurent", "K. Brown", "E. Fischer", "N. Lefèvre"];
const PRODUCTS = ["Alpha", "Beta", "Gamma", "Delta", "Orion", "Vega", "Nova", "Atlas", "Titan", "Helix", "Pulsar", "Quanta"];

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
function decapitalise(s: string): string {
  // "L'équipe" -> "l'équipe", "Management" -> "management"; German nouns after articles keep their capital.
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function formatNumber(lex: Lexicon, value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  const [int, frac] = fixed.split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, lex.thousands);
  return frac ? `${grouped}${lex.decimal}${frac}` : grouped;
}

// ---------------------------------------------------------------------------------------------------------
// Content generation

function sentence(rng: Rng, lex: Lexicon): string {
  if (rng.chance(0.15)) {
    const pct = formatNumber(lex, rng.int(5, 250) / 10, 1);
    const amount = formatNumber(lex, rng.int(120, 98000), 0);
    const when = `${rng.pick(lex.months)} ${rng.int(2019, 2025)}`;
    return lex.numberSentence(rng.pick(lex.metrics), rng.chance(0.6) ? lex.up : lex.down, pct, amount, when);
  }
  const subject = rng.pick(lex.subjects);
  const verb = rng.pick(lex.verbs);
  const object = rng.pick(lex.objects);
  const tail = rng.chance(0.8) ? ` ${rng.pick(lex.tails)}` : "";
  if (rng.chance(0.3)) {
    const c = rng.pick(lex.connectors);
    if (lex.invertAfterConnector) return `${c} ${verb} ${decapitalise(subject)} ${object}${tail}.`;
    return `${c} ${decapitalise(subject)} ${verb} ${object}${tail}.`;
  }
  return `${subject} ${verb} ${object}${tail}.`;
}

function paragraph(rng: Rng, lex: Lexicon, minSentences: number, maxSentences: number): Inline[] {
  const n = rng.int(minSentences, maxSentences);
  const runs: Inline[] = [];
  const sentences: string[] = [];
  for (let i = 0; i < n; i++) sentences.push(sentence(rng, lex));
  // Occasionally emphasise one whole sentence (bold or italic), the rest plain.
  const emph = rng.chance(0.25) ? rng.int(0, n - 1) : -1;
  let plain: string[] = [];
  sentences.forEach((s, i) => {
    if (i === emph) {
      if (plain.length) runs.push({ text: plain.join(" ") + " " });
      plain = [];
      runs.push({ text: s, style: rng.chance(0.5) ? "bold" : "italic" });
      if (i < n - 1) runs.push({ text: " " });
    } else {
      plain.push(s);
    }
  });
  if (plain.length) runs.push({ text: plain.join(" ") });
  return runs.filter((r) => r.text.length > 0);
}

function listBlock(rng: Rng, lex: Lexicon, ordered: boolean, nested: boolean): ListBlock {
  const n = rng.int(3, 6);
  const items: ListItem[] = [];
  const verbs = rng.sample(lex.imperatives, n);
  for (let i = 0; i < n; i++) {
    const text = lex.task(verbs[i % verbs.length], rng.pick(lex.objects), rng.chance(0.5) ? rng.pick(lex.tails) : "");
    const item: ListItem = { text };
    if (nested && i === 1) {
      const m = rng.int(2, 3);
      const sub: ListItem[] = [];
      for (let j = 0; j < m; j++) sub.push({ text: capitalise(rng.pick(lex.objects)) + (rng.chance(0.5) ? ` ${rng.pick(CITIES)}` : "") });
      item.children = { kind: "list", ordered: rng.chance(0.3) ? !ordered : ordered, items: sub };
    }
    items.push(item);
  }
  return { kind: "list", ordered, items };
}

type ColumnType = "region" | "product" | "status" | "owner" | "date" | "due" | "qty" | "revenue" | "share" | "cost";

function tableBlock(rng: Rng, lex: Lexicon, columns: number, rows: number, bordered: boolean): TableBlock {
  const keyCol: ColumnType = rng.pick(["region", "product"] as const);
  const others = rng.sample(["status", "owner", "date", "due", "qty", "revenue", "share", "cost"] as ColumnType[], columns - 1);
  const cols: ColumnType[] = [keyCol, ...others];
  const header = cols.map((c) => lex.headers[c]);
  const align: CellKind[] = cols.map((c) =>
    c === "date" || c === "due" ? "date" : c === "qty" || c === "revenue" || c === "share" || c === "cost" ? "number" : "text",
  );
  const keys = rng.sample(keyCol === "region" ? CITIES : PRODUCTS.map((p) => `${p} ${rng.int(100, 999)}`), rows);
  const body: string[][] = [];
  for (let r = 0; r < rows; r++) {
    body.push(
      cols.map((c, ci) => {
        if (ci === 0) return keys[r % keys.length];
        switch (c) {
          case "status":
            return rng.pick(lex.statuses);
          case "owner":
            return rng.pick(PEOPLE);
          case "date":
          case "due":
            return lex.dateFormat(rng.int(2022, 2025), rng.int(1, 12), rng.int(1, 28));
          case "qty":
            return formatNumber(lex, rng.int(3, 25000), 0);
          case "revenue":
          case "cost":
            return formatNumber(lex, rng.int(1000, 9_999_999) / 100, 2);
          case "share":
            return formatNumber(lex, rng.int(1, 999) / 10, 1);
          default:
            return "";
        }
      }),
    );
  }
  return { kind: "table", header, rows: body, align, bordered };
}

// Rough line estimate (12 pt DejaVu on A4 ≈ 80 characters per full-width line, ~50 lines per page) so
// that every planned page really fits on one page. (No CSS font-size: with `font-size: 11pt` on the body,
// LibreOffice 7.4 stops balancing some <multicol> sections.)
const CHARS_PER_LINE = 68;
const PAGE_BUDGET = 34;
function inlineText(runs: Inline[]): string {
  return runs.map((r) => r.text).join("");
}
function estimateLines(b: Block): number {
  switch (b.kind) {
    case "heading":
      return b.level === 1 ? 3 : b.level === 2 ? 2.5 : 2;
    case "paragraph":
      return Math.ceil(inlineText(b.runs).length / CHARS_PER_LINE) + 1;
    case "list": {
      const count = (l: ListBlock): number =>
        l.items.reduce((n, it) => n + Math.ceil(it.text.length / (CHARS_PER_LINE - 8)) + (it.children ? count(it.children) : 0), 0);
      return count(b) + 1;
    }
    case "table": {
      const width = CHARS_PER_LINE / b.header.length - 2;
      const rowLines = (cells: string[]) => Math.max(...cells.map((c) => Math.ceil(c.length / width)));
      return (rowLines(b.header) + b.rows.reduce((n, r) => n + rowLines(r), 0)) * 1.35 + 1.5;
    }
    case "columns": {
      const lines = b.paragraphs.reduce((n, p) => n + Math.ceil(inlineText(p).length / (CHARS_PER_LINE / 2 - 3)) + 1, 0);
      return Math.ceil(lines / 2) + 2;
    }
  }
}

type DocKind = "report" | "manual" | "financial" | "newsletter" | "memo" | "mixed";
const DOC_KINDS: DocKind[] = ["report", "manual", "financial", "newsletter", "memo", "mixed"];

function contentBlock(rng: Rng, lex: Lexicon, kind: DocKind, features: Set<string>, tablesSoFar: number): Block[] {
  const weights: Record<DocKind, Record<"p" | "ul" | "ol" | "table" | "cols", number>> = {
    report: { p: 5, ul: 1, ol: 0.5, table: 1.5, cols: 0 },
    manual: { p: 3, ul: 2, ol: 3, table: 0.5, cols: 0 },
    financial: { p: 3, ul: 0.5, ol: 0, table: 3.5, cols: 0 },
    newsletter: { p: 3, ul: 1, ol: 0, table: 0.5, cols: 3 },
    memo: { p: 5, ul: 1.5, ol: 1, table: 0.5, cols: 0 },
    mixed: { p: 3, ul: 1.5, ol: 1.5, table: 1.5, cols: 1.5 },
  };
  const w = weights[kind];
  const total = w.p + w.ul + w.ol + w.table + w.cols;
  let x = rng.next() * total;
  const choose = (k: keyof typeof w) => (x -= w[k]) < 0;
  if (choose("p")) return [{ kind: "paragraph", runs: paragraph(rng, lex, 2, 5) }];
  const bullet = choose("ul");
  if (bullet || choose("ol")) {
    const ordered = !bullet;
    const nested = rng.chance(0.4);
    if (nested) features.add("nested-list");
    features.add(ordered ? "numbered-list" : "bullet-list");
    const out: Block[] = [];
    if (rng.chance(0.5)) out.push({ kind: "paragraph", runs: [{ text: rng.pick(lex.listIntro) }] });
    out.push(listBlock(rng, lex, ordered, nested));
    return out;
  }
  if (choose("table")) {
    const columns = rng.int(2, 6);
    const rows = rng.int(3, columns >= 5 ? 7 : 9);
    const bordered = rng.chance(0.7);
    features.add(bordered ? "table" : "borderless-table");
    if (columns >= 5) features.add("wide-table");
    const out: Block[] = [];
    if (rng.chance(0.6)) out.push({ kind: "paragraph", runs: [{ text: `${lex.tableCaption} ${tablesSoFar + 1}: ${rng.pick(lex.sections)}` }] });
    out.push(tableBlock(rng, lex, columns, rows, bordered));
    return out;
  }
  features.add("two-columns");
  const n = rng.int(3, 5);
  const paragraphs: Inline[][] = [];
  // No bold/italic runs inside the columns: they, like the DejaVu Sans fonts, can stop LibreOffice 7.4 from
  // balancing the section (column 1 then runs to the page end and the rest spills onto the next page).
  for (let i = 0; i < n; i++) paragraphs.push([{ text: inlineText(paragraph(rng, lex, 2, 4)) }]);
  // Full-width paragraphs around the section: LibreOffice leaves a <multicol> that directly follows a heading
  // with page-break-before unbalanced (column 1 runs to the page end, the rest spills onto a new page), and
  // pushes a table that directly follows a <multicol> onto the next page.
  // Gutters from LaTeX-paper narrow (14 px ≈ 10 pt) to Word's default (48 px ≈ 1.25 cm); LibreOffice's own
  // default (10 px) is narrower than real documents use. Half of the sections are justified, like papers.
  const gutterPx = rng.pick([14, 20, 32, 48]);
  const justify = rng.chance(0.5);
  if (gutterPx <= 20) features.add("narrow-gutter");
  if (justify) features.add("justified");
  return [
    { kind: "paragraph", runs: [{ text: sentence(rng, lex) }] },
    { kind: "columns", paragraphs, gutterPx, justify },
    { kind: "paragraph", runs: [{ text: sentence(rng, lex) }] },
  ];
}

function buildBlocks(rng: Rng, lex: Lexicon, kind: DocKind, pages: number, title: string, features: Set<string>): Block[] {
  const blocks: Block[] = [];
  const sections = rng.sample(lex.sections, lex.sections.length);
  const subsections = rng.sample(lex.subsections, lex.subsections.length);
  const numbered = rng.chance(0.35);
  if (numbered) features.add("numbered-headings");
  let sectionNo = 0;
  let subNo = 0;
  let tables = 0;
  for (let page = 1; page <= pages; page++) {
    let used = 0;
    const pageBlocks: Block[] = [];
    const push = (b: Block) => {
      pageBlocks.push(b);
      used += estimateLines(b);
    };
    if (page === 1) {
      push({ kind: "heading", level: 1, text: title });
      push({ kind: "paragraph", runs: paragraph(rng, lex, 2, 3) });
    } else if (kind !== "memo" && rng.chance(0.2)) {
      // A new chapter: h1 at the top of the page.
      features.add("multiple-h1");
      push({ kind: "heading", level: 1, text: `${sections[(sectionNo + 7) % sections.length]} ${rng.int(2, 9)}` });
    }
    // 1–2 sections per page, each with an h2 and a few content blocks, sometimes an h3 in between.
    const sectionsOnPage = kind === "memo" ? 1 : rng.int(1, 2);
    for (let s = 0; s < sectionsOnPage; s++) {
      if (used + 2.5 + 6 > PAGE_BUDGET) break;
      sectionNo++;
      subNo = 0;
      const h2 = `${numbered ? `${sectionNo}. ` : ""}${sections[(sectionNo - 1) % sections.length]}`;
      push({ kind: "heading", level: 2, text: h2 });
      const contentCount = rng.int(2, 4);
      for (let c = 0; c < contentCount; c++) {
        if (c > 0 && rng.chance(0.3)) {
          subNo++;
          const h3 = `${numbered ? `${sectionNo}.${subNo} ` : ""}${subsections[(sectionNo * 3 + subNo) % subsections.length]}`;
          if (used + 2 + 6 > PAGE_BUDGET) break;
          push({ kind: "heading", level: 3, text: h3 });
          features.add("h3");
        }
        let placed = false;
        for (let attempt = 0; attempt < 4 && !placed; attempt++) {
          const trial = new Set<string>();
          const candidate = contentBlock(rng, lex, kind, trial, tables);
          const lines = candidate.reduce((n, b) => n + estimateLines(b), 0);
          if (used + lines <= PAGE_BUDGET) {
            candidate.forEach(push);
            trial.forEach((f) => features.add(f));
            tables += candidate.filter((b) => b.kind === "table").length;
            placed = true;
          }
        }
        if (!placed) break;
      }
      // A heading must not end a page without content.
      while (pageBlocks.length > 1) {
        const last = pageBlocks[pageBlocks.length - 1];
        if (last.kind !== "heading") break;
        pageBlocks.pop();
        used -= estimateLines(last);
        if (last.level === 2) sectionNo--; // keep the numbering without gaps
        if (last.level === 3) subNo--;
      }
    }
    if (page > 1) {
      const first = pageBlocks[0];
      if (first.kind === "heading" || first.kind === "paragraph") first.pageBreak = true;
      features.add("page-breaks");
    }
    blocks.push(...pageBlocks);
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------------------
// Writers: HTML and ground-truth Markdown from the same blocks

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function inlineHtml(runs: Inline[]): string {
  return runs
    .map((r) => (r.style === "bold" ? `<strong>${esc(r.text)}</strong>` : r.style === "italic" ? `<em>${esc(r.text)}</em>` : esc(r.text)))
    .join("");
}
function inlineMd(runs: Inline[]): string {
  return runs.map((r) => (r.style === "bold" ? `**${r.text}**` : r.style === "italic" ? `*${r.text}*` : r.text)).join("");
}

function listHtml(l: ListBlock): string {
  const tag = l.ordered ? "ol" : "ul";
  const items = l.items.map((it) => `<li>${esc(it.text)}${it.children ? listHtml(it.children) : ""}</li>`).join("\n");
  return `<${tag}>\n${items}\n</${tag}>`;
}
function listMd(l: ListBlock, indent = ""): string {
  const lines: string[] = [];
  l.items.forEach((it, i) => {
    const marker = l.ordered ? `${i + 1}.` : "-";
    lines.push(`${indent}${marker} ${it.text}`);
    if (it.children) lines.push(listMd(it.children, indent + " ".repeat(marker.length + 1)));
  });
  return lines.join("\n");
}

function tableHtml(t: TableBlock): string {
  const attrs = t.bordered ? ` border="1" cellpadding="4" cellspacing="0"` : ` cellpadding="4" cellspacing="0"`;
  // Column widths from the content (LibreOffice's automatic layout squeezes some columns until dates and
  // words break mid-token, which no ground truth could describe).
  const weight = t.header.map((h, i) =>
    Math.max(6, ...h.split(/\s+/).map((w) => w.length), ...t.rows.map((r) => r[i].length)) + 2,
  );
  const total = weight.reduce((a, b) => a + b, 0);
  const cols = `<colgroup>${weight.map((w) => `<col width="${Math.round((100 * w) / total)}%">`).join("")}</colgroup>`;
  const head = `${cols}\n<thead><tr>${t.header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead>`;
  const body = t.rows
    .map((r) => `<tr>${r.map((c, i) => `<td${t.align[i] === "number" ? ` align="right"` : ""}>${esc(c)}</td>`).join("")}</tr>`)
    .join("\n");
  return `<table width="100%"${attrs}>\n${head}\n<tbody>\n${body}\n</tbody>\n</table>`;
}
function tableMd(t: TableBlock): string {
  const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  const sep = `| ${t.align.map((a) => (a === "number" ? "---:" : "---")).join(" | ")} |`;
  return [row(t.header), sep, ...t.rows.map(row)].join("\n");
}

const PAGE_BREAK = ` style="page-break-before: always"`;

function toHtml(blocks: Block[], title: string, lang: Lang, font: string): string {
  const body = blocks
    // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every block kind
    .map((b) => {
      switch (b.kind) {
        case "heading":
          return `<h${b.level}${b.pageBreak ? PAGE_BREAK : ""}>${esc(b.text)}</h${b.level}>`;
        case "paragraph":
          return `<p${b.pageBreak ? PAGE_BREAK : ""}>${inlineHtml(b.runs)}</p>`;
        case "list":
          return listHtml(b);
        case "table":
          return tableHtml(b);
        case "columns":
          return `<multicol cols="2" gutter="${b.gutterPx}">\n${b.paragraphs.map((p) => `<p${b.justify ? ` align="justify"` : ""}>${inlineHtml(p)}</p>`).join("\n")}\n</multicol>`;
      }
    })
    .join("\n");
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
body { font-family: "${font}"; }
th { text-align: left; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function toMarkdown(blocks: Block[]): string {
  return (
    blocks
      // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every block kind
      .map((b) => {
        switch (b.kind) {
          case "heading":
            return `${"#".repeat(b.level)} ${b.text}`;
          case "paragraph":
            return inlineMd(b.runs);
          case "list":
            return listMd(b);
          case "table":
            return tableMd(b);
          case "columns":
            return b.paragraphs.map(inlineMd).join("\n\n");
        }
      })
      .join("\n\n") + "\n"
  );
}

// ---------------------------------------------------------------------------------------------------------
// The corpus

const LANGS: Lang[] = ["en", "de", "fr"];
const FONTS = ["DejaVu Serif", "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Condensed"];

/** The corpus specification: pure and deterministic (same seed, same documents). */
export function generateCorpusSpecs(seed = SEED, count = DOC_COUNT): CorpusSpec[] {
  const specs: CorpusSpec[] = [];
  for (let i = 0; i < count; i++) {
    const rng = new Rng(`${seed}:${i}`);
    const lang = LANGS[i % LANGS.length];
    const lex = LEXICA[lang];
    const kind = DOC_KINDS[Math.floor(i / 3) % DOC_KINDS.length];
    const plannedPages = kind === "memo" ? 1 + (i % 2) : 1 + ((i * 7) % 6);
    const title = `${rng.pick(lex.titles)} ${rng.int(2019, 2025)}`;
    const features = new Set<string>([`lang-${lang}`, kind]);
    const blocks = buildBlocks(rng, lex, kind, plannedPages, title, features);
    // Two-column documents stay in the default serif font (see the note on <multicol> above).
    const font = features.has("two-columns") ? "DejaVu Serif" : FONTS[i % FONTS.length];
    if (font !== "DejaVu Serif") features.add("sans-font");
    const id = `q${String(i + 1).padStart(2, "0")}-${lang}-${kind}`;
    const formats: CorpusFormat[] = ["pdf"];
    if (i % 2 === 0) formats.push("docx", "odt");
    if (i % 5 === 1 && plannedPages <= 3) formats.push("png");
    specs.push({
      id,
      lang,
      title,
      plannedPages,
      font,
      features: [...features].sort(),
      formats,
      html: toHtml(blocks, title, lang, font),
      markdown: toMarkdown(blocks),
      columnTails: blocks.flatMap((b) =>
        b.kind === "columns" ? [inlineText(b.paragraphs[b.paragraphs.length - 1]).split(/\s+/).slice(-3).join(" ")] : [],
      ),
    });
  }
  // Guarantee a few scans whatever the page plan says.
  const scans = specs.filter((s) => s.formats.includes("png"));
  for (const s of specs) {
    if (scans.length >= 5) break;
    if (!s.formats.includes("png") && s.plannedPages <= 2) {
      s.formats.push("png");
      scans.push(s);
    }
  }
  return specs;
}

export interface CorpusDocument {
  id: string;
  lang: Lang;
  title: string;
  features: string[];
  plannedPages: number;
  /** Pages of the rendered PDF (pdfinfo). */
  pages: number;
  /** Ground-truth Markdown. */
  markdownPath: string;
  htmlPath: string;
  files: { pdf: string; docx?: string; odt?: string; png?: string[] };
}

export interface Corpus {
  dir: string;
  generatorHash: string;
  documents: CorpusDocument[];
  /** True when the corpus was built by this call (false: served from the cache). */
  built: boolean;
  buildSeconds: number;
}

function generatorHash(): string {
  const source = fs.readFileSync(fileURLToPath(import.meta.url));
  return crypto.createHash("sha256").update(source).update(`${CORPUS_VERSION}:${SEED}:${DOC_COUNT}`).digest("hex").slice(0, 12);
}

export function corpusDir(): string {
  return path.join(os.tmpdir(), `docintel-bench-corpus-${generatorHash()}`);
}

async function soffice(args: string[], files: string[], outdir: string, tag: string): Promise<void> {
  if (files.length === 0) return;
  const profile = path.join(os.tmpdir(), `lo-bench-${process.pid}-${tag}-${crypto.randomBytes(4).toString("hex")}`);
  try {
    await run(
      "soffice",
      [`-env:UserInstallation=file://${profile}`, "--headless", "--norestore", "--nolockcheck", ...args, "--outdir", outdir, ...files],
      { timeout: 600_000, maxBuffer: 16 * 1024 * 1024 },
    );
  } finally {
    await fs.promises.rm(profile, { recursive: true, force: true });
  }
}

function halves<T>(xs: T[]): [T[], T[]] {
  const mid = Math.ceil(xs.length / 2);
  return [xs.slice(0, mid), xs.slice(mid)];
}

async function pdfPages(file: string): Promise<number> {
  const { stdout } = await run("pdfinfo", [file], { timeout: 30_000 });
  const m = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!m) throw new Error(`pdfinfo: no page count for ${file}`);
  return Number(m[1]);
}

/** Tails of two-column sections whose last words are not in the right half of the page. */
async function unbalancedColumns(pdf: string, tails: string[]): Promise<string[]> {
  if (tails.length === 0) return [];
  const { stdout } = await run("pdftotext", ["-bbox", pdf, "-"], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  const words: { text: string; x: number; width: number }[] = [];
  const pageRe = /<page width="([\d.]+)"[^>]*>([\s\S]*?)<\/page>/g;
  for (const page of stdout.matchAll(pageRe)) {
    const width = Number(page[1]);
    for (const w of page[2].matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)) {
      words.push({ text: w[2].replace(/&amp;/g, "&").replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">"), x: Number(w[1]), width });
    }
  }
  const bad: string[] = [];
  for (const tail of tails) {
    // pdftotext lists words line by line across both columns, so the tail's words need not be adjacent.
    const needle = tail.split(" ");
    const last = needle[needle.length - 1];
    let ok = false;
    for (let i = 0; i < words.length && !ok; i++) {
      if (words[i].text !== last || words[i].x <= words[i].width * 0.45) continue;
      const before = words.slice(Math.max(0, i - 40), i).map((w) => w.text);
      ok = needle.slice(0, -1).every((n) => before.includes(n));
    }
    if (!ok) bad.push(tail);
  }
  return bad;
}

/** Build (or reuse from the cache) the rendered corpus. */
export async function buildCorpus(opts: { rebuild?: boolean; log?: (msg: string) => void } = {}): Promise<Corpus> {
  const log = opts.log ?? (() => {});
  const hash = generatorHash();
  const dir = corpusDir();
  const manifestPath = path.join(dir, "manifest.json");
  if (!opts.rebuild && fs.existsSync(manifestPath)) {
    const documents = JSON.parse(await fs.promises.readFile(manifestPath, "utf8")) as CorpusDocument[];
    if (documents.every((d) => fs.existsSync(d.files.pdf))) return { dir, generatorHash: hash, documents, built: false, buildSeconds: 0 };
  }
  const started = performance.now();
  const specs = generateCorpusSpecs();
  const tmp = `${dir}.partial-${process.pid}`;
  await fs.promises.rm(tmp, { recursive: true, force: true });
  for (const sub of ["html", "md", "pdf", "docx", "odt", "png"]) await fs.promises.mkdir(path.join(tmp, sub), { recursive: true });
  for (const s of specs) {
    await fs.promises.writeFile(path.join(tmp, "html", `${s.id}.html`), s.html);
    await fs.promises.writeFile(path.join(tmp, "md", `${s.id}.md`), s.markdown);
  }
  const htmlOf = (s: CorpusSpec) => path.join(tmp, "html", `${s.id}.html`);
  const htmlFilter = `--infilter=HTML (StarWriter)`;
  log(`rendering ${specs.length} documents with LibreOffice into ${dir} ...`);
  // Two soffice processes at a time (2 cores), each with its own profile, several files per call.
  const [a, b] = halves(specs.map(htmlOf));
  await Promise.all([
    soffice([htmlFilter, "--convert-to", "pdf"], a, path.join(tmp, "pdf"), "pdf-a"),
    soffice([htmlFilter, "--convert-to", "pdf"], b, path.join(tmp, "pdf"), "pdf-b"),
  ]);
  await Promise.all([
    soffice([htmlFilter, "--convert-to", "docx:MS Word 2007 XML"], specs.filter((s) => s.formats.includes("docx")).map(htmlOf), path.join(tmp, "docx"), "docx"),
    soffice([htmlFilter, "--convert-to", "odt"], specs.filter((s) => s.formats.includes("odt")).map(htmlOf), path.join(tmp, "odt"), "odt"),
  ]);
  const documents: CorpusDocument[] = [];
  for (const s of specs) {
    const pdf = path.join(tmp, "pdf", `${s.id}.pdf`);
    if (!fs.existsSync(pdf)) throw new Error(`LibreOffice did not produce ${pdf}`);
    const files: CorpusDocument["files"] = { pdf: path.join(dir, "pdf", `${s.id}.pdf`) };
    for (const f of ["docx", "odt"] as const) {
      if (!s.formats.includes(f)) continue;
      if (!fs.existsSync(path.join(tmp, f, `${s.id}.${f}`))) throw new Error(`LibreOffice did not produce ${s.id}.${f}`);
      files[f] = path.join(dir, f, `${s.id}.${f}`);
    }
    if (s.formats.includes("png")) {
      await run("pdftoppm", ["-r", "200", "-png", pdf, path.join(tmp, "png", s.id)], { timeout: 300_000 });
      const pngs = (await fs.promises.readdir(path.join(tmp, "png")))
        .filter((n) => n.startsWith(`${s.id}-`) && n.endsWith(".png"))
        .sort((x, y) => Number(/-(\d+)\.png$/.exec(x)![1]) - Number(/-(\d+)\.png$/.exec(y)![1]));
      files.png = pngs.map((n) => path.join(dir, "png", n));
    }
    const pages = await pdfPages(pdf);
    if (pages !== s.plannedPages) log(`note: ${s.id} was planned for ${s.plannedPages} page(s), LibreOffice rendered ${pages}`);
    for (const tail of await unbalancedColumns(pdf, s.columnTails)) {
      log(`note: ${s.id}: the two-column section ending "${tail}" was not balanced by LibreOffice (its end is not in the right column)`);
    }
    documents.push({
      id: s.id,
      lang: s.lang,
      title: s.title,
      features: s.features,
      plannedPages: s.plannedPages,
      pages,
      markdownPath: path.join(dir, "md", `${s.id}.md`),
      htmlPath: path.join(dir, "html", `${s.id}.html`),
      files,
    });
  }
  await fs.promises.writeFile(path.join(tmp, "manifest.json"), JSON.stringify(documents, null, 2));
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.rename(tmp, dir);
  return { dir, generatorHash: hash, documents, built: true, buildSeconds: (performance.now() - started) / 1000 };
}

// CLI: build the corpus and say where it is.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rebuild = process.argv.includes("--rebuild");
  const corpus = await buildCorpus({ rebuild, log: (m) => console.log(m) });
  const count = (f: CorpusFormat) => corpus.documents.filter((d) => (f === "pdf" ? true : d.files[f])).length;
  console.log(
    `${corpus.built ? `built in ${corpus.buildSeconds.toFixed(1)} s` : "cached"}: ${corpus.dir}\n` +
      `${corpus.documents.length} documents, ${corpus.documents.reduce((n, d) => n + d.pages, 0)} PDF pages; ` +
      `docx ${count("docx")}, odt ${count("odt")}, scanned ${count("png")} (${corpus.documents.reduce((n, d) => n + (d.files.png?.length ?? 0), 0)} PNG pages)`,
  );
}
