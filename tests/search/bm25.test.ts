// BM25 lexical retrieval on a real PGlite database: scores equal the formula computed by hand from the
// same statistics, OR semantics with IDF (a rare word outweighs common ones), phrases and exclusions,
// one count per query word across languages, per-company statistics, and postings kept exact by the
// triggers through upserts, re-ingestion, deletes (direct and cascading), workspace moves and rolled-back
// transactions.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { analyseLexicalQuery, bm25Idf, filterText, rankingText } from "@/lib/search/bm25";
import { searchChunks } from "@/lib/search/hybrid-search";
import { type ChunkInput, deleteChunks, deleteChunksFrom, insertChunks } from "@/lib/search/index-chunks";
import type { ChunkSearchScope } from "@/lib/search/types";
import { seedCompany } from "@/tests/factories";
import { useTestDatabase } from "@/tests/helpers/db";

useTestDatabase();

let a: { companyId: number; defaultWorkspaceId: number };
let b: { companyId: number; defaultWorkspaceId: number };
let scopeA: ChunkSearchScope;
let n = 0;

async function addFile(owner: { companyId: number; defaultWorkspaceId: number }, texts: string[], language = "english"): Promise<number> {
  const file = await db().file.create({
    data: {
      companyId: owner.companyId,
      workspaceId: owner.defaultWorkspaceId,
      filename: `f${++n}.txt`,
      title: `f${n}`,
      extension: "txt",
      size: 1,
      sha256: "0",
      storageKey: `bm25-${n}`,
    },
  });
  await insertChunks(db(), { id: file.id, companyId: owner.companyId, workspaceId: owner.defaultWorkspaceId }, chunksOf(texts, language), null, null);
  return file.id;
}

const chunksOf = (texts: string[], language = "english"): ChunkInput[] =>
  texts.map((content, i) => ({ chunkIndex: i, page: 1, headingPath: "", content, tokenCount: 10, language }));

const lexical = (query: string, scope = scopeA) => searchChunks(scope, query, { mode: "lexical", topK: 20 });

