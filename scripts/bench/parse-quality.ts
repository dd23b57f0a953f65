// Parse QUALITY benchmark: runs the generated corpus (scripts/bench/parse-quality-corpus.ts) through the
// document engine per format and scores the Markdown against the ground truth (scripts/bench/structure-score.ts).
//
//   npx tsx --conditions=react-server scripts/bench/parse-quality.ts [--formats pdf,docx,odt,png] [--only <id part>] [--rebuild]
//                                          [--public <dir>] [--ocr-languages eng,deu,fra] [--out <dir>]
//                                          [--worst 3] [--json <file>] [--no-warmup]
//
// Formats: pdf = text layer (ocr "auto", the production default), docx and odt (LibreOffice renderings of the
// same HTML), png = 200 dpi rasterised PDF pages through OCR (each page is one image; the document's pages
// are joined in order; OCR language = the document's language).
// --public <dir>: also score public documents that have ground-truth Markdown side by side (x.pdf + x.md;
// any supported extension). Keep them outside the repository. Repeat it (or separate dirs by commas) to
// report several sets, e.g. a held-out development part and a part never looked at while tuning.
// PDFs are tagged with the issue's failure classes they exercise (failure-classes.ts, from the text layer and
// the ground truth; a manifest.json in a directory adds tags: {"x.pdf": ["1", "5"]}) and the report breaks the
// scores down per class.
// PARSE_QUALITY_PUBLIC=<dir>,<dir> adds public sets without arguments (so `npm run bench:parse` reports them).
// A public "document" that is a Git LFS pointer (a clone without `git lfs pull`) is reported and skipped.
// Public sets are also reported split into born-digital documents and scanned ones (OCR'd pages).
// Besides the project's structure scores, every set is scored like external benchmarks: the opendataloader-bench
// evaluator ported (structure-score-odl.ts: NID over the Markdown, TEDS of the first table, MHS heading tree
// with levels ignored, and their mean "ODL overall"), and the stricter structure-score-tree.ts (NID over plain
// text, TEDS over all tables paired, heading outline with levels).
// Predicted Markdown is written to --out (default os.tmpdir()/docintel-bench-quality-out/<format>/<id>.md)
// so the worst documents can be diffed against the ground truth. Seconds are wall time per document, after
// one untimed warm-up parse per format (module loading, OCR worker start-up); --no-warmup to include it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { joinPages, parseDocument } from "@/lib/documents/parse-document";
import { FAILURE_CLASSES, pdfClasses } from "./failure-classes";
import { buildCorpus, type CorpusDocument, type Lang } from "./parse-quality-corpus";
import { parseMarkdown, type StructureScores, scoreStructure } from "./structure-score";
import { type OdlScores, scoreOdl } from "./structure-score-odl";
import { scoreTree, type TreeScores } from "./structure-score-tree";

type Format = "pdf" | "docx" | "odt" | "png";
const ALL_FORMATS: Format[] = ["pdf", "docx", "odt", "png"];
const FORMAT_LABEL: Record<Format | "public", string> = {
  pdf: "PDF (text layer)",
  docx: "DOCX",
  odt: "ODT",
  png: "Scanned PNG pages (OCR)",
  public: "Public documents",
};
const OCR_LANG: Record<Lang, string> = { en: "eng", de: "deu", fr: "fra" };
const TIMEOUT_MS = 180_000;

