// Top-k pruning of common words in BM25 (MaxScore, lib/search/bm25-candidates.ts): the pruned statement returns
// exactly what reading every posting returns (same chunks, same scores, same order) for queries that mix
// rare and common words, with scopes, file and phrase filters and candidate counts where no list can be
// skipped; and on a typical query it really leaves common words' postings unread.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { analyseLexicalQuery } from "@/lib/search/bm25";
import { bm25CandidatesSql, prunableGroups } from "@/lib/search/bm25-candidates";
import { searchChunks } from "@/lib/search/hybrid-search";
import { type ChunkInput, insertChunks } from "@/lib/search/index-chunks";
import type { ChunkSearchScope } from "@/lib/search/types";
import { seedCompany } from "@/tests/factories";
import { useTestDatabase } from "@/tests/helpers/db";

useTestDatabase();

// Small corpus: pruning is switched on for every word with at least 40 postings.
const MIN_POSTINGS = 40;
const COMMON = ["report", "system", "value", "process", "result", "level"];
const RARE = ["turbine", "invoice", "glacier", "violin", "harbour", "quartz", "saffron", "meteor", "lantern", "orchid"];

let scope: ChunkSearchScope;
let narrow: ChunkSearchScope;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

beforeAll(async () => {
  const a = await seedCompany();
  const other = await db().workspace.create({ data: { companyId: a.companyId, name: "Other" } });
  scope = { companyId: a.companyId, workspaceIds: [a.defaultWorkspaceId, other.id] };
  narrow = { companyId: a.companyId, workspaceIds: [other.id] };
  const random = rng(11);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  for (let f = 0; f < 24; f++) {
    const workspaceId = f % 3 === 0 ? other.id : a.defaultWorkspaceId;
    const file = await db().file.create({
      data: {
        companyId: a.companyId,
        workspaceId,
        filename: `p${f}.txt`,
        title: `p${f}`,
        extension: "txt",
        size: 1,
        sha256: "0",
        storageKey: `prune-${f}`,
      },
    });
    const chunks: ChunkInput[] = Array.from({ length: 10 }, (_, i) => {
      const words: string[] = [];
      const len = 8 + Math.floor(random() * 30);
      for (let j = 0; j < len; j++) words.push(random() < 0.7 ? pick(COMMON) : random() < 0.1 ? pick(RARE) : `filler${Math.floor(random() * 60)}`);
      return { chunkIndex: i, page: 1, headingPath: "", content: words.join(" "), tokenCount: len, language: "english" };
    });
    await insertChunks(db(), { id: file.id, companyId: a.companyId, workspaceId }, chunks, null, null);
  }
});

async function both(s: ChunkSearchScope, query: string, topK: number, candidates: number) {
  const opts = { mode: "lexical" as const, topK, candidates };
  const pruned = await searchChunks(s, query, opts, { lexical: { pruneMinPostings: MIN_POSTINGS } });
  const full = await searchChunks(s, query, opts, { lexical: { prune: false } });
  return { pruned, full };
}

