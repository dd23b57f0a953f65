// Top-k pruning of common words in BM25 (MaxScore, lib/search/bm25.ts): the pruned statement returns
// exactly what reading every posting returns (same chunks, same scores, same order) for queries that mix
// rare and common words, with scopes, phrase filters and candidate counts that force its fallback; and on
// a typical query it really skips the exhaustive scan.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { analyseLexicalQuery, bm25CandidatesSql, nonEssentialGroups } from "@/lib/search/bm25";
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

/** EXPLAIN ANALYZE of the pruned lexical statement over the caller's workspaces. */
async function plan(query: string, candidates: number, s = scope): Promise<string> {
  const q = (await analyseLexicalQuery(s.companyId, query))!;
  const where = Prisma.sql`c.company_id = ${s.companyId}::int AND c.workspace_id IN (${Prisma.join(s.workspaceIds)})`;
  const sql = bm25CandidatesSql(s.companyId, q, where, candidates, { pruneMinPostings: MIN_POSTINGS });
  const rows = await db().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ANALYZE ${sql}`;
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

/** The plan line of the exhaustive branch: the first node under the one-time filter that gates it ('' unpruned). */
function exhaustiveBranch(plan: string): string {
  if (!plan.includes("One-Time Filter: (NOT")) return "";
  const after = plan.slice(plan.indexOf("One-Time Filter: (NOT"));
  return after.split("\n").find((l) => /->\s+(Limit|Sort|Subquery Scan)/.test(l)) ?? "";
}

describe("BM25 top-k pruning", () => {
  it("splits off only common words whose bounds stay below the rarest word's weight", async () => {
    const q = (await analyseLexicalQuery(scope.companyId, "report system turbine"))!;
    const ne = nonEssentialGroups(q, 0.9, MIN_POSTINGS);
    const names = (set: Set<number>) => [...set].map((i) => q.groups[i].terms[0]).sort();
    expect(names(ne)).toEqual(["english:report", "english:system"]);
    // A query of rare words only, or a lone word, has nothing to prune.
    expect(nonEssentialGroups((await analyseLexicalQuery(scope.companyId, "turbine glacier"))!, 0.9, MIN_POSTINGS).size).toBe(0);
    expect(nonEssentialGroups((await analyseLexicalQuery(scope.companyId, "report"))!, 0.9, MIN_POSTINGS).size).toBe(0);
    // With the production threshold this small corpus is never pruned.
    expect(nonEssentialGroups(q, 0.9).size).toBe(0);
  });

  it("returns exactly the exhaustive ranking for mixed queries, scopes and candidate counts", async () => {
    const random = rng(5);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    let compared = 0;
    const paths = { pruned: 0, fallback: 0, exhaustive: 0 };
    for (let i = 0; i < 40; i++) {
      const words = [pick(RARE), ...Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(COMMON))];
      if (random() < 0.3) words.push(pick(RARE));
      const s = i % 4 === 3 ? narrow : scope;
      const candidates = pick([3, 5, 10, 50]);
      const { pruned, full } = await both(s, words.join(" "), candidates, candidates);
      expect(pruned.map((h) => h.chunkId)).toEqual(full.map((h) => h.chunkId));
      pruned.forEach((h, j) => expect(h.score).toBeCloseTo(full[j].score, 9));
      compared += full.length;
      if (nonEssentialGroups((await analyseLexicalQuery(s.companyId, words.join(" ")))!, 0.9, MIN_POSTINGS).size) {
        const branch = exhaustiveBranch(await plan(words.join(" "), candidates, s));
        paths[!branch ? "exhaustive" : branch.includes("(never executed)") ? "pruned" : "fallback"]++;
      }
    }
    expect(compared).toBeGreaterThan(400);
    // Both ways through the statement were compared.
    expect(paths.pruned).toBeGreaterThan(8);
    expect(paths.fallback + paths.exhaustive).toBeGreaterThan(8);
  });

  it("stays exact with a phrase filter", async () => {
    const { pruned, full } = await both(scope, '"report system" turbine value', 10, 10);
    expect(full.length).toBeGreaterThan(0);
    expect(pruned.map((h) => h.chunkId)).toEqual(full.map((h) => h.chunkId));
  });

  it("skips the exhaustive scan when the pruned top k is proven, and falls back when it is not", async () => {
    // Few candidates: the rare word's chunks outscore anything the common words alone can reach.
    const proven = await plan("turbine report value", 3);
    expect(exhaustiveBranch(proven)).toContain("(never executed)");
    // Rare words held by enough chunks of the company to try, but by fewer chunks in the caller's workspace
    // than the top k: chunks with common words only belong to it, so the statement reads every posting.
    const fallback = exhaustiveBranch(await plan(`${RARE.slice(0, 6).join(" ")} report value`, 30, narrow));
    expect(fallback).not.toBe("");
    expect(fallback).not.toContain("(never executed)");
    // Fewer postings of the rare word than twice the top k: no pruned pass is tried at all.
    expect(exhaustiveBranch(await plan("turbine report value", 200))).toBe("");
  });
});
