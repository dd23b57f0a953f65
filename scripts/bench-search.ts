// Benchmark of chunk retrieval on the embedded database: p50/p95 latency of searchChunks (hybrid, and
// each retriever alone) at 10k and 100k chunks, with the offline embedding model.
//
//   npx tsx --conditions=react-server scripts/bench-search.ts [--sizes 10000,100000] [--queries 200] [--seed 7] [--no-cache] [--exact-cache]
//                                                           [--modes hybrid,hybrid-exhaustive,hybrid+rerank,hybrid+feedback,lexical,lexical-exhaustive,semantic]
//
// The corpus is synthetic but shaped like real text: words drawn from GloVe's vocabulary with a Zipf
// distribution, each document on a "topic" (a band of words it repeats), 5% of chunks carrying an
// invoice code. Chunks are spread over two companies and five workspaces; the caller may read 3 of
// company A's 4 workspaces (~60% of the chunks), so tenancy filters are part of every query.
// Setup (embedding, inserting, building the HNSW index) is timed separately and the prepared database
// is cached under $TMPDIR/docintel-bench-search/ (PGlite data-dir dump), so only the first run at a
// size pays for it. Latency includes embedding the query, as a request would. Wall time on a shared
// machine swings with its load (printed), so process CPU time per query is printed too.
// `hybrid+rerank` is the /search path with `rerank: true`: SEARCH_RERANK_CANDIDATES hybrid candidates
// re-scored by the configured reranker (offline default: lexical proximity/coverage), top 10 kept.
// Goal (issue 5): p95 ≤ 100 ms at 100k chunks without rerank.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { embedTexts } from "@/lib/ai/embeddings";
import { LocalEmbeddingProvider } from "@/lib/ai/embeddings/local-provider";
import { loadWordVectors } from "@/lib/ai/embeddings/word-vectors";
import { reranker } from "@/lib/ai/rerank";
import { createCompany } from "@/lib/companies/provision";
import { createDatabase, type Database, db, setDatabase } from "@/lib/db/client";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { ensureVectorIndex } from "@/lib/db/vector";
import { env } from "@/lib/env";
import { analyseLexicalQuery } from "@/lib/search/bm25";
import { bm25CandidatesSql } from "@/lib/search/bm25-candidates";
import { chunkSearchSql, searchChunks } from "@/lib/search/hybrid-search";
import { type ChunkInput, insertChunks, maintainSearchIndexes } from "@/lib/search/index-chunks";
import { rerankHits } from "@/lib/search/search-retrieve";
import type { ChunkHit, ChunkSearchScope, SearchMode } from "@/lib/search/types";
import { arg, rng } from "./bench/common";

const CHUNKS_PER_FILE = 10;
const provider = new LocalEmbeddingProvider();
const CACHE_DIR = path.join(os.tmpdir(), "docintel-bench-search");

export async function vocabulary(): Promise<string[]> {
  const wv = await loadWordVectors();
  const words: string[] = [];
  for (const [w, r] of wv.rank) if (r >= 30 && r < 40_000 && /^[a-z]{3,}$/.test(w)) words[r] = w;
  return words.filter(Boolean);
}