/** Postings and statistics recomputed from scratch, to compare with what the triggers maintained. */
async function recount() {
  const postings = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (
      (SELECT c.company_id, c.language || ':' || u.lexeme, c.id, cardinality(u.positions), c.workspace_id FROM chunks c, unnest(c.tsv) u
       EXCEPT SELECT company_id, term, chunk_id, tf, workspace_id FROM chunk_terms)
      UNION ALL
      (SELECT company_id, term, chunk_id, tf, workspace_id FROM chunk_terms
       EXCEPT SELECT c.company_id, c.language || ':' || u.lexeme, c.id, cardinality(u.positions), c.workspace_id FROM chunks c, unnest(c.tsv) u)
    ) diff`;
  const df = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (
      SELECT coalesce(s.company_id, p.company_id), coalesce(s.term, p.term) FROM chunk_term_stats s
      FULL JOIN (SELECT company_id, term, count(*)::int AS df FROM chunk_terms GROUP BY 1, 2) p
        ON p.company_id = s.company_id AND p.term = s.term
      WHERE coalesce(s.df, 0) <> coalesce(p.df, 0)
    ) diff`;
  const corpus = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM chunk_corpus_stats s
    FULL JOIN (
      SELECT company_id, split_part(term, ':', 1) AS language, count(DISTINCT chunk_id) AS chunks, sum(tf) AS terms
      FROM chunk_terms GROUP BY 1, 2
    ) p ON p.company_id = s.company_id AND p.language = s.language
    WHERE coalesce(s.chunks, 0) <> coalesce(p.chunks, 0) OR coalesce(s.terms, 0) <> coalesce(p.terms, 0)`;
  return { postings: Number(postings[0].n), df: Number(df[0].n), corpus: Number(corpus[0].n) };
}

beforeAll(async () => {
  a = await seedCompany();
  b = await seedCompany();
  scopeA = { companyId: a.companyId, workspaceIds: [a.defaultWorkspaceId] };
  await addFile(a, [
    "The turbine blade cracked during the cold start of the engine.",
    "Engine maintenance: the engine oil is changed every spring.",
    "The annual report covers sales, staff and the engine plant.",
  ]);
  await addFile(a, ["Quarterly sales grew in the northern region; the sales team doubled."]);
  // Company B uses "turbine" everywhere: its statistics must not make the word common for A.
  await addFile(b, ["turbine turbine turbine", "turbine engine", "turbine blade", "turbine plant"]);
});

describe("BM25 scoring", () => {
  it("scores exactly Lucene's formula from the company's own statistics", async () => {
    const hits = await lexical("engine");
    const [{ chunks, terms }] = await db().$queryRaw<{ chunks: bigint; terms: bigint }[]>`
      SELECT sum(chunks) AS chunks, sum(terms) AS terms FROM chunk_corpus_stats WHERE company_id = ${a.companyId}::int`;
    const postings = await db().$queryRaw<{ chunk_id: bigint; tf: number; dl: number }[]>`
      SELECT chunk_id, tf, dl FROM chunk_terms WHERE company_id = ${a.companyId}::int AND term = 'english:engin'`;
    expect(postings).toHaveLength(3);
    const N = Number(chunks);
    const avgdl = Number(terms) / N;
    const idf = bm25Idf(N, postings.length);
    const expected = new Map(postings.map((p) => [String(p.chunk_id), (idf * p.tf * 1.9) / (p.tf + 0.9 * (1 - 0.4 + (0.4 * p.dl) / avgdl))]));
    expect(hits).toHaveLength(3);
    for (const h of hits) expect(h.scores.lexical).toBeCloseTo(expected.get(h.chunkId)!, 9);
    // Two occurrences in a chunk outrank one.
    expect(hits[0].content).toContain("engine oil");
  });

  it("has OR semantics: a question missing most of its words still finds the chunk with the rare one", async () => {
    const hits = await lexical("why did the blade of my helicopter crack in winter");
    expect(hits[0]?.content).toContain("turbine blade cracked");
  });

  it("weighs rare words above common ones (IDF), with the company's own document frequencies", async () => {
    // "sales" is in two of A's chunks, "turbine" in one: the turbine chunk ranks first for A even though
    // B's corpus is full of turbines.
    const hits = await lexical("turbine sales");
    expect(hits[0].content).toContain("turbine blade");
    const turbine = await analyseLexicalQuery(a.companyId, "turbine");
    const [{ chunks }] = await db().$queryRaw<
      { chunks: bigint }[]
    >`SELECT sum(chunks) AS chunks FROM chunk_corpus_stats WHERE company_id = ${a.companyId}::int`;
    expect(turbine?.groups[0].idf).toBeCloseTo(bm25Idf(Number(chunks), 1), 12);
  });

  it("returns nothing when no query word occurs (and never another company's chunks)", async () => {
    expect(await lexical("zeppelin")).toEqual([]);
    const hits = await lexical("turbine turbine");
    expect(hits.every((h) => h.content !== "turbine turbine turbine")).toBe(true);
  });

  it("honours phrases and exclusions as filters while ranking the positive words", async () => {
    expect((await lexical('"engine oil"')).map((h) => h.content)).toEqual(["Engine maintenance: the engine oil is changed every spring."]);
    expect((await lexical('"oil engine"')).length).toBe(0);
    const excluded = await lexical("engine -sales");
    expect(excluded.map((h) => h.content).sort()).toEqual([
      "Engine maintenance: the engine oil is changed every spring.",
      "The turbine blade cracked during the cold start of the engine.",
    ]);
    // A phrase narrows, the other words rank (OR); a natural "or" is a word like any other.
    const narrowed = await lexical('turbine or "engine oil"');
    expect(narrowed.map((h) => h.content)).toEqual(["Engine maintenance: the engine oil is changed every spring."]);
    expect((await lexical("sales or turbines")).length).toBe(3);
    expect(rankingText('"engine oil" or turbine -sales -"cold start"')).toBe("engine oil or turbine");
    expect(filterText('"engine oil" or turbine -sales -"cold start"')).toBe('"engine oil" -sales -"cold start"');
    expect(filterText("low or very low frequency")).toBeUndefined();
  });

  it("gives a stop word of one language no weight although another language indexes it", async () => {
    const c = await seedCompany();
    const scope = { companyId: c.companyId, workspaceIds: [c.defaultWorkspaceId] };
    await addFile(c, ["The valve of the pump leaks.", "The pump of the boiler is new.", "The boiler needs a new valve."], "english");
    // A misdetected chunk indexed with `simple` keeps "the" and "of".
    await addFile(c, ["the list of the parts of the order"], "simple");
    const q = await analyseLexicalQuery(c.companyId, "the leak of the valve");
    const the = q?.groups.find((g) => g.terms.includes("simple:the"));
    // "the" counts as present in the 3 English chunks (a stop word there) plus the simple one.
    expect(the?.idf).toBeCloseTo(bm25Idf(4, 4), 12);
    const hits = await lexical("the leak of the valve", scope);
    expect(hits[0].content).toBe("The valve of the pump leaks.");
    expect(hits.at(-1)?.content).toBe("the list of the parts of the order");
  });

  it("counts a query word once although several languages analyse it", async () => {
    const c = await seedCompany();
    const scope = { companyId: c.companyId, workspaceIds: [c.defaultWorkspaceId] };
    await addFile(c, ["Le moteur principal et le moteur auxiliaire."], "french");
    await addFile(c, ["Motor maintenance schedule."], "english");
    await addFile(c, ["Notes: motors, pumps."], "simple");
    const q = await analyseLexicalQuery(c.companyId, "motors");
    // english "motor" and simple "motors" (French "motor" occurs nowhere) → one word, two variants.
    expect(q?.groups).toHaveLength(1);
    expect(q?.groups[0].terms).toEqual(["english:motor", "simple:motors"]);
    // The word's document frequency is that of all its variants: 2 of the 3 chunks hold one (the French
    // chunk says "moteur").
    expect(q?.groups[0].idf).toBeCloseTo(bm25Idf(3, 2), 12);
    const hits = await lexical("motors", scope);
    expect(hits.map((h) => h.content).sort()).toEqual(["Motor maintenance schedule.", "Notes: motors, pumps."]);
  });

  it("stems and normalises Arabic: another form of the word and another alef still match", async () => {
    const c = await seedCompany();
    const scope = { companyId: c.companyId, workspaceIds: [c.defaultWorkspaceId] };
    await addFile(c, ["تقع المكتبة الوطنية في وسط المدينة وتضم آلاف الكتب"], "arabic");
    await addFile(c, ["يعمل المهندسون في المصنع الجديد"], "arabic");
    // "الكتب" (the books) queried as "كتب"; "أين" with hamza.
    const hits = await lexical("أين المكتبة كتب", scope);
    expect(hits[0]?.content).toContain("المكتبة الوطنية");
  });

  it("does not rank Arabic function words, which the arabic configuration keeps", async () => {
    const c = await seedCompany();
    const scope = { companyId: c.companyId, workspaceIds: [c.defaultWorkspaceId] };
    await addFile(c, ["من هو الذي كان في المدينة؟ هو من كان في السوق، وما كان في البيت."], "arabic");
    await addFile(c, ["أسس المهندس الشركة في بيروت"], "arabic");
    await addFile(c, ["تصنع الشركة السيارات"], "arabic");
    // "من هو" (who is) and "في" (in) are words of every question; only "مؤسس/أسس", "الشركة" carry its topic.
    const q = await analyseLexicalQuery(c.companyId, "من هو الذي أسس الشركة في بيروت؟");
    expect(q?.groups.flatMap((g) => g.terms).every((t) => !/:(من|هو|في|الذي)$/.test(t))).toBe(true);
    const hits = await lexical("من هو الذي أسس الشركة في بيروت؟", scope);
    expect(hits[0]?.content).toBe("أسس المهندس الشركة في بيروت");
    expect(hits.map((h) => h.content)).not.toContain("من هو الذي كان في المدينة؟ هو من كان في السوق، وما كان في البيت.");
    // A query of function words only still ranks them.
    expect((await lexical("من هو", scope))[0]?.content).toContain("من هو الذي كان");
  });
});

describe("postings kept by triggers", () => {
  it("stay equal to a recount through upserts, shortening, deletes, cascades and rollbacks", async () => {
    const c = await seedCompany();
    const fileId = await addFile(c, ["alpha beta gamma", "beta gamma delta", "gamma delta epsilon"]);
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });

    // Re-ingestion rewrites a chunk's text (upsert → UPDATE trigger) and drops a trailing chunk.
    await insertChunks(
      db(),
      { id: fileId, companyId: c.companyId, workspaceId: c.defaultWorkspaceId },
      chunksOf(["zeta eta", "beta gamma delta"]),
      null,
      null,
    );
    await deleteChunksFrom(fileId, 2);
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });
    const scope = { companyId: c.companyId, workspaceIds: [c.defaultWorkspaceId] };
    expect(await lexical("alpha", scope)).toEqual([]);
    expect((await lexical("zeta", scope)).map((h) => h.content)).toEqual(["zeta eta"]);

    // A failed transaction leaves neither chunks nor postings.
    await db()
      .$transaction(async (tx) => {
        await insertChunks(
          tx,
          { id: fileId, companyId: c.companyId, workspaceId: c.defaultWorkspaceId },
          chunksOf(["x", "y", "omega rollback"]),
          null,
          null,
        );
        throw new Error("abort");
      })
      .catch(() => undefined);
    expect(await lexical("omega", scope)).toEqual([]);
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });

    // Embedding updates do not touch postings; deleting the chunks and the file (cascade) removes them.
    const other = await addFile(c, ["theta iota"]);
    await deleteChunks(fileId);
    await db().file.delete({ where: { id: other } });
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });
    const [stats] = await db().$queryRaw<{ chunks: bigint; terms: bigint }[]>`
      SELECT sum(chunks) AS chunks, sum(terms) AS terms FROM chunk_corpus_stats WHERE company_id = ${c.companyId}::int`;
    expect(Number(stats.chunks)).toBe(0);
    expect(Number(stats.terms)).toBe(0);
    expect(await lexical("theta", scope)).toEqual([]);
  });

  it("move with their chunks to another workspace, so lexical search finds them only there", async () => {
    const c = await seedCompany();
    const archive = await db().workspace.create({ data: { companyId: c.companyId, name: "Archive" } });
    const fileId = await addFile(c, ["kappa lambda report", "lambda mu report"]);
    const home = { companyId: c.companyId, workspaceIds: [c.defaultWorkspaceId] };
    const moved = { companyId: c.companyId, workspaceIds: [archive.id] };
    expect(await lexical("lambda", home)).toHaveLength(2);

    // As a file move does it (lib/files/manage-files.ts): the chunks' workspace changes, their text does not.
    await db().$transaction(async (tx) => {
      await tx.file.update({ where: { id: fileId }, data: { workspaceId: archive.id } });
      await tx.chunk.updateMany({ where: { fileId }, data: { workspaceId: archive.id } });
    });
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });
    expect(await lexical("lambda", home)).toEqual([]);
    expect((await lexical("lambda", moved)).map((h) => h.content).sort()).toEqual(["kappa lambda report", "lambda mu report"]);

    // Re-ingestion in the new workspace with new text (both change in one upsert), then a move back rolled back.
    await insertChunks(
      db(),
      { id: fileId, companyId: c.companyId, workspaceId: c.defaultWorkspaceId },
      chunksOf(["nu lambda", "xi lambda"]),
      null,
      null,
    );
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });
    expect((await lexical("lambda", home)).map((h) => h.content).sort()).toEqual(["nu lambda", "xi lambda"]);
    await db()
      .$transaction(async (tx) => {
        await tx.chunk.updateMany({ where: { fileId }, data: { workspaceId: archive.id } });
        throw new Error("abort");
      })
      .catch(() => undefined);
    expect(await recount()).toEqual({ postings: 0, df: 0, corpus: 0 });
    expect(await lexical("lambda", moved)).toEqual([]);
  });
});
