// Calibrates the semantic floor of an embedding model (EmbeddingProvider.similarityFloor /
// SEARCH_SEMANTIC_FLOOR): the cosine similarity below which a passage is not "semantically close".
//
//   npm run bench:floor -- --dir /path/to/beir/set [--offtopic /path/to/other/set] [--queries 300]
//
// For the set's own queries it prints the similarity of the best relevant document (what a floor must
// keep) and, for probes that should find nothing — random letter strings and, with --offtopic, another
// set's queries — their best similarity anywhere in the corpus (what a floor should drop). Then, for
// candidate floors, the share of relevant first hits lost and the share of probes that return nothing.
// Documents are embedded whole (title + text) with the configured provider, as `document`; queries as `query`.
import fs from "node:fs";
import path from "node:path";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { arg, rng } from "./bench/common";

const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

function qrelsOf(dir: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const line of fs
    .readFileSync(path.join(dir, "qrels", "test.tsv"), "utf8")
    .split("\n")
    .slice(1)) {
    const [q, d, s] = line.trim().split("\t");
    if (!q || !d || !(Number(s) > 0)) continue;
    if (!out.has(q)) out.set(q, new Set());
    out.get(q)!.add(d);
  }
  return out;
}

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const dir = arg("dir", "");
  if (!dir) throw new Error("--dir <BEIR set> is required");
  const offtopic = arg("offtopic", "");
  const max = Number(arg("queries", "300"));
  const provider = embeddingProvider();
  const corpus = readJsonl<{ _id: string; title?: string; text: string }>(path.join(dir, "corpus.jsonl"));
  const qrels = qrelsOf(dir);
  const queries = readJsonl<{ _id: string; text: string }>(path.join(dir, "queries.jsonl"))
    .filter((q) => qrels.has(q._id))
    .slice(0, max);
  const docVecs = await embedTexts(
    corpus.map((d) => `${d.title ?? ""}\n${d.text}`.trim()),
    "document",
    provider,
  );
  const best = (v: number[]) => Math.max(...docVecs.map((d) => dot(v, d)));
  const idx = new Map(corpus.map((d, i) => [d._id, i]));

  const qVecs = await embedTexts(
    queries.map((q) => q.text),
    "query",
    provider,
  );
  const relevant = queries.flatMap((q, i) => {
    const sims = [...(qrels.get(q._id) ?? [])].flatMap((d) => (idx.has(d) ? [dot(qVecs[i], docVecs[idx.get(d)!])] : []));
    return sims.length ? [Math.max(...sims)] : [];
  });
  const random = rng(11);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const nonsense = Array.from({ length: 100 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      Array.from({ length: 5 + Math.floor(random() * 6) }, () => letters[Math.floor(random() * 26)]).join(""),
    ).join(" "),
  );
  const probes: [string, string[]][] = [["random letters", nonsense]];
  if (offtopic) {
    probes.push([
      `queries of ${path.basename(offtopic)}`,
      readJsonl<{ text: string }>(path.join(offtopic, "queries.jsonl"))
        .slice(0, max)
        .map((q) => q.text),
    ]);
  }
  console.log(`bench:floor: ${path.basename(dir)} (${corpus.length} documents, ${queries.length} queries), model ${provider.id}`);
  console.log(
    `  relevant document similarity: p1 ${pct(relevant, 1).toFixed(3)}  p5 ${pct(relevant, 5).toFixed(3)}  p50 ${pct(relevant, 50).toFixed(3)}`,
  );
  const probeBest: [string, number[]][] = [];
  for (const [name, texts] of probes) {
    const vecs = await embedTexts(texts, "query", provider);
    const sims = vecs.map(best);
    probeBest.push([name, sims]);
    console.log(`  ${name}: best similarity p50 ${pct(sims, 50).toFixed(3)}  p95 ${pct(sims, 95).toFixed(3)}  p99 ${pct(sims, 99).toFixed(3)}`);
  }
  console.log("\n  floor | relevant lost | " + probeBest.map(([n]) => `${n}: nothing returned`).join(" | "));
  for (const floor of [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4]) {
    const lost = relevant.filter((s) => s < floor).length / relevant.length;
    const cells = probeBest.map(([, sims]) => `${((100 * sims.filter((s) => s < floor).length) / sims.length).toFixed(0)}%`);
    console.log(`  ${floor.toFixed(2)}  | ${(100 * lost).toFixed(1)}% | ${cells.join(" | ")}`);
  }
  console.log(`  model's floor now: ${provider.similarityFloor ?? "none"}`);
}

await main();
