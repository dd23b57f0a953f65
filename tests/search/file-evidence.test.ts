// The files list's content search is a filter: a file matches with lexical evidence (enough of the query's
// words anywhere in it) or a passage above the model's match floor, never because it is the nearest
// neighbour of anything. Quoted phrases narrow hybrid results on both retrievers. Real PGlite + pgvector,
// offline embedding model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { db } from "@/lib/db/client";
import { ensureVectorIndex } from "@/lib/db/vector";
import { setEnvForTests } from "@/lib/env";
import { queryWords, requiredWords, semanticMatchFloor } from "@/lib/search/file-evidence";
import { fileLevelSearch, searchChunks, semanticFloor } from "@/lib/search/hybrid-search";
import { type ChunkInput, insertChunks } from "@/lib/search/index-chunks";
import type { ChunkSearchScope } from "@/lib/search/types";
import { seedCompany } from "@/tests/factories";
import { useTestDatabase } from "@/tests/helpers/db";

useTestDatabase();

const CONTRACT_NOTES = [
  "Contract note. Trade date 12.03.2026. Bought 100 shares of ACME Corp at 45.20 EUR. Brokerage commission 9.90 EUR. Settlement date 14.03.2026.",
  "Contract note\n\n| Security | Quantity | Price | Amount |\n|---|---|---|---|\n| Siemens AG | 20 | 180.00 | 3,600.00 |\n\nCommission and charges: 12.50 EUR. Total debit 3,612.50 EUR.",
  "Contract note. Sold 50 units of World Equity Fund at 88.10 EUR. Costs of the transaction 4.95 EUR. Amount credited 4,400.05 EUR.",
];

const CORPUS: Record<string, string[]> = {
  "contract-note-1": [CONTRACT_NOTES[0]],
  "contract-note-2": [CONTRACT_NOTES[1]],
  "contract-note-3": [CONTRACT_NOTES[2]],
  "travel-report": [
    "# Travel expense report\n\nFlight Berlin to Munich 189 EUR, hotel two nights 240 EUR, taxi 35 EUR.",
    "Reimbursement is requested within 30 days of the trip.",
  ],
  "hotel-invoice": ["Hotel invoice: Hotel Adlon, three nights, breakfast included. Total 780.00 EUR."],
  "booking-note": ["Invoice for the booking: the hotel charged the conference room separately."],
  "employment-contract": ["Employment contract between Acme GmbH and Jane Doe. Salary 5,000 EUR gross per month."],
};

let scope: ChunkSearchScope;
const names = new Map<number, string>();

async function addFile(companyId: number, workspaceId: number, name: string, texts: string[]): Promise<number> {
  const file = await db().file.create({
    data: { companyId, workspaceId, filename: `${name}.md`, title: name, extension: "md", size: 100, sha256: "0", storageKey: name },
  });
  const chunks: ChunkInput[] = texts.map((content, i) => ({
    chunkIndex: i,
    page: 1,
    headingPath: "",
    content,
    tokenCount: content.split(/\s+/).length,
    language: "english",
  }));
  const provider = embeddingProvider();
  const vectors = await embedTexts(
    chunks.map((c) => c.content),
    "document",
    provider,
  );
  await insertChunks(db(), { id: file.id, companyId, workspaceId }, chunks, vectors, provider.id);
  names.set(file.id, name);
  return file.id;
}

beforeAll(async () => {
  setEnvForTests({ EMBEDDINGS_PROVIDER: "local" });
  const a = await seedCompany();
  const b = await seedCompany();
  await ensureVectorIndex(embeddingProvider());
  for (const [name, texts] of Object.entries(CORPUS)) await addFile(a.companyId, a.defaultWorkspaceId, name, texts);
  // Another company's travel report must never be evidence for this one.
  await addFile(b.companyId, b.defaultWorkspaceId, "rival-travel", ["Travel expenses of the rival: flights and hotels."]);
  scope = { companyId: a.companyId, workspaceIds: [a.defaultWorkspaceId] };
});

afterAll(() => setEnvForTests({}));

const matching = async (query: string) =>
  (await fileLevelSearch(scope, query, { mode: "hybrid", topK: 50, matchingOnly: true })).map((f) => names.get(f.fileId));

