// Lost and misordered text on PDFs without ground truth: each PDF of a directory through the engine (text
// layer, no OCR) beside poppler's `pdftotext` reading of the same pages, per document:
//   words      pdftotext's words (letters and digits) on those pages
//   recall     share of them the engine's Markdown holds too (a multiset: lost text lowers it; running
//              headers/footers the engine removes on purpose lower it a little)
//   extra      share of the engine's words pdftotext does not have (text written twice, e.g. a spanning cell)
//   nid        NID similarity of the engine's text (Markdown marks dropped) to pdftotext's: order as well
//              (tables and columns read differently lower it; compare before/after, not against 1)
//
//   npx tsx --conditions=react-server scripts/bench/pdf-vs-pdftotext.ts --dir <pdfs> [--out <dir>] [--pages 12] [--only <name part>]
//
// The Markdown and pdftotext's text are written to --out (default os.tmpdir()/docintel-pdf-vs-pdftotext) as
// <name>.md and <name>.ref.txt, so two runs can be diffed document by document. Needs poppler-utils.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { joinPages, parseDocument } from "@/lib/documents/parse-document";
import { nidSimilarity } from "./structure-score-tree";

interface Args {
  dir: string;
  out: string;
  pages: number;
  only?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dir: "", out: path.join(os.tmpdir(), "docintel-pdf-vs-pdftotext"), pages: 12 };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return v;
    };
    if (argv[i] === "--dir") args.dir = value();
    else if (argv[i] === "--out") args.out = value();
    else if (argv[i] === "--pages") args.pages = Number(value());
    else if (argv[i] === "--only") args.only = value();
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!args.dir) throw new Error("--dir <directory of PDFs> is required");
  return args;
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The Markdown's text without heading, list, emphasis and table marks. */
const plainText = (md: string) =>
  md
    .replace(/^#+\s+/gm, "")
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, "")
    .replace(/\*\*|__|`/g, "")
    .replace(/^\|?\s*-{3,}.*$/gm, "")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function pageCount(file: string): number {
  const info = execFileSync("pdfinfo", [file], { stdio: ["ignore", "pipe", "ignore"] }).toString();
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 1);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  fs.mkdirSync(args.out, { recursive: true });
  const files = fs
    .readdirSync(args.dir)
    .filter((f) => f.toLowerCase().endsWith(".pdf") && (!args.only || f.includes(args.only)))
    .sort();
  console.log(`${"document".padEnd(48)} ${"words".padStart(6)}  recall  extra    nid   seconds`);
  for (const name of files) {
    const file = path.join(args.dir, name);
    let reference: string;
    let pages: number[];
    try {
      pages = Array.from({ length: Math.min(args.pages, pageCount(file)) }, (_, i) => i + 1);
      reference = execFileSync("pdftotext", ["-l", String(pages.length), file, "-"], {
        maxBuffer: 1 << 27,
        stdio: ["ignore", "pipe", "ignore"],
      }).toString();
    } catch {
      console.log(`${name.padEnd(48)} (pdftotext cannot read it)`);
      continue;
    }
    const started = Date.now();
    let markdown = "";
    try {
      const parsed = await parseDocument({
        path: file,
        filename: name,
        ocr: "off",
        timeoutMs: 120_000,
        pageRange: { pages, spec: `1-${pages.length}` },
      });
      markdown = joinPages(parsed.pages);
    } catch (e) {
      console.log(`${name.padEnd(48)} (engine failed: ${(e as Error).message})`);
      continue;
    }
    const seconds = (Date.now() - started) / 1000;
    fs.writeFileSync(path.join(args.out, `${name}.md`), markdown);
    fs.writeFileSync(path.join(args.out, `${name}.ref.txt`), reference);
    const ours = words(markdown);
    const theirs = words(reference);
    const bag = new Map<string, number>();
    for (const w of ours) bag.set(w, (bag.get(w) ?? 0) + 1);
    let shared = 0;
    for (const w of theirs) {
      const n = bag.get(w) ?? 0;
      if (n > 0) {
        shared++;
        bag.set(w, n - 1);
      }
    }
    const recall = theirs.length ? shared / theirs.length : 1;
    const extra = ours.length ? (ours.length - shared) / ours.length : 0;
    // NID is quadratic: the first 60,000 characters of each side.
    const nid = nidSimilarity(plainText(markdown).slice(0, 60_000), reference.replace(/\s+/g, " ").trim().slice(0, 60_000));
    console.log(
      `${name.slice(0, 48).padEnd(48)} ${String(theirs.length).padStart(6)}  ${recall.toFixed(3)}  ${extra.toFixed(3)}  ${nid.toFixed(3)}  ${seconds.toFixed(1).padStart(7)}`,
    );
  }
  console.log(`Markdown and pdftotext text: ${args.out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