interface Args {
  formats: Format[];
  only?: string;
  rebuild: boolean;
  publicDirs: string[];
  ocrLanguages: string[];
  out: string;
  worst: number;
  json?: string;
  warmup: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    formats: ALL_FORMATS,
    rebuild: false,
    ocrLanguages: ["eng"],
    publicDirs: [],
    out: path.join(os.tmpdir(), "docintel-bench-quality-out"),
    worst: 3,
    warmup: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--formats") {
      const fs_ = value()
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const f of fs_) if (!ALL_FORMATS.includes(f as Format)) throw new Error(`unknown format ${f} (known: ${ALL_FORMATS.join(", ")})`);
      args.formats = fs_ as Format[];
    } else if (a === "--only") args.only = value();
    else if (a === "--rebuild") args.rebuild = true;
    else if (a === "--public") args.publicDirs.push(...value().split(",").filter(Boolean));
    else if (a === "--ocr-languages") args.ocrLanguages = value().split(",");
    else if (a === "--out") args.out = value();
    else if (a === "--worst") args.worst = Number(value());
    else if (a === "--json") args.json = value();
    else if (a === "--no-warmup") args.warmup = false;
    else if (a === "--help" || a === "-h") {
      console.log(
        fs
          .readFileSync(new URL(import.meta.url), "utf8")
          .split("\n")
          .filter((l) => l.startsWith("//"))
          .join("\n"),
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

interface DocResult {
  id: string;
  format: Format | "public";
  pages: number;
  pageCountReported: number | null;
  ocrPages: number;
  seconds: number;
  features: string[];
  error?: string;
  scores: StructureScores;
  tree: TreeScores;
  odl: OdlScores;
  /** Failure classes the document was chosen for (public documents with a manifest). */
  classes: string[];
  predictedPath: string;
  truthPath: string;
}

// ---------------------------------------------------------------------------------------------------------
// Running

async function parseToMarkdown(file: string, ocrLanguages: string[]): Promise<{ markdown: string; pageCount: number; ocrPages: number }> {
  const r = await parseDocument({ path: file, filename: path.basename(file), ocr: "auto", ocrLanguages, timeoutMs: TIMEOUT_MS });
  return { markdown: joinPages(r.pages), pageCount: r.pageCount, ocrPages: r.ocrPages };
}

async function runOne(
  id: string,
  format: Format | "public",
  files: string[],
  truthPath: string,
  pages: number,
  features: string[],
  ocrLanguages: string[],
  outDir: string,
): Promise<DocResult> {
  const truth = await fs.promises.readFile(truthPath, "utf8");
  const started = performance.now();
  const parts: string[] = [];
  let pageCountReported = 0;
  let ocrPages = 0;
  let error: string | undefined;
  for (const file of files) {
    try {
      const r = await parseToMarkdown(file, ocrLanguages);
      parts.push(r.markdown);
      pageCountReported += r.pageCount;
      ocrPages += r.ocrPages;
    } catch (err) {
      const e = err as { code?: string; detail?: string; message?: string };
      error = `${e.code ? `${e.code}: ` : ""}${e.detail ?? e.message ?? String(err)}`.slice(0, 300);
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const predicted = error ? "" : parts.filter((p) => p.trim()).join("\n\n");
  const predictedPath = path.join(outDir, format, `${id}.md`);
  await fs.promises.mkdir(path.dirname(predictedPath), { recursive: true });
  await fs.promises.writeFile(predictedPath, predicted);
  return {
    id,
    format,
    pages,
    pageCountReported: error ? null : pageCountReported,
    ocrPages,
    seconds,
    features,
    error,
    scores: scoreStructure(predicted, truth),
    tree: scoreTree(parseMarkdown(predicted), parseMarkdown(truth)),
    odl: scoreOdl(predicted, truth),
    classes: [],
    predictedPath,
    truthPath,
  };
}

function filesFor(doc: CorpusDocument, format: Format): string[] | null {
  if (format === "png") return doc.files.png ?? null;
  const f = doc.files[format];
  return f ? [f] : null;
}

// ---------------------------------------------------------------------------------------------------------
// Reporting

const METRICS: { key: string; label: string; get: (r: DocResult) => number | null }[] = [
  { key: "text", label: "text F1", get: (r) => r.scores.textF1 },
  { key: "char", label: "char similarity", get: (r) => r.scores.charSimilarity },
  { key: "heading", label: "heading F1", get: (r) => r.scores.headingF1 },
  { key: "headingText", label: "heading text F1", get: (r) => r.scores.headingTextF1 },
  { key: "table", label: "table cell F1", get: (r) => r.scores.tableCellF1 },
  { key: "shape", label: "table shape ok", get: (r) => r.scores.tableShapeAccuracy },
  { key: "list", label: "list F1", get: (r) => r.scores.listF1 },
  { key: "order", label: "reading order", get: (r) => r.scores.readingOrder },
  { key: "overall", label: "OVERALL", get: (r) => r.scores.overall },
  { key: "nidPlain", label: "NID plain text", get: (r) => r.tree.nid },
  { key: "tedsAll", label: "TEDS all tables", get: (r) => r.tree.teds },
  { key: "headingTree", label: "heading outline+levels", get: (r) => r.tree.headingTree },
  { key: "strict", label: "strict tree overall", get: (r) => r.tree.odlOverall },
  { key: "nid", label: "ODL NID", get: (r) => r.odl.nid },
  { key: "teds", label: "ODL TEDS", get: (r) => r.odl.teds },
  { key: "mhs", label: "ODL MHS (headings)", get: (r) => r.odl.mhs },
  { key: "odl", label: "ODL OVERALL", get: (r) => r.odl.overall },
];

const f3 = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? "  –  " : x.toFixed(3));

function stats(xs: (number | null)[]): { mean: number | null; min: number | null; n: number } {
  const v = xs.filter((x): x is number => x !== null);
  if (v.length === 0) return { mean: null, min: null, n: 0 };
  return { mean: v.reduce((a, b) => a + b, 0) / v.length, min: Math.min(...v), n: v.length };
}

function table(header: string[], rows: string[][], alignRightFrom = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i >= alignRightFrom ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)].join("\n");
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function printFormat(label: string, results: DocResult[], worst: number): void {
  const pages = sum(results.map((r) => r.pages));
  const seconds = sum(results.map((r) => r.seconds));
  const ocr = sum(results.map((r) => r.ocrPages));
  const errors = results.filter((r) => r.error);
  const pageMismatch = results.filter((r) => r.pageCountReported !== null && r.pageCountReported !== r.pages);
  console.log(
    `\n=== ${label}: ${results.length} documents, ${pages} pages, ${seconds.toFixed(1)} s (${(pages / Math.max(seconds, 1e-9)).toFixed(1)} pages/s, ${(seconds / Math.max(pages, 1)).toFixed(2)} s/page), OCR pages ${ocr}`,
  );
  const rows = METRICS.map((m) => {
    const s = stats(results.map((r) => m.get(r)));
    return [m.label, f3(s.mean), f3(s.min), String(s.n)];
  });
  console.log(table(["metric", "mean", "min", "docs"], rows));
  const tE = sum(results.map((r) => r.scores.tables.expected));
  const tP = sum(results.map((r) => r.scores.tables.predicted));
  const hE = sum(results.map((r) => r.scores.headings?.expected ?? 0));
  const hP = sum(results.map((r) => r.scores.headings?.predicted ?? 0));
  const lE = sum(results.map((r) => r.scores.lists?.expected ?? 0));
  const lP = sum(results.map((r) => r.scores.lists?.predicted ?? 0));
  console.log(`counts (expected → predicted): headings ${hE} → ${hP}, tables ${tE} → ${tP}, list items ${lE} → ${lP}`);
  if (pageMismatch.length) {
    console.log(
      `page count differs from the PDF's for ${pageMismatch.length} document(s): ${pageMismatch
        .slice(0, 6)
        .map((r) => `${r.id} ${r.pageCountReported}≠${r.pages}`)
        .join(", ")}${pageMismatch.length > 6 ? ", …" : ""}`,
    );
  }
  for (const e of errors) console.log(`ERROR ${e.id}: ${e.error}`);
  const rank = (r: DocResult) => (r.format === "public" ? (r.odl.overall ?? 1) : r.scores.overall);
  const worstDocs = [...results].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id)).slice(0, worst);
  if (worstDocs.length) {
    console.log(`worst ${worstDocs.length}:`);
    console.log(
      table(
        [
          "document",
          "overall",
          "odl",
          "nid",
          "teds",
          "mhs",
          "text",
          "char",
          "head",
          "headTxt",
          "table",
          "shape",
          "list",
          "order",
          "tables e→p",
          "heads e→p",
          "items e→p",
        ],
        worstDocs.map((r) => [
          r.id,
          f3(r.scores.overall),
          f3(r.odl.overall),
          f3(r.odl.nid),
          f3(r.odl.teds),
          f3(r.odl.mhs),
          f3(r.scores.textF1),
          f3(r.scores.charSimilarity),
          f3(r.scores.headingF1),
          f3(r.scores.headingTextF1),
          f3(r.scores.tableCellF1),
          f3(r.scores.tableShapeAccuracy),
          f3(r.scores.listF1),
          f3(r.scores.readingOrder),
          `${r.scores.tables.expected}→${r.scores.tables.predicted}`,
          `${r.scores.headings?.expected ?? 0}→${r.scores.headings?.predicted ?? 0}`,
          `${r.scores.lists?.expected ?? 0}→${r.scores.lists?.predicted ?? 0}`,
        ]),
      ),
    );
    for (const r of worstDocs) console.log(`  ${r.id} [${r.features.join(" ")}]\n    diff ${r.truthPath} ${r.predictedPath}`);
    if (results[0]?.format === "public") {
      // Per metric too: a document can be worst at tables while its overall is average.
      for (const m of METRICS.filter((x) => ["nid", "teds", "mhs"].includes(x.key))) {
        const ranked = results.filter((r) => m.get(r) !== null).sort((a, b) => (m.get(a) ?? 0) - (m.get(b) ?? 0) || a.id.localeCompare(b.id));
        console.log(
          `worst by ${m.label}: ${ranked
            .slice(0, worst)
            .map((r) => `${r.id} ${f3(m.get(r))}`)
            .join(", ")}`,
        );
      }
    }
  }
  printClasses(results);
  printScanned(results);
}

