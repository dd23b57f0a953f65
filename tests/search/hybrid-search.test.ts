// Hybrid retrieval on a real (PGlite + pgvector) database with the offline embedding model: exact
// tokens, paraphrases, fusion, tenancy and workspace isolation, file filters, and the partial HNSW index.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { createDatabase, database, db, setDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { chunksNeedingEmbedding, ensureVectorIndex, vectorIndexName } from "@/lib/db/vector";
import { setEnvForTests } from "@/lib/env";
import { analyseLexicalQuery } from "@/lib/search/bm25";
import { chunkSearchSql, fileLevelSearch, searchChunks, semanticFloor } from "@/lib/search/hybrid-search";
import { type ChunkInput, deleteChunks, insertChunks } from "@/lib/search/index-chunks";
import type { ChunkSearchScope, SearchMode } from "@/lib/search/types";
import { seedCompany } from "@/tests/factories";
import { useTestDatabase } from "@/tests/helpers/db";

useTestDatabase();

interface Doc {
  name: string;
  ext: string;
  language?: string;
  chunks: string[];
}

const CORPUS: Doc[] = [
  { name: "invoice-consulting", ext: "pdf", chunks: ["Invoice INV-77341 for consulting services in October is overdue. Please pay within 14 days."] },
  { name: "invoice-hardware", ext: "pdf", chunks: ["Invoice INV-77314 for hardware was paid in full by bank transfer."] },
  {
    name: "refund-policy",
    ext: "docx",
    chunks: ["Refund policy: customers may request reimbursement for defective merchandise within 30 days of delivery."],
  },
  {
    name: "leave-policy",
    ext: "docx",
    chunks: ["Staff are entitled to 30 days of paid annual leave per calendar year.", "Vacation requests go to the team lead two weeks ahead."],
  },
  {
    name: "vehicle-claims",
    ext: "pdf",
    chunks: ["To report a car collision, file a claim with the insurer within 14 days and attach photos of the damage."],
  },
  {
    name: "kuendigung",
    ext: "pdf",
    language: "german",
    chunks: ["Die Kündigung des Mietvertrags muss schriftlich mit einer Frist von drei Monaten erfolgen."],
  },
  {
    name: "facture",
    ext: "pdf",
    language: "french",
    chunks: ["La facture numéro 5521 reste impayée depuis juin; des pénalités de retard s'appliquent."],
  },
  {
    name: "security",
    ext: "md",
    chunks: ["All laptops must use full-disk encryption and a password manager. Report phishing emails to the security team."],
  },
  {
    name: "onboarding",
    ext: "md",
    chunks: ["New employees receive their laptop and badge on the first day. The onboarding checklist covers accounts and training."],
  },
  { name: "cafeteria", ext: "txt", chunks: ["The cafeteria serves lunch from noon until two. Vegetarian options are available every day."] },
  {
    name: "server-room",
    ext: "md",
    chunks: ["The server room temperature must stay below 25 degrees; the cooling system alerts the on-call engineer."],
  },
];

// Text that would rank first for the test queries, stored where the caller has no access.
const FORBIDDEN_TEXT = "Invoice INV-77341 INV-77341 overdue consulting services October. Refund reimbursement defective merchandise money back.";

let scope: ChunkSearchScope;
const fileIds = new Map<string, number>();
const forbiddenFileIds: number[] = [];

async function addFile(companyId: number, workspaceId: number, doc: Doc): Promise<number> {
  const file = await db().file.create({
    data: {
      companyId,
      workspaceId,
      filename: `${doc.name}.${doc.ext}`,
      title: doc.name,
      extension: doc.ext,
      size: 100,
      sha256: "0",
      storageKey: doc.name,
    },
  });
  const chunks: ChunkInput[] = doc.chunks.map((content, i) => ({
    chunkIndex: i,
    page: 1,
    headingPath: doc.name,
    content,
    tokenCount: content.split(/\s+/).length,
    language: doc.language ?? "english",
  }));
  const provider = embeddingProvider();
  const vectors = await embedTexts(
    chunks.map((c) => `${c.headingPath}\n${c.content}`),
    "document",
    provider,
  );
  await insertChunks(db(), { id: file.id, companyId, workspaceId }, chunks, vectors, provider.id);
  return file.id;
}