export function corpus(words: string[], n: number, random: () => number) {
  // Zipf over the vocabulary (inverse CDF of a harmonic approximation).
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

/**
 * The cached database for this corpus: the one made with today's migrations, else the newest one made
 * with older migrations (the run migrates it forward, as an upgrade would), unless --exact-cache.
 */
function cachedDatabase(cacheFile: string): string | null {
  if (fs.existsSync(cacheFile)) return cacheFile;
  if (process.argv.includes("--exact-cache") || !fs.existsSync(CACHE_DIR)) return null;
  const prefix = path.basename(cacheFile).replace(/[^-]+\.tar\.gz$/, "");
  const older = fs
    .readdirSync(CACHE_DIR)
    .filter((f) => f.startsWith(prefix) && f.endsWith(".tar.gz") && fs.existsSync(path.join(CACHE_DIR, `${f}.json`)))
    .map((f) => path.join(CACHE_DIR, f))
    .sort((x, y) => fs.statSync(y).mtimeMs - fs.statSync(x).mtimeMs);
  return older[0] ?? null;
}

async function saveCache(database: Database, cacheFile: string, scope: ChunkSearchScope): Promise<void> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // PGlite dumps the data directory into one in-memory tar: past a few GB (100k chunks with their BM25
  // postings and HNSW graph) that fails, and the run goes on uncached.
  try {
    const dump = await (await database.pglite!()).dumpDataDir("gzip");
    fs.writeFileSync(cacheFile, Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(`${cacheFile}.json`, JSON.stringify(scope));
  } catch (err) {
    console.log(`  (not cached: ${(err as Error).message})`);
  }
}

async function load(size: number, _seed: number, chunks: string[], cacheFile: string | null) {
  const cached = cacheFile ? cachedDatabase(cacheFile) : null;
  if (cached) {
    const t0 = performance.now();
    const database = createDatabase("memory://", { loadDataDir: new Blob([fs.readFileSync(cached)]) });
    const applied = await migrate(database);
    setDatabase(database);
    const scope = JSON.parse(fs.readFileSync(`${cached}.json`, "utf8")) as ChunkSearchScope;
    if (applied.length) {
      await maintainSearchIndexes();
      // Kept under today's key, so the next run does not migrate again.
      await saveCache(database, cacheFile as string, scope);
    }
    const migrated = applied.length ? `, ${applied.length} newer migrations applied in ${((performance.now() - t0) / 1000).toFixed(1)} s` : "";
    return { database, scope, timings: `setup: cached database ${path.basename(cached)}${migrated}` };
  }
  const database: Database = createDatabase("memory://");
  await migrate(database);
  setDatabase(database);
  const a = await createCompany({ name: "Bench A" });
  const b = await createCompany({ name: "Bench B" });
  const aWorkspaces = [a.defaultWorkspace.id];
  for (const name of ["Finance", "Legal", "Board"]) aWorkspaces.push((await db().workspace.create({ data: { companyId: a.company.id, name } })).id);
  // Company B holds 20% of the files; A's files rotate over its 4 workspaces.
  const place = (f: number): [number, number] => (f % 5 === 4 ? [b.company.id, b.defaultWorkspace.id] : [a.company.id, aWorkspaces[f % 4]]);
  const scope: ChunkSearchScope = { companyId: a.company.id, workspaceIds: aWorkspaces.slice(0, 3) };

  let t0 = performance.now();
  const vectors = await embedTexts(chunks, "document", provider);
  const embedS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  for (let f = 0; f * CHUNKS_PER_FILE < size; f++) {
    const [companyId, workspaceId] = place(f);
    const file = await db().file.create({
      data: { companyId, workspaceId, filename: `doc-${f}.pdf`, title: `Document ${f}`, extension: "pdf", size: 1, sha256: "0", storageKey: `k${f}` },
    });
    const start = f * CHUNKS_PER_FILE;
    const rows: ChunkInput[] = chunks.slice(start, start + CHUNKS_PER_FILE).map((content, j) => ({
      chunkIndex: j,
      page: j + 1,
      headingPath: `Document ${f}`,
      content,
      tokenCount: 200,
      language: "english",
    }));
    await insertChunks(db(), { id: file.id, companyId, workspaceId }, rows, vectors.slice(start, start + rows.length), provider.id, {
      deferMaintenance: true,
    });
  }
  const insertS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  // HNSW builds much faster when the graph fits in maintenance_work_mem.
  await db().$executeRawUnsafe("SET maintenance_work_mem = '1GB'");
  await ensureVectorIndex(provider);
  const hnswS = (performance.now() - t0) / 1000;
  await maintainSearchIndexes();
  if (cacheFile) await saveCache(database, cacheFile, scope);
  const timings =
    `setup: embed ${embedS.toFixed(1)} s (${Math.round(size / embedS)} chunks/s), insert ${insertS.toFixed(1)} s ` +
    `(${Math.round(size / insertS)} rows/s), HNSW build ${hnswS.toFixed(1)} s`;
  return { database, scope, timings };
}

export function queries(topics: string[][], chunks: string[], count: number, random: () => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    // Every tenth query is an invoice code that occurs in the corpus.
    const code = i % 10 === 9 ? chunks[Math.floor(random() * chunks.length)].match(/INV-\d+/)?.[0] : undefined;
    if (code) {
      out.push(code);
      continue;
    }
    const topic = topics[Math.floor(random() * topics.length)];
    const n = 2 + Math.floor(random() * 4);
    out.push(Array.from({ length: n }, () => topic[Math.floor(random() * topic.length)]).join(" "));
  }
  return out;
}

// "…-exhaustive": the same retrieval with BM25 reading every posting (no top-k pruning of common words).
// "hybrid+feedback": hybrid with pseudo-relevance feedback (SEARCH_FEEDBACK, lib/search/bm25-feedback.ts).
type BenchMode = SearchMode | "hybrid+rerank" | "hybrid-exhaustive" | "lexical-exhaustive" | "hybrid+feedback";

/** One search as a request would run it; with rerank: a larger hybrid pool, re-scored, top K kept. */
async function run(scope: ChunkSearchScope, q: string, mode: BenchMode, topK = 10): Promise<ChunkHit[]> {
  if (mode === "hybrid-exhaustive" || mode === "lexical-exhaustive") {
    return searchChunks(scope, q, { mode: mode === "hybrid-exhaustive" ? "hybrid" : "lexical", topK }, { provider, lexical: { prune: false } });
  }
  if (mode === "hybrid+feedback") return searchChunks(scope, q, { mode: "hybrid", topK, expand: true }, { provider });
  if (mode !== "hybrid+rerank") return searchChunks(scope, q, { mode, topK }, { provider });
  // As lib/search/search-retrieve.ts does it (minus the files lookup): the pool is each retriever's depth.
  const size = Math.max(topK, env().SEARCH_RERANK_CANDIDATES);
  const pool = await searchChunks(scope, q, { mode: "hybrid", topK: size, candidates: size }, { provider });
  return (await rerankHits(q, pool)).slice(0, topK);
}