/** Public sets: born-digital documents (no page OCR'd) and scanned ones apart. */
function printScanned(results: DocResult[]): void {
  if (results[0]?.format !== "public") return;
  const keys = ["nid", "teds", "mhs", "odl", "strict"];
  const chosen = METRICS.filter((m) => keys.includes(m.key));
  const groups: [string, DocResult[]][] = [
    ["born-digital", results.filter((r) => !r.ocrPages && !r.error)],
    ["scanned (OCR)", results.filter((r) => r.ocrPages > 0 && !r.error)],
  ];
  console.log("born-digital vs scanned (mean over the documents where a metric applies):");
  console.log(
    table(
      ["kind", "docs", ...chosen.map((m) => m.label)],
      groups.map(([label, docs]) => [label, String(docs.length), ...chosen.map((m) => f3(stats(docs.map((r) => m.get(r))).mean))]),
    ),
  );
}

/** Scores per failure class (documents tagged in a public set's manifest.json). */
function printClasses(results: DocResult[]): void {
  const classes = [...new Set(results.flatMap((r) => r.classes))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  if (!classes.length) return;
  const keys = ["nid", "teds", "mhs", "odl", "overall"];
  const chosen = METRICS.filter((m) => keys.includes(m.key));
  console.log("per failure class of issue 14 (failure-classes.ts, plus a manifest.json's tags; mean over the documents where a metric applies):");
  console.log(
    table(
      ["class", "docs", ...chosen.map((m) => m.label)],
      classes.map((c) => {
        const docs = results.filter((r) => r.classes.includes(c));
        return [`${c} ${FAILURE_CLASSES[c] ?? ""}`.trim(), String(docs.length), ...chosen.map((m) => f3(stats(docs.map((r) => m.get(r))).mean))];
      }),
    ),
  );
}

function printSummary(byFormat: Map<string, DocResult[]>): void {
  const formats = [...byFormat.keys()];
  const all = [...byFormat.values()].flat();
  console.log(`\n=== Summary: mean per format (min in brackets)`);
  const rows = METRICS.map((m) => [
    m.label,
    ...formats.map((f) => {
      const s = stats(byFormat.get(f)!.map((r) => m.get(r)));
      return `${f3(s.mean)} (${f3(s.min)})`;
    }),
    (() => {
      const s = stats(all.map((r) => m.get(r)));
      return `${f3(s.mean)} (${f3(s.min)})`;
    })(),
  ]);
  const per = (f: string, get: (r: DocResult) => number) => sum(byFormat.get(f)!.map(get));
  rows.push(["documents", ...formats.map((f) => String(byFormat.get(f)!.length)), String(all.length)]);
  rows.push(["pages", ...formats.map((f) => String(per(f, (r) => r.pages))), String(sum(all.map((r) => r.pages)))]);
  rows.push(["seconds", ...formats.map((f) => per(f, (r) => r.seconds).toFixed(1)), sum(all.map((r) => r.seconds)).toFixed(1)]);
  rows.push([
    "s/page",
    ...formats.map((f) =>
      (
        per(f, (r) => r.seconds) /
        Math.max(
          1,
          per(f, (r) => r.pages),
        )
      ).toFixed(3),
    ),
    (sum(all.map((r) => r.seconds)) / Math.max(1, sum(all.map((r) => r.pages)))).toFixed(3),
  ]);
  console.log(table(["metric", ...formats, "all"], rows));
  const worst = [...all].sort((a, b) => a.scores.overall - b.scores.overall).slice(0, 3);
  console.log(`worst overall: ${worst.map((r) => `${r.format}/${r.id} ${f3(r.scores.overall)}`).join(", ")}`);
}

// ---------------------------------------------------------------------------------------------------------
// Public documents

const PUBLIC_EXTENSIONS = [".pdf", ".docx", ".odt", ".pptx", ".odp", ".doc", ".ppt", ".html", ".xhtml", ".png", ".jpg", ".jpeg"];

/** A Git LFS pointer file stands where the document should be (a clone without the LFS objects). */
function isLfsPointer(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(48);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).toString("latin1").startsWith("version https://git-lfs.github.com/spec/");
  } finally {
    fs.closeSync(fd);
  }
}

