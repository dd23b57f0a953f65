// Pseudo-relevance feedback (RM3) for the lexical retriever on a real PGlite database: the expansion weights
// follow the formula, words of the best chunks bring in a chunk that shares none of the query's words, and
// feedback never reads another company's or an unreadable workspace's chunks, nor chunks a file filter excludes.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { setEnvForTests } from "@/lib/env";
import { analyseLexicalQuery, type Bm25Query, bm25Idf } from "@/lib/search/bm25";
import { expandedQuery, feedbackTerms } from "@/lib/search/bm25-feedback";
import { searchChunks } from "@/lib/search/hybrid-search";
import { type ChunkInput, insertChunks } from "@/lib/search/index-chunks";
import type { ChunkSearchScope } from "@/lib/search/types";
import { seedCompany } from "@/tests/factories";
import { useTestDatabase } from "@/tests/helpers/db";

useTestDatabase();

type Owner = { companyId: number; defaultWorkspaceId: number };
let a: Owner;
let b: Owner;
let otherWorkspace: number;
let n = 0;

async function addFile(owner: Owner, texts: string[], workspaceId = owner.defaultWorkspaceId, extension = "txt"): Promise<number> {
  const file = await db().file.create({
    data: {
      companyId: owner.companyId,
      workspaceId,
      filename: `f${++n}.${extension}`,
      title: `f${n}`,
      extension,
      size: 1,
      sha256: "0",
      storageKey: `feedback-${n}`,
    },
  });
  const chunks: ChunkInput[] = texts.map((content, i) => ({ chunkIndex: i, page: 1, headingPath: "", content, tokenCount: 10, language: "english" }));
  await insertChunks(db(), { id: file.id, companyId: owner.companyId, workspaceId }, chunks, null, null);
  return file.id;
}

const filler = ["Quarterly sales grew in the northern region.", "The cafeteria menu changes every week.", "Parking permits renew in spring."];

beforeAll(async () => {
  a = await seedCompany();
  b = await seedCompany();
  otherWorkspace = (await db().workspace.create({ data: { companyId: a.companyId, name: "Hidden" } })).id;
  await addFile(a, [
    "Turbine blade cracking: fatigue of the nickel superalloy at the blade root.",
    "Blade cracks start at the root where nickel superalloy fatigue concentrates.",
    // Shares no word with the query "turbine blade cracking": only feedback can find it.
    "Superalloy fatigue at the root is detected with ultrasonic inspection.",
  ]);
  await addFile(a, filler);
  await addFile(
    a,
    filler.map((t) => `${t} Again.`),
  );
  // Another company and a workspace A's caller cannot read use other words with the same query words.
  await addFile(b, ["Turbine blade cracking from zeppelin vibration.", "Zeppelin vibration cracks blades."]);
  await addFile(a, ["Turbine blade cracking caused by walrus impacts.", "Walrus impacts again."], otherWorkspace);
});

const scopeA = (): ChunkSearchScope => ({ companyId: a.companyId, workspaceIds: [a.defaultWorkspaceId] });

describe("RM3 expansion", () => {
  it("interpolates the query (λ) with the relevance model's best terms (1 − λ), common terms left out", () => {
    const q: Bm25Query = { groups: [{ terms: ["english:blade"], idf: 1, qtf: 2, postings: 3 }], avgdl: 10, chunks: 100 };
    const out = expandedQuery(
      q,
      [
        { term: "english:blade", weight: 4, df: 3 },
        { term: "english:root", weight: 3, df: 4 },
        { term: "english:common", weight: 8, df: 60 },
        { term: "english:fatigu", weight: 1, df: 2 },
        { term: "english:rare", weight: 0.5, df: 1 },
      ],
      { terms: 3, lambda: 0.6 },
    );
    expect(out.groups.map((g) => g.terms[0])).toEqual(["english:blade", "english:root", "english:fatigu"]);
    expect(out.groups[0].qtf).toBeCloseTo(0.6 + 0.4 * 0.5, 12);
    expect(out.groups[1].qtf).toBeCloseTo(0.4 * 0.375, 12);
    expect(out.groups[2].qtf).toBeCloseTo(0.4 * 0.125, 12);
    expect(out.groups[1].idf).toBeCloseTo(bm25Idf(100, 4), 12);
    expect(expandedQuery(q, [])).toBe(q);
  });

  it("finds a chunk that shares no word with the query through the words of the best chunks", async () => {
    const plain = await searchChunks(scopeA(), "turbine blade cracking", { mode: "lexical", topK: 10 });
    expect(plain.some((h) => h.content.startsWith("Superalloy fatigue"))).toBe(false);
    const expanded = await searchChunks(scopeA(), "turbine blade cracking", { mode: "lexical", topK: 10, expand: true });
    expect(expanded[0].content).toMatch(/^Turbine blade cracking/);
    expect(expanded.some((h) => h.content.startsWith("Superalloy fatigue"))).toBe(true);
    expect(expanded.every((h) => !/zeppelin|walrus/i.test(h.content))).toBe(true);
  });

  it("is off unless SEARCH_FEEDBACK or the caller asks for it", async () => {
    const finds = async (opts: { expand?: boolean }) =>
      (await searchChunks(scopeA(), "turbine blade cracking", { mode: "lexical", topK: 10, ...opts })).some((h) =>
        h.content.startsWith("Superalloy"),
      );
    try {
      setEnvForTests({ SEARCH_FEEDBACK: "true" });
      expect(await finds({})).toBe(true);
      expect(await finds({ expand: false })).toBe(false);
    } finally {
      setEnvForTests({});
    }
    expect(await finds({})).toBe(false);
  });

  it("reads feedback only from the caller's company, readable workspaces and filtered files", async () => {
    const q = (await analyseLexicalQuery(a.companyId, "turbine blade cracking"))!;
    const terms = (await feedbackTerms(a.companyId, q, { workspaceIds: [a.defaultWorkspaceId] })).map((t) => t.term);
    expect(terms).toContain("english:superalloy");
    expect(terms.some((t) => /zeppelin|walrus/.test(t))).toBe(false);
    // A file filter that excludes the turbine file leaves nothing about superalloys to feed back.
    const where = Prisma.sql`EXISTS (SELECT 1 FROM files f WHERE f.id = c.file_id AND f.extension = 'pdf')`;
    expect(await feedbackTerms(a.companyId, q, { workspaceIds: [a.defaultWorkspaceId], where })).toEqual([]);
    // Hybrid with expansion keeps tenancy too.
    const hybrid = await searchChunks(scopeA(), "turbine blade cracking", { mode: "hybrid", topK: 20, expand: true });
    expect(hybrid.every((h) => !/zeppelin|walrus/i.test(h.content))).toBe(true);
  });
});