const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const load1 = () => os.loadavg()[0].toFixed(1);

async function main() {
  const sizes = arg("sizes", "10000,100000").split(",").map(Number);
  const count = Number(arg("queries", "200"));
  const seed = Number(arg("seed", "7"));
  const useCache = !process.argv.includes("--no-cache");
  const words = await vocabulary();
  const schema = createHash("sha256")
    .update(
      readMigrations()
        .map((m) => m.checksum)
        .join(),
    )
    .digest("hex")
    .slice(0, 10);
  console.log(
    `bench-search: ${os.cpus().length} CPUs, Node ${process.version}, model ${provider.id}, reranker ${reranker().id} ` +
      `(${env().SEARCH_RERANK_CANDIDATES} candidates), ${count} queries per mode, load ${load1()}`,
  );
  for (const size of sizes) {
    const random = rng(seed);
    const { chunks, topics } = corpus(words, size, random);
    const cacheFile = useCache ? path.join(CACHE_DIR, `${size}-${seed}-${provider.id}-${schema}.tar.gz`) : null;
    const { database, scope, timings } = await load(size, seed, chunks, cacheFile);
    console.log(`\n${size} chunks (${timings})`);
    const qs = queries(topics, chunks, count, random);
    const modes = arg("modes", "hybrid,hybrid-exhaustive,hybrid+rerank,lexical,lexical-exhaustive,semantic").split(",") as BenchMode[];
    for (const mode of modes) {
      for (const q of qs.slice(0, 10)) await run(scope, q, mode); // warm-up
      const wall: number[] = [];
      const cpu: number[] = [];
      let empty = 0;
      for (const q of qs) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const hits = await run(scope, q, mode);
        wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        if (hits.length === 0) empty++;
      }
      const slowest = arg("explain-slowest", "0");
      if (mode === "lexical" && Number(slowest) > 0) {
        // The slowest lexical queries by CPU, with their words' postings and where the statement spent its time.
        const worst = qs
          .map((q, i) => ({ q, cpu: cpu[i] }))
          .sort((x, y) => y.cpu - x.cpu)
          .slice(0, Number(slowest));
        for (const { q, cpu: ms } of worst) {
          const lq = await analyseLexicalQuery(scope.companyId, q);
          if (!lq) continue;
          const words = lq.groups.map((g) => `${g.terms[0]}(${g.postings}, idf ${g.idf.toFixed(2)})`).join(" ");
          const plan = await db().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ANALYZE ${bm25CandidatesSql(scope.companyId, lq, scope, 50)}`;
          const lines = plan.map((r) => r["QUERY PLAN"]);
          // Postings read: rows × loops of every scan of the postings (lists and lookups).
          const read = lines
            .filter((l) => /(Index Scan|Index Only Scan|Seq Scan|Bitmap Heap Scan) .*on chunk_terms /.test(l))
            .reduce((sum, l) => {
              const m = l.match(/actual time=\S+ rows=([\d.]+) loops=(\d+)/);
              return sum + (m ? Number(m[1]) * Number(m[2]) : 0);
            }, 0);
          const total = lq.groups.reduce((sum, g) => sum + g.postings, 0);
          console.log(`    slow: ${ms.toFixed(1)} ms cpu "${q}" — ${words}; ${read} of ${total} postings read; ${lines.at(-1)}`);
        }
      }
      console.log(
        `  ${mode.padEnd(18)} wall p50 ${pct(wall, 50).toFixed(1)} ms  p95 ${pct(wall, 95).toFixed(1)} ms  |  cpu p50 ${pct(cpu, 50).toFixed(1)} ms` +
          `  p95 ${pct(cpu, 95).toFixed(1)} ms  |  no hit: ${empty}/${qs.length}  (load ${load1()})`,
      );
    }
    const [vec] = await provider.embed([qs[0]], "query");
    const [, plan] = await db().$transaction([
      db().$queryRaw`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)`,
      db().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ${chunkSearchSql(scope, "hybrid", 10, 50, {
        lexical: (await analyseLexicalQuery(scope.companyId, qs[0])) ?? undefined,
        semantic: { vec, modelId: provider.id, floor: 0 },
      })}`,
    ]);
    const used = new Set(plan.flatMap((r) => [...r["QUERY PLAN"].matchAll(/Index (?:Only )?Scan (?:using|on) (\S+)/g)].map((m) => m[1])));
    console.log(`  indexes in the hybrid plan: ${[...used].join(", ")}`);
    console.log(`  RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
    setDatabase(undefined);
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