beforeAll(async () => {
  setEnvForTests({ EMBEDDINGS_PROVIDER: "local" });
  const a = await seedCompany();
  const b = await seedCompany();
  const hidden = await db().workspace.create({ data: { companyId: a.companyId, name: "Board only" } });
  await ensureVectorIndex(embeddingProvider());
  for (const doc of CORPUS) fileIds.set(doc.name, await addFile(a.companyId, a.defaultWorkspaceId, doc));
  const forbidden: Doc = { name: "leak", ext: "pdf", chunks: [FORBIDDEN_TEXT] };
  forbiddenFileIds.push(await addFile(a.companyId, hidden.id, forbidden));
  forbiddenFileIds.push(await addFile(b.companyId, b.defaultWorkspaceId, forbidden));
  scope = { companyId: a.companyId, workspaceIds: [a.defaultWorkspaceId] };
});

afterAll(() => {
  setEnvForTests({});
});

const fileOf = (chunkFileId: number) => [...fileIds.entries()].find(([, id]) => id === chunkFileId)?.[0];

async function firstFile(query: string, mode: SearchMode): Promise<string | undefined> {
  const [hit] = await searchChunks(scope, query, { mode, topK: 5 });
  return hit ? fileOf(hit.fileId) : undefined;
}

describe("searchChunks", () => {
  it("ranks the chunk with an exact code first in every mode that reads text", async () => {
    for (const mode of ["lexical", "hybrid"] as const) {
      const hits = await searchChunks(scope, "INV-77341", { mode, topK: 5 });
      expect(fileOf(hits[0].fileId), mode).toBe("invoice-consulting");
      expect(hits[0].scores.lexical).toBeGreaterThan(0);
    }
    // The hashed sub-word features make the code close in vector space too.
    expect(await firstFile("INV-77341", "semantic")).toBe("invoice-consulting");
  });

  it("finds a paraphrase with no word in common in semantic mode", async () => {
    expect(await firstFile("how do I get my money back for a broken product", "semantic")).toBe("refund-policy");
    expect(await firstFile("automobile crash insurance", "semantic")).toBe("vehicle-claims");
  });

  it("matches German and French chunks with their stemmers and exact words", async () => {
    expect(await firstFile("Kündigung Mietvertrag", "lexical")).toBe("kuendigung");
    expect(await firstFile("factures impayées", "lexical")).toBe("facture");
  });

  it("fuses both retrievers: hybrid is at least as good as lexical on a handmade set", async () => {
    const judged: [string, string][] = [
      ["INV-77341", "invoice-consulting"],
      ["money back for a broken product", "refund-policy"],
      ["how many vacation days do employees get", "leave-policy"],
      ["car accident insurance", "vehicle-claims"],
      ["Kündigung Mietvertrag", "kuendigung"],
      ["facture impayée", "facture"],
      ["protect computers from hackers", "security"],
      ["first day for new hires", "onboarding"],
      ["when is lunch served", "cafeteria"],
      ["cooling of the machines", "server-room"],
    ];
    const mrr = async (mode: SearchMode) => {
      let sum = 0;
      for (const [query, expected] of judged) {
        const hits = await searchChunks(scope, query, { mode, topK: 10 });
        const rank = hits.findIndex((h) => fileOf(h.fileId) === expected);
        sum += rank < 0 ? 0 : 1 / (rank + 1);
      }
      return sum / judged.length;
    };
    const [lexical, semantic, hybrid] = [await mrr("lexical"), await mrr("semantic"), await mrr("hybrid")];
    expect(hybrid).toBeGreaterThanOrEqual(lexical);
    expect(hybrid).toBeGreaterThan(0.7);
    expect(semantic).toBeGreaterThan(0.5);
  });

  it("reports each retriever's score and the fused score", async () => {
    const [lex] = await searchChunks(scope, "invoice overdue", { mode: "lexical", topK: 1 });
    expect(lex.score).toBe(lex.scores.lexical);
    expect(lex.scores.semantic).toBeNull();
    const [sem] = await searchChunks(scope, "invoice overdue", { mode: "semantic", topK: 1 });
    expect(sem.score).toBeCloseTo(sem.scores.semantic!, 6);
    expect(sem.score).toBeLessThanOrEqual(1);
    const [hyb] = await searchChunks(scope, "invoice overdue", { mode: "hybrid", topK: 1 });
    // The best lexical match (normalised to 1) and its similarity above the model's floor, equally weighted.
    const floor = semanticFloor(embeddingProvider());
    expect(hyb.chunkId).toBe(lex.chunkId);
    expect(hyb.score).toBeCloseTo((1 + (hyb.scores.semantic! - floor) / (1 - floor)) / 2, 6);
    expect(hyb.scores).toMatchObject({ lexical: expect.any(Number), semantic: expect.any(Number), rerank: null });
  });

  it("returns nothing for a query that matches nothing and is close to nothing (the semantic floor)", async () => {
    for (const mode of ["semantic", "hybrid"] as const) expect(await searchChunks(scope, "qwxzt blorpf", { mode, topK: 5 })).toEqual([]);
    // Without a floor, the nearest neighbours of nonsense are returned: the floor is what drops them.
    try {
      setEnvForTests({ EMBEDDINGS_PROVIDER: "local", SEARCH_SEMANTIC_FLOOR: "-1" });
      expect((await searchChunks(scope, "qwxzt blorpf", { mode: "hybrid", topK: 5 })).length).toBe(5);
    } finally {
      setEnvForTests({ EMBEDDINGS_PROVIDER: "local" });
    }
  });

  it("applies the configured fusion weights", async () => {
    try {
      setEnvForTests({ SEARCH_WEIGHT_SEMANTIC: "0" });
      const hybrid = await searchChunks(scope, "paid leave vacation", { mode: "hybrid", topK: 3 });
      const lexical = await searchChunks(scope, "paid leave vacation", { mode: "lexical", topK: 3 });
      expect(hybrid.map((h) => h.chunkId)).toEqual(lexical.map((h) => h.chunkId));
    } finally {
      setEnvForTests({});
    }
  });

  it("never returns another company's or another workspace's chunk, even when it matches best", async () => {
    for (const mode of ["lexical", "semantic", "hybrid"] as const) {
      for (const query of ["INV-77341", FORBIDDEN_TEXT, "refund reimbursement money back"]) {
        const hits = await searchChunks(scope, query, { mode, topK: 50 });
        if (query === "INV-77341") expect(hits.length).toBeGreaterThan(0);
        expect(hits.filter((h) => forbiddenFileIds.includes(h.fileId))).toEqual([]);
      }
    }
    // The hidden workspace is reachable when it is in scope: isolation comes from the scope alone.
    const hidden = await db().file.findUniqueOrThrow({ where: { id: forbiddenFileIds[0] } });
    const widened = await searchChunks({ ...scope, workspaceIds: [...scope.workspaceIds, hidden.workspaceId] }, "INV-77341", { topK: 3 });
    expect(widened.some((h) => h.fileId === hidden.id)).toBe(true);
    expect(await searchChunks({ ...scope, workspaceIds: [] }, "INV-77341", { topK: 3 })).toEqual([]);
  });

  it("restricts candidates with the caller's file filter", async () => {
    const onlyDocx = { ...scope, fileFilter: Prisma.sql`f.extension = ${"docx"}` };
    for (const mode of ["lexical", "semantic", "hybrid"] as const) {
      const hits = await searchChunks(onlyDocx, "invoice INV-77341 overdue", { mode, topK: 20 });
      for (const h of hits) expect(["refund-policy", "leave-policy"]).toContain(fileOf(h.fileId));
    }
  });

  it("maps database failures to search_backend_unavailable", async () => {
    const current = database();
    // A Postgres server that is not there (nothing listens on port 1): connection refused.
    const broken = createDatabase("postgres://docintel@127.0.0.1:1/docintel");
    setDatabase(broken);
    try {
      await expect(searchChunks(scope, "invoice", { mode: "lexical", topK: 3 })).rejects.toMatchObject({
        code: "search_backend_unavailable",
      });
    } finally {
      setDatabase(current);
      await broken.close();
    }
  });
});

