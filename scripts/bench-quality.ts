// Retrieval quality on a BEIR-format set: nDCG@10 and recall@10 of lexical-only, semantic-only, hybrid
// and hybrid + rerank, through the product's own path (chunker → PGlite BM25 postings + HNSW → fusion → reranker).
//
//   npm run bench:quality -- --dir /path/to/beir/scifact [--queries 300] [--split test] [--modes lexical,hybrid]
//   (modes: lexical, semantic, hybrid, hybrid+rerank, lexical+feedback, hybrid+feedback; the first four without
//   pseudo-relevance feedback whatever SEARCH_FEEDBACK says, the last two with it)
//   BEIR_DIR=/path/to/set npm run bench:quality
//   --dump FILE writes one JSON line per query and mode (nDCG@10, rank of the first relevant document) for
//   comparing runs query by query.
//
// The directory holds corpus.jsonl ({_id, title, text}), queries.jsonl ({_id, text}) and
// qrels/<split>.tsv (query-id, corpus-id, score). Data sets stay out of the repository.
// Documents are chunked like ingested files (title as heading); a document's rank is that of its
// best chunk (100 chunks are retrieved per query, then deduplicated to documents). nDCG uses the
// graded qrels as linear gains (trec_eval's ndcg_cut_10); recall@10 counts qrels with score > 0.
// Without a public set, scripts/bench/beir-from-manpages.ts makes one from local manual pages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { reranker } from "@/lib/ai/rerank";
import { createCompany } from "@/lib/companies/provision";
import { createDatabase, db, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { ensureVectorIndex } from "@/lib/db/vector";
import { chunkDocument } from "@/lib/documents/chunk";
import { detectLanguage } from "@/lib/documents/summarize";
import { env } from "@/lib/env";
import { searchChunks } from "@/lib/search/hybrid-search";
import { type ChunkInput, insertChunks, maintainSearchIndexes } from "@/lib/search/index-chunks";
import { rerankHits } from "@/lib/search/search-retrieve";
import type { ChunkHit, ChunkSearchScope, SearchMode } from "@/lib/search/types";
import { bm25Reference } from "./bench/bm25-reference";
import { arg } from "./bench/common";

type Mode = SearchMode | "hybrid+rerank" | "lexical+feedback" | "hybrid+feedback";
// "+feedback": with pseudo-relevance feedback (SEARCH_FEEDBACK, lib/search/bm25-feedback.ts), whatever the setting.
const MODES: Mode[] = ["lexical", "semantic", "hybrid", "hybrid+rerank", "lexical+feedback", "hybrid+feedback"];
const K = 10;
const POOL = 100;

function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

function readQrels(file: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
    const [q, d, s] = line.trim().split("\t");
    if (!q || !d) continue;
    if (!out.has(q)) out.set(q, new Map());
    out.get(q)!.set(d, Number(s));
  }
  return out;
}