async function runPublic(dir: string, args: Args): Promise<DocResult[] | null> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.log(
      `\nnote: public documents directory ${dir} does not exist; skipped. Put public documents with ground-truth Markdown side by side there (x.pdf + x.md), outside the repository.`,
    );
    return null;
  }
  const names = (await fs.promises.readdir(dir)).sort();
  const pairs = names
    .filter((n) => PUBLIC_EXTENSIONS.includes(path.extname(n).toLowerCase()))
    .map((n) => ({ doc: path.join(dir, n), md: path.join(dir, `${path.basename(n, path.extname(n))}.md`) }))
    .filter((p) => fs.existsSync(p.md))
    .filter((p) => !args.only || path.basename(p.doc).includes(args.only));
  const pointers = pairs.filter((p) => isLfsPointer(p.doc));
  if (pointers.length) {
    console.log(
      `\nnote: ${pointers.length} of ${pairs.length} documents in ${dir} are Git LFS pointers, not documents (run \`git lfs pull\` in the benchmark's clone); skipped${pointers.length === pairs.length ? " — nothing to score" : ""}.`,
    );
    pairs.splice(0, pairs.length, ...pairs.filter((p) => !pointers.includes(p)));
    if (!pairs.length) return null;
  }
  if (pairs.length === 0) {
    console.log(`\nnote: no document with ground truth (x.pdf + x.md) found in ${dir}; skipped.`);
    return null;
  }
  const manifestPath = path.join(dir, "manifest.json");
  const manifest: Record<string, string[]> = fs.existsSync(manifestPath) ? JSON.parse(await fs.promises.readFile(manifestPath, "utf8")) : {};
  const results: DocResult[] = [];
  for (const p of pairs) {
    const id = path.basename(p.doc);
    const outDir = path.join(args.out, `${path.basename(path.dirname(dir))}-${path.basename(dir)}`);
    const res = await runOne(id, "public", [p.doc], p.md, 0, [path.extname(id).slice(1)], args.ocrLanguages, outDir);
    res.pages = res.pageCountReported ?? 0; // no independent page count for public documents
    const auto = path.extname(id) === ".pdf" ? pdfClasses(p.doc, await fs.promises.readFile(p.md, "utf8")) : [];
    res.classes = [...new Set([...auto, ...(manifest[id] ?? []).map(String)])];
    results.push(res);
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  return results;
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  if (!args.publicDirs.length && process.env.PARSE_QUALITY_PUBLIC)
    args.publicDirs.push(...process.env.PARSE_QUALITY_PUBLIC.split(",").filter(Boolean));
  const command = ["npx tsx --conditions=react-server scripts/bench/parse-quality.ts", ...argv].join(" ");
  console.log(`command: ${command}`);
  console.log(`machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}), node ${process.version}, ${new Date().toISOString()}`);

  const corpus = await buildCorpus({ rebuild: args.rebuild, log: (m) => console.log(m) });
  console.log(
    `corpus: ${corpus.documents.length} documents, ${sum(corpus.documents.map((d) => d.pages))} PDF pages, ` +
      `${corpus.built ? `built in ${corpus.buildSeconds.toFixed(1)} s` : "from cache"} (${corpus.dir})`,
  );
  console.log(`predicted Markdown: ${args.out}/<format>/<id>.md; ground truth: ${corpus.dir}/md/<id>.md`);

  const docs = corpus.documents.filter((d) => !args.only || d.id.includes(args.only));
  const byFormat = new Map<string, DocResult[]>();
  for (const format of args.formats) {
    const results: DocResult[] = [];
    process.stdout.write(`${format}: `);
    // One untimed parse first, so module loading and OCR worker start-up are not charged to a document.
    const first = docs.map((d) => filesFor(d, format)).find((f) => f?.length);
    if (args.warmup && first) {
      await parseToMarkdown(first[0], ["eng"]).catch(() => {});
      process.stdout.write("w");
    }
    for (const doc of docs) {
      const files = filesFor(doc, format);
      if (!files || files.length === 0) continue;
      const langs = format === "png" ? [OCR_LANG[doc.lang]] : ["eng"];
      const pages = format === "png" ? files.length : doc.pages;
      results.push(await runOne(doc.id, format, files, doc.markdownPath, pages, doc.features, langs, args.out));
      process.stdout.write(results[results.length - 1].error ? "E" : ".");
    }
    process.stdout.write("\n");
    if (results.length) byFormat.set(format, results);
  }
  for (const [format, results] of byFormat) printFormat(FORMAT_LABEL[format as Format], results, args.worst);
  if (byFormat.size) printSummary(byFormat);

  const publicResults: DocResult[] = [];
  if (args.publicDirs.length) {
    for (const dir of args.publicDirs) {
      const results = await runPublic(path.resolve(dir), args);
      if (results) {
        printFormat(`${FORMAT_LABEL.public} (${dir})`, results, args.worst);
        publicResults.push(...results);
      }
    }
  } else {
    console.log(`\nnote: public documents not scored (pass --public <dir> with x.pdf + x.md pairs kept outside the repository).`);
  }

  if (args.json) {
    const all = [...[...byFormat.values()].flat(), ...publicResults];
    await fs.promises.writeFile(args.json, JSON.stringify({ command, corpus: corpus.dir, results: all }, null, 2));
    console.log(`results written to ${args.json}`);
  }
  console.log(`\ncommand: ${command}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