describe("vector index", () => {
  it("creates the model's partial HNSW index once, and the search statement can use it", async () => {
    const provider = embeddingProvider();
    const name = vectorIndexName(provider.id);
    expect(await ensureVectorIndex(provider)).toBe(name);
    const [index] = await db().$queryRaw<{ indexdef: string }[]>`SELECT indexdef FROM pg_indexes WHERE indexname = ${name}`;
    expect(index.indexdef).toContain("USING hnsw");
    expect(index.indexdef).toContain(`(embedding)::vector(${provider.dimensions})`);
    expect(index.indexdef).toContain(`embedding_model = '${provider.id}'::text`);

    const [vec] = await embedTexts(["consulting invoice"], "query", provider);
    const lexical = await analyseLexicalQuery(scope.companyId, "consulting invoice");
    expect(lexical).not.toBeNull();
    const statement = chunkSearchSql(scope, "hybrid", 5, 50, { lexical: lexical!, semantic: { vec, modelId: provider.id, floor: 0 } });
    // On a tiny table the planner prefers the b-tree indexes plus a sort. Without them
    // and without sequential scans (in a rolled-back transaction) the plan shows that the HNSW and postings
    // indexes match the statement's expressions and predicates.
    let plan = "";
    await db()
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe("DROP INDEX chunks_company_id_workspace_id_idx, chunks_embedding_model_idx");
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ${statement}`;
        plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        throw new Error("rollback");
      })
      .catch((err: Error) => {
        if (err.message !== "rollback") throw err;
      });
    expect(plan).toContain(`Index Scan using ${name}`);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) chunk_terms_pkey/);
    const [still] = await db().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'chunks_company_id_workspace_id_idx'`;
    expect(still.n).toBe(1);
  });
});