export function ndcgAt(ranked: string[], rels: Map<string, number>, k = K): number {
  const dcg = ranked.slice(0, k).reduce((s, d, i) => s + (rels.get(d) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...rels.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((s, r, i) => s + r / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function recallAt(ranked: string[], rels: Map<string, number>, k = K): number {
  const relevant = [...rels].filter(([, r]) => r > 0).map(([d]) => d);
  if (!relevant.length) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((d) => top.has(d)).length / relevant.length;
}

async function main() {
  // A script, not the app: its input directory may come from the shell like any tool's.
  const dir = arg("dir", process.env.BEIR_DIR ?? "");
  if (!dir || !fs.existsSync(path.join(dir, "corpus.jsonl"))) {
    console.error("bench:quality needs a BEIR-format directory: --dir DIR or BEIR_DIR=DIR (corpus.jsonl, queries.jsonl, qrels/test.tsv).");
    process.exit(2);
  }
  const split = arg("split", "test");
  const maxQueries = Number(arg("queries", "1000"));
  const only = arg("modes", MODES.join(",")).split(",") as Mode[];
  const dump = arg("dump", "");
  const dumped: string[] = [];
  const corpus = readJsonl<{ _id: string; title?: string; text: string }>(path.join(dir, "corpus.jsonl"));
  const qrels = readQrels(path.join(dir, "qrels", `${split}.tsv`));
  const queries = readJsonl<{ _id: string; text: string }>(path.join(dir, "queries.jsonl"))
    .filter((q) => qrels.has(q._id))
    .slice(0, maxQueries);
  const provider = embeddingProvider();
  console.log(
    `bench:quality: ${path.basename(dir)} — ${corpus.length} documents, ${queries.length} queries (${split}); ` +
      `embeddings ${provider.id}, reranker ${reranker().id} over ${env().SEARCH_RERANK_CANDIDATES} candidates; load ${os.loadavg()[0].toFixed(1)}`,
  );

  const database = createDatabase("memory://");
  await migrate(database);
  setDatabase(database);
  const company = await createCompany({ name: "Quality" });
  const scope: ChunkSearchScope = { companyId: company.company.id, workspaceIds: [company.defaultWorkspace.id] };
  const docOfFile = new Map<number, string>();
  let t0 = performance.now();
  let chunkCount = 0;
  const languages = new Map<string, number>();
  // Files are created in batches so that embedding runs over many chunks at a time.
  for (let start = 0; start < corpus.length; start += 200) {
    const batch = corpus.slice(start, start + 200);
    const chunked = batch.map((d) =>
      chunkDocument([{ page: 1, markdown: d.title ? `# ${d.title}\n\n${d.text}` : d.text }], {
        targetTokens: env().CHUNK_TARGET_TOKENS,
        overlapTokens: env().CHUNK_OVERLAP_TOKENS,
      }),
    );
    const texts = chunked.flatMap((cs) => cs.map((c) => (c.headingPath ? `${c.headingPath}\n\n${c.content}` : c.content)));
    const vectors = await embedTexts(texts, "document", provider);
    let v = 0;
    for (let i = 0; i < batch.length; i++) {
      const file = await db().file.create({
        data: {
          companyId: scope.companyId,
          workspaceId: scope.workspaceIds[0],
          filename: `${batch[i]._id}.txt`,
          title: batch[i].title ?? "",
          extension: "txt",
          size: 1,
          sha256: "0",
          storageKey: `k${start + i}`,
        },
      });
      docOfFile.set(file.id, batch[i]._id);
      // The document's language decides its text-search configuration, as in ingestion.
      const language = detectLanguage(batch[i].text).textSearchConfig;
      languages.set(language, (languages.get(language) ?? 0) + 1);
      const rows: ChunkInput[] = chunked[i].map((c) => ({ ...c, language }));
      await insertChunks(
        db(),
        { id: file.id, companyId: scope.companyId, workspaceId: scope.workspaceIds[0] },
        rows,
        vectors.slice(v, v + rows.length),
        provider.id,
        {
          deferMaintenance: true,
        },
      );
      v += rows.length;
      chunkCount += rows.length;
    }
  }
  await db().$executeRawUnsafe("SET maintenance_work_mem = '512MB'");
  await ensureVectorIndex(provider);
  await maintainSearchIndexes();
  console.log(
    `indexed ${chunkCount} chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s; languages ${[...languages].map(([l, n]) => `${l} ${n}`).join(", ")}\n`,
  );
  const english = (languages.get("english") ?? 0) > corpus.length / 2;
  const reference = bm25Reference(corpus, { english });

  const retrieve = async (q: string, mode: Mode): Promise<ChunkHit[]> => {
    if (mode === "lexical+feedback" || mode === "hybrid+feedback") {
      return searchChunks(scope, q, { mode: mode === "lexical+feedback" ? "lexical" : "hybrid", topK: POOL, expand: true });
    }
    if (mode !== "hybrid+rerank") return searchChunks(scope, q, { mode, topK: POOL, expand: false });
    // As /search with rerank: the reranker reorders the fused candidates; the rest keep their fused order.
    const hits = await searchChunks(scope, q, { mode: "hybrid", topK: POOL, expand: false });
    const pool = hits.slice(0, env().SEARCH_RERANK_CANDIDATES);
    return [...(await rerankHits(q, pool)), ...hits.slice(pool.length)];
  };

  const rows: string[] = [];
  rows.push(`| mode          | nDCG@10 | × BM25 | recall@10 | ms/query |`);
  rows.push(`|---------------|---------|--------|-----------|----------|`);
  let floor = 0;
  for (const q of queries) floor += ndcgAt(reference.search(q.text, K), qrels.get(q._id)!);
  floor /= queries.length;
  let floorRecall = 0;
  for (const q of queries) floorRecall += recallAt(reference.search(q.text, K), qrels.get(q._id)!);
  floorRecall /= queries.length;
  rows.push(`| BM25 (floor)  | ${floor.toFixed(4)}  |  1.00  | ${floorRecall.toFixed(4)}    |        – |`);
  console.log(rows.at(-1));
  for (const mode of MODES.filter((m) => only.includes(m))) {
    let ndcg = 0;
    let recall = 0;
    t0 = performance.now();
    for (const q of queries) {
      const hits = await retrieve(q.text, mode);
      const ranked: string[] = [];
      for (const h of hits) {
        const d = docOfFile.get(h.fileId)!;
        if (!ranked.includes(d)) ranked.push(d);
        if (ranked.length === K) break;
      }
      const qNdcg = ndcgAt(ranked, qrels.get(q._id)!);
      ndcg += qNdcg;
      if (dump) {
        const firstRelevant = ranked.findIndex((d) => (qrels.get(q._id)!.get(d) ?? 0) > 0);
        const bm25 = ndcgAt(reference.search(q.text, K), qrels.get(q._id)!);
        dumped.push(JSON.stringify({ query: q._id, mode, ndcg: qNdcg, bm25, firstRelevant: firstRelevant + 1 }));
      }
      recall += recallAt(ranked, qrels.get(q._id)!);
    }
    const ms = (performance.now() - t0) / queries.length;
    rows.push(
      `| ${mode.padEnd(13)} | ${(ndcg / queries.length).toFixed(4)}  |  ${(ndcg / queries.length / floor).toFixed(2)}  | ${(recall / queries.length).toFixed(4)}    | ${ms.toFixed(1).padStart(8)} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\n${rows.join("\n")}`);
  if (dump) fs.writeFileSync(dump, `${dumped.join("\n")}\n`);
  setDatabase(undefined);
  await database.close();
}

await main();