describe("requiredWords and queryWords", () => {
  it("asks for every word of short queries and three quarters of longer ones", () => {
    expect([0, 1, 2, 3, 4, 5, 8].map(requiredWords)).toEqual([0, 1, 2, 2, 3, 3, 6]);
  });

  it("takes the positive words once, without quotes, exclusions or punctuation", () => {
    expect(queryWords('"Travel expenses" -draft travel, Hotel?')).toEqual(["travel", "expenses", "hotel"]);
    // Arabic function words ("what is", "in") do not count, although the arabic configuration indexes them.
    expect(queryWords("ما هو عقد الإيجار في بيروت؟")).toEqual(["عقد", "الإيجار", "بيروت"]);
  });

  it("uses the model's match floor, never below the ranking floor, and none when uncalibrated", () => {
    const provider = embeddingProvider();
    expect(semanticMatchFloor(provider, semanticFloor(provider))).toBe(0.3);
    expect(semanticMatchFloor({ ...provider, matchFloor: 0.2 }, 0.25)).toBe(0.25);
    expect(semanticMatchFloor({ id: "x", dimensions: 3, embed: async () => [] }, 0)).toBeNull();
  });
});

describe("fileLevelSearch with matchingOnly", () => {
  it("no longer matches contract notes for 'travel expenses', which a ranking returns as neighbours", async () => {
    const ranked = (await fileLevelSearch(scope, "travel expenses", { mode: "hybrid", topK: 50 })).map((f) => names.get(f.fileId));
    expect(ranked.filter((n) => n?.startsWith("contract-note")).length).toBeGreaterThan(0);
    expect(await matching("travel expenses")).toEqual(["travel-report"]);
  });

  it("returns nothing for a query no document shares, even when one of its words occurs", async () => {
    expect(await matching("quantum chromodynamics")).toEqual([]);
    expect(await matching("submarine expenses")).toEqual([]);
  });

  it("matches words spread over a document's chunks, and longer queries with most of their words", async () => {
    expect(await matching("flight reimbursement")).toEqual(["travel-report"]);
    // Three words: two of them are enough (the travel report has "hotel" and "nights"); the booking note
    // (only "hotel") is in by meaning, contract notes and the employment contract are not.
    const hotel = await matching("hotel breakfast nights");
    expect(hotel).toEqual(expect.arrayContaining(["hotel-invoice", "travel-report"]));
    expect(hotel.filter((n) => n?.startsWith("contract") || n === "employment-contract")).toEqual([]);
  });

  it("keeps a file whose passage is close in meaning without sharing the query's words", async () => {
    expect(await matching("journey reimbursements costs airfare")).toContain("travel-report");
  });

  it("counts every file that holds the words, and only those", async () => {
    expect((await matching("contract note")).sort()).toEqual(["contract-note-1", "contract-note-2", "contract-note-3"]);
    const siemens = await matching("Siemens commission");
    expect(siemens[0]).toBe("contract-note-2");
    expect(siemens).not.toEqual(expect.arrayContaining(["contract-note-3"]));
    expect(siemens.filter((n) => !n?.startsWith("contract-note"))).toEqual([]);
  });

  it("never takes another company's file as a match", async () => {
    expect(await matching("rival flights")).toEqual([]);
  });
});

describe("quoted phrases in hybrid mode", () => {
  it("returns only passages holding the phrase, from either retriever", async () => {
    const loose = (await searchChunks(scope, "hotel invoice", { mode: "hybrid", topK: 20 })).map((h) => names.get(h.fileId));
    expect(loose).toEqual(expect.arrayContaining(["hotel-invoice", "booking-note"]));
    const quoted = await searchChunks(scope, '"hotel invoice"', { mode: "hybrid", topK: 20 });
    expect(quoted.map((h) => names.get(h.fileId))).toEqual(["hotel-invoice"]);
    expect(await matching('"hotel invoice"')).toEqual(["hotel-invoice"]);
  });

  it("drops excluded words from semantic candidates too", async () => {
    const hits = await searchChunks(scope, "hotel -adlon", { mode: "hybrid", topK: 20 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((h) => names.get(h.fileId))).not.toContain("hotel-invoice");
  });
});

describe("filters that analyse to nothing", () => {
  it("narrow nothing instead of hiding every result ('--', an excluded stop word)", async () => {
    for (const query of ["travel expense report -- flights", "travel expense report -the"]) {
      const hits = await searchChunks(scope, query, { mode: "hybrid", topK: 5 });
      expect(names.get(hits[0]?.fileId ?? -1)).toBe("travel-report");
      const lexical = await searchChunks(scope, query, { mode: "lexical", topK: 5 });
      expect(names.get(lexical[0]?.fileId ?? -1)).toBe("travel-report");
    }
  });
});
