// Builds a small BEIR-format retrieval set from the machine's own manual pages (real English text written
// by people, present offline), for `npm run bench:quality` when no public BEIR set can be had:
//   query     = the one-line summary of a page's NAME section ("ls - list directory contents" → "list directory contents")
//   document  = that page's DESCRIPTION section (first ~400 words), titled with nothing (no name leak)
//   qrels     = each query's own page, relevance 1 (known-item search)
// It is NOT a public benchmark: figures on it only compare our retrieval modes with each other.
//
//   npx tsx --conditions=react-server scripts/bench/beir-from-manpages.ts [--out $TMPDIR/docintel-beir/manpages] [--docs 3000] [--queries 300] [--seed 11]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { arg, rng } from "./common";

const MAN_DIRS = ["/usr/share/man/man1", "/usr/share/man/man5", "/usr/share/man/man8"];

/** Plain text of troff source lines: macros unwrapped, font and character escapes removed. */
export function troffToText(lines: string[]): string {
  const out: string[] = [];
  for (const line of lines) {
    if (/^\.\s*\\"/.test(line) || /^'\\"/.test(line)) continue;
    let l = line;
    const macro = /^\.([A-Za-z]{1,3})\s*(.*)$/.exec(l);
    if (macro) {
      const [, name, rest] = macro;
      if (!/^(B|I|BR|RB|IR|RI|BI|IB|SM|SB)$/.test(name)) {
        continue;
      }
      // Alternating-font macros join their arguments without spaces; plain ones with spaces.
      const args = rest.match(/"[^"]*"|\S+/g)?.map((a) => a.replace(/^"|"$/g, "")) ?? [];
      l = name.length === 2 && name !== "SM" && name !== "SB" ? args.join("") : args.join(" ");
    } else if (l.startsWith(".")) continue;
    l = l
      .replace(/\\f(\[[^\]]*\]|\(..|.)/g, "")
      .replace(/\\s[-+]?\d/g, "")
      .replace(/\\\(aq/g, "'")
      .replace(/\\\((em|en|hy)/g, "-")
      .replace(/\\\((lq|rq|dq)/g, '"')
      .replace(/\\\(../g, "")
      .replace(/\\\[[^\]]*\]/g, "")
      .replace(/\\[-e]/g, (m) => (m === "\\-" ? "-" : "\\"))
      .replace(/\\[&/,|^~0 ]/g, " ")
      .replace(/\\\*\(?[A-Za-z]{1,2}/g, "")
      .replace(/\\./g, "");
    out.push(l);
  }
  return out.join(" ").replace(/\s+/g, " ").trim();
}

export function parseManPage(src: string): { summary: string; description: string } | null {
  const lines = src.split("\n");
  const sections = new Map<string, string[]>();
  let current = "";
  for (const line of lines) {
    const sh = /^\.SH\s+"?([^"]*)"?\s*$/.exec(line);
    if (sh) {
      current = sh[1].trim().toUpperCase();
      if (!sections.has(current)) sections.set(current, []);
    } else if (current) sections.get(current)!.push(line);
  }
  const name = troffToText(sections.get("NAME") ?? []);
  const summary = /\s-+\s+(.+)$/.exec(name)?.[1]?.trim();
  const description = troffToText(sections.get("DESCRIPTION") ?? []);
  if (!summary || !description) return null;
  return { summary, description: description.split(" ").slice(0, 400).join(" ") };
}

function main() {
  const out = arg("out", path.join(os.tmpdir(), "docintel-beir", "manpages"));
  const docsWanted = Number(arg("docs", "3000"));
  const queriesWanted = Number(arg("queries", "300"));
  const random = rng(Number(arg("seed", "11")));
  const files = MAN_DIRS.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d).map((f) => path.join(d, f)) : []))
    .filter((f) => f.endsWith(".gz") && !fs.lstatSync(f).isSymbolicLink())
    .sort();
  // Deterministic shuffle, then keep pages with a usable summary and a real description.
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [files[i], files[j]] = [files[j], files[i]];
  }
  const seenSummaries = new Set<string>();
  const seenDescriptions = new Set<string>();
  const docs: { id: string; summary: string; text: string }[] = [];
  // Some suites ship thousands of near-identical pages (cloud CLIs): at most 25 per family keeps the set varied.
  const families = new Map<string, number>();
  for (const file of files) {
    const family = path.basename(file).split(/[-_.]/)[0];
    if ((families.get(family) ?? 0) >= 25) continue;
    if (docs.length >= docsWanted) break;
    let page: ReturnType<typeof parseManPage>;
    try {
      page = parseManPage(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8"));
    } catch {
      continue;
    }
    if (!page) continue;
    const words = page.summary.split(/\s+/).length;
    const key = page.summary.toLowerCase();
    const descKey = page.description.slice(0, 200).toLowerCase();
    // Generated stubs ("manual page for foo 1.2") and boilerplate pages say nothing a query could ask.
    if (words < 3 || words > 16 || /manual page|man page|documentation for|^\s*$/i.test(page.summary)) continue;
    if (page.description.split(" ").length < 40 || seenSummaries.has(key) || seenDescriptions.has(descKey)) continue;
    seenSummaries.add(key);
    seenDescriptions.add(descKey);
    families.set(family, (families.get(family) ?? 0) + 1);
    docs.push({ id: path.basename(file).replace(/\.gz$/, ""), summary: page.summary, text: page.description });
  }
  fs.mkdirSync(path.join(out, "qrels"), { recursive: true });
  fs.writeFileSync(path.join(out, "corpus.jsonl"), docs.map((d) => JSON.stringify({ _id: d.id, title: "", text: d.text })).join("\n") + "\n");
  const queried = docs.filter((_, i) => i % Math.max(1, Math.floor(docs.length / queriesWanted)) === 0).slice(0, queriesWanted);
  fs.writeFileSync(path.join(out, "queries.jsonl"), queried.map((d, i) => JSON.stringify({ _id: `q${i}`, text: d.summary })).join("\n") + "\n");
  fs.writeFileSync(
    path.join(out, "qrels", "test.tsv"),
    ["query-id\tcorpus-id\tscore", ...queried.map((d, i) => `q${i}\t${d.id}\t1`)].join("\n") + "\n",
  );
  console.log(`wrote ${docs.length} documents and ${queried.length} queries (from ${files.length} manual pages) to ${out}`);
}

main();