describe("fileLevelSearch and chunk maintenance", () => {
  it("orders files by their best chunk and lists each file's chunks", async () => {
    const files = await fileLevelSearch(scope, "vacation leave requests", { topK: 3, chunksPerFile: 5 });
    expect(fileOf(files[0].fileId)).toBe("leave-policy");
    expect(files[0].chunks.length).toBe(2);
    expect(files[0].score).toBe(files[0].chunks[0].score);
    expect(new Set(files.map((f) => f.fileId)).size).toBe(files.length);
  });

  it("rewrites chunks idempotently, finds stale vectors and deletes a file's chunks", async () => {
    const fileId = fileIds.get("cafeteria")!;
    const file = await db().file.findUniqueOrThrow({ where: { id: fileId } });
    const chunk: ChunkInput = {
      chunkIndex: 0,
      page: 2,
      headingPath: "Canteen",
      content: "Lunch moved to 11:30.",
      tokenCount: 4,
      language: "klingon",
    };
    await insertChunks(db(), { id: fileId, companyId: file.companyId, workspaceId: file.workspaceId }, [chunk], null, null);
    const [row] = await db().$queryRaw<{ page: number; language: string; embedding_model: string | null; n: number }[]>`
      SELECT page, language, embedding_model, (SELECT count(*)::int FROM chunks WHERE file_id = ${fileId}) AS n FROM chunks WHERE file_id = ${fileId}`;
    expect(row).toEqual({ page: 2, language: "simple", embedding_model: null, n: 1 });
    expect(await chunksNeedingEmbedding(embeddingProvider().id, 100, file.companyId)).toHaveLength(1);
    expect(await deleteChunks(fileId)).toBe(1);
    expect(await chunksNeedingEmbedding(embeddingProvider().id, 100, file.companyId)).toHaveLength(0);
  });
});
