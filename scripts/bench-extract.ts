// Extraction benchmark: field-level exact accuracy of the offline extractor on a generated corpus of
// invoices, purchase orders, forms, statements and contact lists (scripts/bench/extract-corpus.ts) rendered
// to PDF and DOCX by LibreOffice, parsed by the real document engine, extracted with granularity `auto`
// and coerced exactly as the API does. Prints accuracy overall and per type / language / layout / format,
// whether `auto` chose the right granularity, and pages per second (extraction alone, and parse+extract).
//
//   npm run bench:extract [-- --formats pdf,docx] [--only <id part>] [--misses 20] [--seed N]
//
// Scoring: each scalar property of each expected row is one field; each property of each expected item of
// an array (line_items) is one field; numbers equal within 0.005, strings after whitespace collapsing, dates
// as ISO strings. Extra predicted rows or items count each of their fields as a miss.
import os from "node:os";
import { coerceRows } from "@/lib/ai/extraction/coerce";
import { validateExtractionSchema } from "@/lib/ai/extraction/json-schema";
import { LocalExtractor } from "@/lib/ai/extraction/local-extractor";
import { parseDocument } from "@/lib/documents/parse-document";
import { arg } from "./bench/common";
import { buildCorpus, DEFAULT_SEED, type ExtractDoc, type Format } from "./bench/extract-corpus";

type Row = Record<string, unknown>;
interface Tally {
  ok: number;
  total: number;
}
interface Miss {
  doc: string;
  format: Format;
  field: string;
  expected: unknown;
  actual: unknown;
}

function same(e: unknown, a: unknown): boolean {
  if (typeof e === "number") return typeof a === "number" && Math.abs(e - a) < 0.005;
  if (typeof e === "string")
    return typeof a === "string" && e.replace(/\s+/g, " ").trim().normalize("NFC") === a.replace(/\s+/g, " ").trim().normalize("NFC");
  return e === a;
}

function scoreRows(expected: Row[], actual: Row[], onMiss: (field: string, e: unknown, a: unknown) => void): Tally {
  const t: Tally = { ok: 0, total: 0 };
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i];
    const a = actual[i] ?? {};
    const keys = Object.keys(e ?? actual[i]);
    for (const k of keys) {
      const ev = e?.[k];
      if (Array.isArray(ev) || (e === undefined && Array.isArray(a[k]))) {
        const items = (ev ?? []) as Row[];
        const got = (Array.isArray(a[k]) ? a[k] : []) as Row[];
        for (let j = 0; j < Math.max(items.length, got.length); j++) {
          for (const ik of Object.keys(items[j] ?? got[j])) {
            t.total++;
            if (items[j] && same(items[j][ik], got[j]?.[ik])) t.ok++;
            else onMiss(`${k}[${j}].${ik}`, items[j]?.[ik], got[j]?.[ik]);
          }
        }
        continue;
      }
      t.total++;
      if (e && same(ev, a[k])) t.ok++;
      else onMiss(i ? `[${i}].${k}` : k, ev, a[k]);
    }
  }
  return t;
}

const pct = (t: Tally) => (t.total ? ((100 * t.ok) / t.total).toFixed(1).padStart(5) + " %" : "   -  ");

async function main(): Promise<void> {
  const formats = arg("formats", "pdf,docx").split(",") as Format[];
  const only = arg("only", "");
  const misses = Number(arg("misses", "15"));
  const seed = Number(arg("seed", String(DEFAULT_SEED)));
  const corpus = await buildCorpus((m) => console.log(m), seed);
  const docs = corpus.docs.filter((d) => !only || d.id.includes(only));
  const extractor = new LocalExtractor();
  const groups = new Map<string, Tally>();
  const add = (key: string, t: Tally) => {
    const g = groups.get(key) ?? { ok: 0, total: 0 };
    g.ok += t.ok;
    g.total += t.total;
    groups.set(key, g);
  };
  const missList: Miss[] = [];
  let pages = 0;
  let extractMs = 0;
  let parseMs = 0;
  let granOk = 0;
  let granTotal = 0;
  const perDoc: { id: string; format: Format; t: Tally }[] = [];
  for (const format of formats) {
    for (const d of docs) {
      const t0 = performance.now();
      const parsed = await parseDocument({ path: corpus.file(d, format), filename: `${d.id}.${format}`, timeoutMs: 120_000 });
      const t1 = performance.now();
      const v = validateExtractionSchema(d.schema);
      if (!v.ok) throw new Error(`${d.id}: schema rejected: ${JSON.stringify(v.errors)}`);
      const result = await extractor.extract({
        schema: v.schema,
        filename: d.id,
        pages: parsed.pages.map((p) => ({ page: p.page, markdown: p.markdown })),
        granularity: d.granularity,
      });
      const rows = coerceRows(v.schema, result.rows, { locale: result.locale });
      const t2 = performance.now();
      parseMs += t1 - t0;
      extractMs += t2 - t1;
      pages += parsed.pages.length;
      const wantRecord = d.type === "statement" || d.type === "contacts";
      granTotal++;
      if ((result.granularity === "record") === wantRecord) granOk++;
      const t = scoreRows(d.expected, rows, (field, e, a) => missList.push({ doc: d.id, format, field, expected: e, actual: a }));
      perDoc.push({ id: d.id, format, t });
      for (const key of ["overall", `type ${d.type}`, `lang ${d.lang}`, `layout ${d.layout}`, `format ${format}`]) add(key, t);
    }
  }
  const docCount = docs.length * formats.length;
  console.log(
    `\nExtraction benchmark (offline extractor), seed ${seed}: ${docs.length} documents × ${formats.join("+")} = ${docCount} files, ${pages} pages`,
  );
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}\n`);
  console.log("group                     exact fields");
  for (const [key, t] of [...groups].sort((a, b) => (a[0] === "overall" ? -1 : b[0] === "overall" ? 1 : a[0].localeCompare(b[0])))) {
    console.log(`${key.padEnd(24)} ${pct(t)}  (${t.ok}/${t.total})`);
  }
  console.log(`\nauto granularity correct: ${granOk}/${granTotal}`);
  console.log(`extraction: ${(pages / (extractMs / 1000)).toFixed(1)} pages/s (${(extractMs / docCount).toFixed(1)} ms/document)`);
  console.log(`parse + extraction: ${(pages / ((parseMs + extractMs) / 1000)).toFixed(1)} pages/s`);
  const worst = perDoc
    .filter((p) => p.t.ok < p.t.total)
    .sort((a, b) => a.t.ok / a.t.total - b.t.ok / b.t.total)
    .slice(0, 8);
  if (worst.length) console.log(`\nworst documents: ${worst.map((w) => `${w.id}.${w.format} ${pct(w.t).trim()}`).join(", ")}`);
  if (misses > 0 && missList.length) {
    console.log(`\nfirst ${Math.min(misses, missList.length)} of ${missList.length} misses:`);
    for (const m of missList.slice(0, misses))
      console.log(`  ${m.doc}.${m.format} ${m.field}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.actual)}`);
  }
}

await main();
process.exit(0);

export type { ExtractDoc };
