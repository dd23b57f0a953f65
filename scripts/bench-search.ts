// Benchmark of chunk retrieval on the embedded database: p50/p95 latency of searchChunks (hybrid, and
// each retriever alone) at 10k and 100k chunks, with the offline embedding model.
//
//   npx tsx scripts/bench-search.ts [--sizes 10000,100000] [--queries 200] [--seed 7]
//
// The corpus is synthetic but shaped like real text: words drawn from GloVe's vocabulary with a Zipf
// distribution, each document on a "topic" (a band of related-frequency words it repeats), some chunks
// carrying invoice codes. Chunks are spread over two companies and several workspaces; the searching
// caller may read 3 of company A's 4 workspaces, so tenancy filters are part of every query. Setup
// (embedding, inserting, building the HNSW index) is timed separately; latency includes embedding the
// query, as a request would. Goal (issue 5): p95 ≤ 100 ms at 100k chunks without rerank.
import os from "node:os";
import { createDatabase, db, setDatabase, type Database } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { createCompany } from "@/lib/companies/provision";
import { embedTexts, ensureVectorIndex } from "@/lib/models/embeddings";
import { LocalEmbeddingProvider } from "@/lib/models/embeddings/local-provider";
import { loadWordVectors } from "@/lib/models/embeddings/word-vectors";
import { chunkSearchSql, searchChunks } from "@/lib/search/hybrid-search";
import { insertChunks, type ChunkInput } from "@/lib/search/index-chunks";
import type { ChunkSearchScope, SearchMode } from "@/lib/search/types";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHUNKS_PER_FILE = 10;
const provider = new LocalEmbeddingProvider();

async function vocabulary(): Promise<string[]> {
  const wv = await loadWordVectors();
  const words: string[] = [];
  for (const [w, r] of wv.rank) if (r >= 30 && r < 40_000 && /^[a-z]{3,}$/.test(w)) words[r] = w;
  return words.filter(Boolean);
}

function corpus(words: string[], n: number, random: () => number) {
  // Zipf over the vocabulary by inverse-CDF on a harmonic approximation.
  const zipf = () => words[Math.min(words.length - 1, Math.floor(Math.exp(random() * Math.log(words.length)) - 1))];
  const chunks: string[] = [];
  const topics: string[][] = [];
  for (let i = 0; i < n; i++) {
    if (i % CHUNKS_PER_FILE === 0) {
      const start = Math.floor(random() * (words.length - 400));
      topics.push(Array.from({ length: 25 }, () => words[start + Math.floor(random() * 400)]));
    }
    const topic = topics[topics.length - 1];
    const len = 120 + Math.floor(random() * 130);
    const out: string[] = [];
    for (let j = 0; j < len; j++) out.push(random() < 0.25 ? topic[Math.floor(random() * topic.length)] : zipf());
    if (random() < 0.05) out.splice(Math.floor(random() * out.length), 0, `INV-${10000 + Math.floor(random() * 90000)}`);
    chunks.push(out.join(" "));
  }
  return { chunks, topics };
}

interface Tenancy {
  scope: ChunkSearchScope;
  /** chunk i → [companyId, workspaceId] */
  place: (fileIndex: number) => [number, number];
}