/** Postings the lexical statement reads (rows × loops of its scans of the postings), pruned or not. */
async function postingsRead(query: string, candidates: number, s = scope, prune = true): Promise<{ read: number; plan: string }> {
  const q = (await analyseLexicalQuery(s.companyId, query))!;
  const sql = bm25CandidatesSql(s.companyId, q, s, candidates, prune ? { pruneMinPostings: MIN_POSTINGS } : { prune: false });
  const plan = (await db().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ANALYZE ${sql}`).map((r) => r["QUERY PLAN"]).join("\n");
  const read = plan
    .split("\n")
    .filter((l) => /(Index Scan|Index Only Scan|Seq Scan|Bitmap Heap Scan) .*on chunk_terms /.test(l))
    .reduce((sum, l) => {
      const m = l.match(/actual time=\S+ rows=([\d.]+) loops=(\d+)/);
      return sum + (m ? Number(m[1]) * Number(m[2]) : 0);
    }, 0);
  return { read, plan };
}

describe("BM25 top-k pruning", () => {
  it("may skip only common words, lightest first, never the rarest", async () => {
    const q = (await analyseLexicalQuery(scope.companyId, "report system turbine"))!;
    const names = (groups: number[]) => groups.map((i) => q.groups[i].terms[0]).sort();
    expect(names(prunableGroups(q, 0.9, MIN_POSTINGS))).toEqual(["english:report", "english:system"]);
    // A query of rare words only, or a lone word, has nothing to prune.
    expect(prunableGroups((await analyseLexicalQuery(scope.companyId, "turbine glacier"))!, 0.9, MIN_POSTINGS)).toEqual([]);
    expect(prunableGroups((await analyseLexicalQuery(scope.companyId, "report"))!, 0.9, MIN_POSTINGS)).toEqual([]);
    // With the production threshold this small corpus is never pruned.
    expect(prunableGroups(q, 0.9)).toEqual([]);
  });

  it("returns exactly the exhaustive ranking for mixed queries, scopes and candidate counts", async () => {
    const random = rng(5);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    let compared = 0;
    const paths = { skipped: 0, readAll: 0 };
    for (let i = 0; i < 40; i++) {
      const words = [pick(RARE), ...Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(COMMON))];
      if (random() < 0.3) words.push(pick(RARE));
      const s = i % 4 === 3 ? narrow : scope;
      const candidates = pick([3, 5, 10, 50]);
      const { pruned, full } = await both(s, words.join(" "), candidates, candidates);
      expect(pruned.map((h) => h.chunkId)).toEqual(full.map((h) => h.chunkId));
      pruned.forEach((h, j) => expect(h.score).toBe(full[j].score));
      compared += full.length;
      const q = (await analyseLexicalQuery(s.companyId, words.join(" ")))!;
      if (prunableGroups(q, 0.9, MIN_POSTINGS).length) {
        const lists = (await postingsRead(words.join(" "), candidates, s, false)).read;
        paths[(await postingsRead(words.join(" "), candidates, s)).read < lists ? "skipped" : "readAll"]++;
      }
    }
    expect(compared).toBeGreaterThan(400);
    // Both ways through the statement were compared: common lists left unread, and every list read.
    expect(paths.skipped).toBeGreaterThan(8);
    expect(paths.readAll).toBeGreaterThan(4);
  });

  it("stays exact with a phrase filter and with a file filter", async () => {
    const phrase = await both(scope, '"report system" turbine value', 10, 10);
    expect(phrase.full.length).toBeGreaterThan(0);
    expect(phrase.pruned.map((h) => h.chunkId)).toEqual(phrase.full.map((h) => h.chunkId));
    const some: ChunkSearchScope = { ...scope, fileFilter: Prisma.sql`f.filename LIKE ${"p1%"}` };
    const filtered = await both(some, "turbine glacier report value system", 5, 5);
    expect(filtered.full.length).toBe(5);
    expect(filtered.pruned.map((h) => h.chunkId)).toEqual(filtered.full.map((h) => h.chunkId));
    const files = await db().chunk.findMany({
      where: { id: { in: filtered.full.map((h) => BigInt(h.chunkId)) } },
      select: { file: { select: { filename: true } } },
    });
    for (const f of files) expect(f.file.filename).toMatch(/^p1/);
  });

  it("leaves common words' postings unread when the top k is reached without them, and reads them otherwise", async () => {
    // Few candidates: the rare word's chunks outscore anything the common words alone can reach.
    const all = await postingsRead("turbine report value", 3, scope, false);
    const pruned = await postingsRead("turbine report value", 3);
    expect(pruned.plan).toContain("seed_postings");
    expect(pruned.read).toBeLessThan(all.read / 2);
    // Rare words held by fewer chunks of the caller's workspace than the top k: chunks with common words only
    // belong to it, so every list is read (and the ranking stays exact, above).
    const few = `${RARE.slice(0, 6).join(" ")} report value`;
    expect((await postingsRead(few, 30, narrow)).read).toBeGreaterThanOrEqual((await postingsRead(few, 30, narrow, false)).read);
    // Fewer postings of the rare word than twice the top k: no pruned pass is tried at all.
    expect((await postingsRead("turbine report value", 200)).plan).not.toContain("seed_postings");
  });
});
