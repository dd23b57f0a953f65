// Switching the embedding model: chunks embedded with model X are re-embedded with Y by the background
// job (local runner, real database), search then finds them in Y's space, and the job is idempotent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reembedChunks } from "@/inngest/definitions/reembed-chunks";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { db } from "@/lib/db/client";
import { ensureVectorIndex, vectorIndexName } from "@/lib/db/vector";
import { setEnvForTests } from "@/lib/env";
import { enqueueReembedIfNeeded, REEMBED_BATCH } from "@/lib/ingestion/reembed-chunks";
import { searchChunks } from "@/lib/search/hybrid-search";
import { type ChunkInput, insertChunks } from "@/lib/search/index-chunks";
import type { ChunkSearchScope } from "@/lib/search/types";
import { seedCompany } from "@/tests/factories";
import { useTestDatabase } from "@/tests/helpers/db";
import { drainJobs } from "@/tests/helpers/jobs";

useTestDatabase();

// Two offline configurations that are different vector spaces: 356 and 228 dimensions.
const MODEL_X = { EMBEDDINGS_PROVIDER: "local", EMBEDDINGS_DIMENSIONS: undefined };
const MODEL_Y = { EMBEDDINGS_PROVIDER: "local", EMBEDDINGS_DIMENSIONS: "228" };

let scope: ChunkSearchScope;
let xId = "";

// More chunks than one batch, so the job takes several steps.
const TOPICS = [
  "invoice payment overdue",
  "refund for defective merchandise",
  "annual leave days",
  "server room cooling",
  "laptop encryption policy",
];
const N = REEMBED_BATCH + 40;
const content = (i: number) => `Note ${i}: ${TOPICS[i % TOPICS.length]} (record R-${10_000 + i}).`;

const models = async () =>
  db().$queryRaw<{ model: string | null; n: number }[]>`SELECT embedding_model AS model, count(*)::int AS n FROM chunks GROUP BY 1 ORDER BY 1`;

beforeAll(async () => {
  setEnvForTests(MODEL_X);
  const company = await seedCompany();
  scope = { companyId: company.companyId, workspaceIds: [company.defaultWorkspaceId] };
  const file = await db().file.create({
    data: {
      companyId: company.companyId,
      workspaceId: company.defaultWorkspaceId,
      filename: "notes.md",
      title: "notes",
      extension: "md",
      size: 1,
      sha256: "0",
      storageKey: "notes",
    },
  });
  const chunks: ChunkInput[] = Array.from({ length: N }, (_, i) => ({
    chunkIndex: i,
    page: 1,
    headingPath: "",
    content: content(i),
    tokenCount: 10,
    language: "english",
  }));
  const x = embeddingProvider();
  xId = x.id;
  await ensureVectorIndex(x);
  const vectors = await embedTexts(
    chunks.map((c) => c.content),
    "document",
    x,
  );
  // The last 10 chunks are text-only (embedding left for later): the job fills them in too.
  await insertChunks(
    db(),
    { id: file.id, companyId: company.companyId, workspaceId: company.defaultWorkspaceId },
    chunks,
    vectors.map((v, i) => (i < N - 10 ? v : null)),
    x.id,
  );
});

afterAll(() => {
  setEnvForTests({});
});

describe("reembed-chunks job", () => {
  it("starts from chunks of model X (and some without a vector)", async () => {
    expect(await models()).toEqual([
      { model: xId, n: N - 10 },
      { model: null, n: 10 },
    ]);
  });

  it("re-embeds every chunk with the new model in batches, and search finds them in the new space", async () => {
    setEnvForTests(MODEL_Y);
    const y = embeddingProvider();
    expect(y.id).not.toBe(xId);
    // Before the job: no chunk has Y's vector, so semantic search (restricted to Y) finds nothing.
    expect(await searchChunks(scope, "refund for defective goods", { mode: "semantic", topK: 5 })).toEqual([]);

    const jobId = await enqueueReembedIfNeeded();
    expect(jobId).toBeTruthy();
    // Only one at a time: a second start-up while it waits enqueues nothing.
    expect(await enqueueReembedIfNeeded()).toBeNull();
    await drainJobs();

    const job = await db().job.findUniqueOrThrow({ where: { id: jobId! } });
    expect(job.status).toBe("completed");
    expect(job.result).toMatchObject({ modelId: y.id, reembedded: N });
    const steps = await db().jobStep.findMany({ where: { jobId: jobId! }, select: { name: true } });
    expect(steps.filter((s) => s.name.startsWith("batch-")).length).toBe(Math.ceil(N / REEMBED_BATCH) + 1);
    expect(await models()).toEqual([{ model: y.id, n: N }]);
    const [{ dims }] = await db().$queryRaw<{ dims: number }[]>`SELECT DISTINCT vector_dims(embedding) AS dims FROM chunks`;
    expect(dims).toBe(228);

    const hits = await searchChunks(scope, "refund for defective goods", { mode: "semantic", topK: 5 });
    expect(hits.length).toBe(5);
    expect(hits[0].content).toContain("refund for defective merchandise");
    // X's index went with X's last vector; Y's exists.
    const names = (await db().$queryRaw<{ name: string }[]>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'chunks'`).map((r) => r.name);
    expect(names).toContain(vectorIndexName(y.id));
    expect(names).not.toContain(vectorIndexName(xId));
  });

  it("is idempotent: nothing left to enqueue, and a second run re-embeds nothing", async () => {
    expect(await enqueueReembedIfNeeded()).toBeNull();
    const y = embeddingProvider().id;
    const { insertJob } = await import("@/inngest/jobs");
    const id = await insertJob(reembedChunks, { modelId: y }, { jobId: "reembed-again" });
    await drainJobs(60_000);
    const job = await db().job.findUniqueOrThrow({ where: { id } });
    expect(job.result).toMatchObject({ reembedded: 0 });
  });

  it("stops when the configuration changed after it was enqueued", async () => {
    const { insertJob } = await import("@/inngest/jobs");
    const id = await insertJob(reembedChunks, { modelId: xId }, { jobId: "reembed-stale" });
    await drainJobs();
    const job = await db().job.findUniqueOrThrow({ where: { id } });
    expect(job.result).toMatchObject({ stopped: "model_changed", reembedded: 0 });
    expect(await models()).toEqual([{ model: embeddingProvider().id, n: N }]);
  });
});