async function tenants(): Promise<Tenancy> {
  const a = await createCompany({ name: "Bench A" });
  const b = await createCompany({ name: "Bench B" });
  const more = [];
  for (const name of ["Finance", "Legal", "Board"]) more.push(await db().workspace.create({ data: { companyId: a.company.id, name } }));
  const aWorkspaces = [a.defaultWorkspace.id, ...more.map((w) => w.id)];
  return {
    // The caller reads 3 of A's 4 workspaces; company B holds 20% of the chunks.
    scope: { companyId: a.company.id, workspaceIds: aWorkspaces.slice(0, 3) },
    place: (f) => (f % 5 === 4 ? [b.company.id, b.defaultWorkspace.id] : [a.company.id, aWorkspaces[f % 4]]),
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function setup(size: number, words: string[], seed: number) {
  const database: Database = createDatabase("memory://");
  await migrate(database);
  setDatabase(database);
  const t: Tenancy = await tenants();
  const random = rng(seed);
  const { chunks, topics } = corpus(words, size, random);

  let t0 = performance.now();
  const vectors = await embedTexts(chunks, "document", provider);
  const embedS = (performance.now() - t0) / 1000;

  t0 = performance.now();
  for (let f = 0; f * CHUNKS_PER_FILE < size; f++) {
    const [companyId, workspaceId] = t.place(f);
    const file = await db().file.create({
      data: { companyId, workspaceId, filename: `doc-${f}.pdf`, title: `Document ${f}`, extension: "pdf", size: 1, sha256: "0", storageKey: `k${f}` },
    });
    const rows: ChunkInput[] = [];
    for (let j = 0; j < CHUNKS_PER_FILE && f * CHUNKS_PER_FILE + j < size; j++) {
      const content = chunks[f * CHUNKS_PER_FILE + j];
      rows.push({ chunkIndex: j, page: j + 1, headingPath: `Document ${f}`, content, tokenCount: 200, language: "english" });
    }
    const start = f * CHUNKS_PER_FILE;
    await insertChunks(db(), { id: file.id, companyId, workspaceId }, rows, vectors.slice(start, start + rows.length), provider.id);
  }
  const insertS = (performance.now() - t0) / 1000;

  t0 = performance.now();
  await db().$executeRawUnsafe("SET maintenance_work_mem = '512MB'");
  await ensureVectorIndex(provider);
  await db().$executeRawUnsafe("ANALYZE chunks");
  const indexS = (performance.now() - t0) / 1000;
  return { database, scope: t.scope, topics, chunks, random, embedS, insertS, indexS };
}

function queries(topics: string[][], chunks: string[], count: number, random: () => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) {
      const withCode = chunks.find((c, j) => j >= Math.floor(random() * chunks.length) && c.includes("INV-"));
      const code = withCode?.match(/INV-\d+/)?.[0];
      if (code) {
        out.push(code);
        continue;
      }
    }
    const topic = topics[Math.floor(random() * topics.length)];
    const n = 2 + Math.floor(random() * 4);
    out.push(Array.from({ length: n }, () => topic[Math.floor(random() * topic.length)]).join(" "));
  }
  return out;
}

async function main() {
  const sizes = arg("sizes", "10000,100000").split(",").map(Number);
  const count = Number(arg("queries", "200"));
  const seed = Number(arg("seed", "7"));
  const words = await vocabulary();
  console.log(`bench-search: ${os.cpus().length} CPUs, Node ${process.version}, model ${provider.id}, ${count} queries per mode`);
  for (const size of sizes) {
    const s = await setup(size, words, seed);
    console.log(
      `\n${size} chunks: embed ${s.embedS.toFixed(1)} s (${Math.round(size / s.embedS)} chunks/s), insert ${s.insertS.toFixed(1)} s ` +
        `(${Math.round(size / s.insertS)} rows/s), HNSW build + analyze ${s.indexS.toFixed(1)} s`,
    );
    const qs = queries(s.topics, s.chunks, count, s.random);
    for (const mode of ["hybrid", "lexical", "semantic"] as SearchMode[]) {
      for (const q of qs.slice(0, 10)) await searchChunks(s.scope, q, { mode, topK: 10 }, { provider }); // warm-up
      const times: number[] = [];
      let empty = 0;
      for (const q of qs) {
        const t0 = performance.now();
        const hits = await searchChunks(s.scope, q, { mode, topK: 10 }, { provider });
        times.push(performance.now() - t0);
        if (hits.length === 0) empty++;
      }
      console.log(
        `  ${mode.padEnd(8)} p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms` +
          `  (queries with no hit: ${empty})`,
      );
    }
    // Which indexes the hybrid statement uses at this size.
    const [vec] = await provider.embed([qs[0]], "query");
    const plan = await db().$transaction([
      db().$queryRaw`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)`,
      db().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ${chunkSearchSql(s.scope, qs[0], "hybrid", 10, 50, { vec, modelId: provider.id })}`,
    ]);
    const used = [...new Set(plan[1].flatMap((r) => [...r["QUERY PLAN"].matchAll(/(?:Index Scan|Index Only Scan) (?:using|on) (\S+)/g)].map((m) => m[1])))];
    console.log(`  indexes in the hybrid plan: ${used.join(", ") || "none"}`);
    console.log(`  peak RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
    setDatabase(undefined);
    await s.database.close();
  }
}

await main();
