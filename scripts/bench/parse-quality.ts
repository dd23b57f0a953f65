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
import { pdfClasses } from "./failure-classes";
import { buildCorpus, type CorpusDocument, type Lang } from "./parse-quality-corpus";
import { type DocResult, type Format, printFormat, printSummary, sum } from "./parse-quality-report";
import { parseMarkdown, scoreStructure } from "./structure-score";
import { scoreOdl } from "./structure-score-odl";
import { scoreTree } from "./structure-score-tree";

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
