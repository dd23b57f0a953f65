// The ingest-file job end to end on a real database (PGlite), real documents of every supported format,
// the real document engine, LibreOffice, OCR and the offline embedding provider: statuses, pages, chunks
// (tsvector + vector), summaries, thumbnails, auto-assigned tags, metering; failures with their reasons;
// deletion and replacement of a file in the middle of its ingestion.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyJobDefinition, JobStepTools } from "@/inngest/define-job";
import { jobDefinitions } from "@/inngest/functions";
import { ingestFileJob } from "@/inngest/functions/ingest-file";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { embeddingProvider } from "@/lib/ai/embeddings";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { derivedKeys } from "@/lib/ingestion/file-state";
import { initialIngestionStatus } from "@/lib/ingestion/prepare-source";
import { cancelIngestion, ingestionJobId, startIngestion } from "@/lib/ingestion/start-ingestion";
import { setStorageForTests, storage } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { documentFixtures, type Fixtures, FIXTURE_TEXT as T } from "../fixtures/documents";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let fx: Fixtures;
let acme: SeededCompany;
const tagIds: Record<string, number> = {};

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-ingest-test-");
  setEnvForTests({});
  setStorageForTests(undefined);
  fx = await documentFixtures();
  acme = await seedCompany();
  // Every status a file passes through, in order: the job's writes are too quick to poll.
  for (const sql of [
    `CREATE TABLE test_status_log (seq serial PRIMARY KEY, file_id int NOT NULL, status text NOT NULL)`,
    `CREATE FUNCTION test_log_status() RETURNS trigger AS $$ BEGIN
       IF NEW.status IS DISTINCT FROM OLD.status THEN INSERT INTO test_status_log (file_id, status) VALUES (NEW.id, NEW.status); END IF;
       RETURN NEW; END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER test_status_log AFTER UPDATE ON files FOR EACH ROW EXECUTE FUNCTION test_log_status()`,
  ]) {
    await db().$executeRawUnsafe(sql);
  }
  const tag = (name: string, description: string, autoAssign: boolean) =>
    db().tag.create({ data: { companyId: acme.companyId, name, nameKey: name.toLowerCase(), description, autoAssign } });
  tagIds.byName = (await tag("Quarterly Report", "", true)).id;
  tagIds.byDescription = (await tag("Finance", "Revenue figures by region and quarter", true)).id;
  tagIds.unrelated = (await tag("Medical", "Patient diagnosis and treatment plans", true)).id;
  tagIds.manualOnly = (await tag("Revenue", "", false)).id;
}, 240_000);

afterAll(() => {
  setEnvForTests({});
});

async function createFile(source: Buffer | string, filename: string, companyId = acme.companyId): Promise<number> {
  const bytes = typeof source === "string" ? fs.readFileSync(source) : source;
  const extension = path.extname(filename).slice(1).toLowerCase();
  const ws = companyId === acme.companyId ? acme.defaultWorkspaceId : (await db().workspace.findFirstOrThrow({ where: { companyId } })).id;
  const file = await db().file.create({
    data: {
      companyId,
      workspaceId: ws,
      filename,
      title: path.basename(filename, path.extname(filename)),
      extension,
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      storageKey: "pending",
      status: "pending",
      createdById: companyId === acme.companyId ? acme.admin.userId : null,
    },
  });
  const key = `files/${file.id}/original`;
  await storage().putBytes(key, bytes);
  await db().file.update({ where: { id: file.id }, data: { storageKey: key } });
  return file.id;
}

function runner(definitions: readonly AnyJobDefinition[] = jobDefinitions) {
  return new LocalRunner({ definitions, pollIntervalMs: 20, backoffMs: () => 0 });
}

/** The real job with a hook around each of its steps (same id, so it runs the enqueued jobs). */
function hookedJob(hook: (name: string, phase: "before" | "inside" | "after", fileId: number) => Promise<void>): AnyJobDefinition[] {
  const wrapped: AnyJobDefinition = {
    ...ingestFileJob,
    handler: (ctx) => {
      const step: JobStepTools = {
        run: async (name, fn) => {
          await hook(name, "before", ctx.payload.file_id);
          const out = await ctx.step.run(name, async () => {
            const running = fn();
            await hook(name, "inside", ctx.payload.file_id);
            return running;
          });
          await hook(name, "after", ctx.payload.file_id);
          return out as never;
        },
      };
      return ingestFileJob.handler({ ...ctx, step });
    },
  };
  return jobDefinitions.map((d) => (d.id === ingestFileJob.id ? wrapped : d));
}

const statusLog = async (fileId: number) =>
  (await db().$queryRaw<{ status: string }[]>`SELECT status FROM test_status_log WHERE file_id = ${fileId} ORDER BY seq`).map((r) => r.status);

async function chunkStats(fileId: number) {
  const [row] = await db().$queryRaw<{ total: number; indexed: number; embedded: number; models: string[]; pages: number[] }[]>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE tsv IS NOT NULL AND tsv <> ''::tsvector)::int AS indexed,
           count(*) FILTER (WHERE embedding IS NOT NULL)::int AS embedded,
           array_agg(DISTINCT embedding_model) AS models,
           array_agg(DISTINCT page ORDER BY page) AS pages
    FROM chunks WHERE file_id = ${fileId}`;
  return row;
}

const FORMATS: { key: keyof Fixtures["files"]; name: string; pages: number; mime: string; report: boolean }[] = [
  { key: "pdf", name: "report.pdf", pages: 3, mime: "application/pdf", report: true },
  { key: "docx", name: "report.docx", pages: 3, mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", report: true },
  { key: "odt", name: "report.odt", pages: 3, mime: "application/vnd.oasis.opendocument.text", report: true },
  { key: "doc", name: "report.doc", pages: 3, mime: "application/msword", report: true },
  { key: "html", name: "report.html", pages: 1, mime: "text/html", report: true },
  { key: "xhtml", name: "report.xhtml", pages: 1, mime: "application/xhtml+xml", report: true },
  { key: "txt", name: "notes.txt", pages: 1, mime: "text/plain", report: true },
  { key: "md", name: "notes.md", pages: 1, mime: "text/markdown", report: true },
  { key: "pptx", name: "slides.pptx", pages: 2, mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", report: false },
  { key: "odp", name: "slides.odp", pages: 2, mime: "application/vnd.oasis.opendocument.presentation", report: false },
  { key: "ppt", name: "slides.ppt", pages: 2, mime: "application/vnd.ms-powerpoint", report: false },
  { key: "png", name: "scan.png", pages: 1, mime: "image/png", report: true },
  { key: "jpeg", name: "scan.jpg", pages: 1, mime: "image/jpeg", report: true },
];

describe("ingest-file: every supported format", () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const f of FORMATS) {
      ids[f.key] = await createFile(fx.files[f.key], f.name);
      await startIngestion(ids[f.key], 1, acme.companyId);
    }
    // Before any job ran: the LibreOffice formats wait for conversion.
    const initial = await db().file.findMany({ where: { id: { in: Object.values(ids) } } });
    for (const f of initial) expect(f.status).toBe(initialIngestionStatus(f.extension));
    expect(initial.find((f) => f.id === ids.doc)!.status).toBe("pending_conversion");
    expect(initial.find((f) => f.id === ids.pdf)!.status).toBe("pending");
    await runner().drain({ timeoutMs: 400_000 });
  }, 420_000);

  it.each(FORMATS)("$name reaches embedded with its pages, language, summary, thumbnail and metering", async (f) => {
    const id = ids[f.key];
    const job = await getJob(ingestionJobId(id, 1));
    expect(job).toMatchObject({ status: "completed", attempts: 1, lastError: null });
    const file = await db().file.findUniqueOrThrow({ where: { id } });
    expect(file).toMatchObject({ status: "embedded", statusDetail: null, totalPages: f.pages, mimeType: f.mime });
    expect(file.ingestedAt).toBeInstanceOf(Date);
    expect(await db().filePage.count({ where: { fileId: id } })).toBe(f.pages);

    const summaries = file.summaries as { language: string; summary: string }[];
    expect(summaries).toHaveLength(1);
    expect(summaries[0].summary.length).toBeGreaterThan(10);
    expect(summaries[0].summary.length).toBeLessThanOrEqual(600);
    expect(file.language).toBeTruthy();
    if (f.report) {
      expect(file.language).toBe("en");
      expect(summaries[0]).toMatchObject({ language: "en" });
      expect(summaries[0].summary).toContain("northern region grew faster");
    }

    expect(file.thumbnailKey).toBe(derivedKeys.thumbnail(id));
    const png = await storage().readBytes(file.thumbnailKey!);
    expect(png.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);

    const stats = await chunkStats(id);
    expect(stats.total).toBeGreaterThan(0);
    expect(stats.indexed).toBe(stats.total);
    expect(stats.embedded).toBe(stats.total);
    expect(stats.models).toEqual([embeddingProvider().id]);
    for (const p of stats.pages) expect(p).toBeGreaterThanOrEqual(1);
    for (const p of stats.pages) expect(p).toBeLessThanOrEqual(f.pages);

    const usage = await db().usageEvent.findMany({ where: { companyId: acme.companyId, feature: "ingestion" } });
    const mine = usage.filter((u) => (u.metadata as { file_id?: number }).file_id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ quantity: f.pages, userId: acme.admin.userId });
  });

  it("passes through the statuses of the spec in order", async () => {
    expect(await statusLog(ids.pdf)).toEqual(["parsing", "parsed", "embedding", "embedded"]);
    expect(await statusLog(ids.doc)).toEqual(["pending_conversion", "converting", "parsing", "parsed", "embedding", "embedded"]);
    expect(await statusLog(ids.ppt)).toEqual(["pending_conversion", "converting", "parsing", "parsed", "embedding", "embedded"]);
    // The converted file is kept beside the original.
    expect(await storage().exists(derivedKeys.converted(ids.doc, "docx"))).toBe(true);
    expect(await storage().exists(derivedKeys.converted(ids.ppt, "pptx"))).toBe(true);
  });

  it("chunks follow the structure: heading paths, the table kept whole, lexical and vector search work", async () => {
    const chunks = await db().chunk.findMany({ where: { fileId: ids.pdf }, orderBy: { chunkIndex: "asc" } });
    expect(chunks.map((c) => c.page)).toEqual([1, 1, 2, 3]);
    expect(chunks[0].headingPath).toBe(T.title);
    expect(chunks[1].headingPath).toBe(`${T.title} > ${T.heading2}`);
    expect(chunks[1].content).toMatch(/\| North \| 1200 \|\n\| South \| 950 \|/);
    expect(chunks.every((c) => c.language === "english")).toBe(true);
    const lexical = await db().$queryRaw<{ page: number }[]>`
      SELECT page FROM chunks WHERE file_id = ${ids.pdf} AND tsv @@ websearch_to_tsquery('english', 'risks mitigation')`;
    expect(lexical.map((r) => r.page)).toEqual([3]);
    const [nearest] = await db().$queryRaw<{ id: bigint }[]>`
      SELECT b.id FROM chunks a JOIN chunks b ON b.file_id = a.file_id AND b.id <> a.id
      WHERE a.file_id = ${ids.pdf} AND a.page = 3 ORDER BY a.embedding <=> b.embedding LIMIT 1`;
    expect(nearest).toBeDefined();
  });

  it("assigns auto-assign tags by name or description, never manual-only or unrelated ones", async () => {
    const tagsOf = async (id: number) =>
      (await db().fileTag.findMany({ where: { fileId: id }, orderBy: { tagId: "asc" } })).map((t) => ({ tagId: t.tagId, auto: t.autoAssigned }));
    expect(await tagsOf(ids.pdf)).toEqual(
      [
        { tagId: tagIds.byName, auto: true },
        { tagId: tagIds.byDescription, auto: true },
      ].sort((a, b) => a.tagId - b.tagId),
    );
    // notes.txt has the title (name match) but neither "revenue" nor "region"s figures: name only.
    expect((await tagsOf(ids.txt)).map((t) => t.tagId)).toContain(tagIds.byName);
    expect(await tagsOf(ids.pptx)).toEqual([]);
    for (const id of Object.values(ids)) {
      const tags = (await tagsOf(id)).map((t) => t.tagId);
      expect(tags).not.toContain(tagIds.unrelated);
      expect(tags).not.toContain(tagIds.manualOnly);
    }
  });
});

describe("ingest-file: failures", () => {
  it("a corrupt PDF ends in parsing_failed with the engine's reason, no retries, nothing indexed or metered", async () => {
    const pdf = fs.readFileSync(fx.files.pdf);
    const id = await createFile(pdf.subarray(0, 600), "broken.pdf");
    await startIngestion(id, 1, acme.companyId);
    await runner().drain({ timeoutMs: 120_000 });
    const file = await db().file.findUniqueOrThrow({ where: { id } });
    expect(file.status).toBe("parsing_failed");
    expect(file.statusDetail).toMatch(/PDF/);
    expect(await getJob(ingestionJobId(id, 1))).toMatchObject({ status: "completed", attempts: 1 });
    expect(await db().chunk.count({ where: { fileId: id } })).toBe(0);
    expect(await db().filePage.count({ where: { fileId: id } })).toBe(0);
    const usage = await db().usageEvent.findMany({ where: { feature: "ingestion" } });
    expect(usage.filter((u) => (u.metadata as { file_id?: number }).file_id === id)).toEqual([]);
  });

  it("an unsupported file ends in parsing_failed with a reason", async () => {
    const id = await createFile(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x13, 0x37, 0x00, 0x00]), "blob.bin");
    await startIngestion(id, 1, acme.companyId);
    await runner().drain();
    expect(await db().file.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "parsing_failed",
      statusDetail: expect.stringMatching(/Unsupported file format/),
    });
  });

  it("an unreachable embedding provider ends in embedding_failed with the reason (after the job's retries)", async () => {
    const id = await createFile(fx.files.md, "notes.md");
    await startIngestion(id, 1, acme.companyId);
    setEnvForTests({
      EMBEDDINGS_PROVIDER: "openai",
      EMBEDDINGS_MODEL: "test-model",
      EMBEDDINGS_BASE_URL: "http://127.0.0.1:9/v1",
      EMBEDDINGS_TIMEOUT_MS: "2000",
    });
    try {
      await runner().drain({ timeoutMs: 120_000 });
    } finally {
      setEnvForTests({});
    }
    const file = await db().file.findUniqueOrThrow({ where: { id } });
    expect(file.status).toBe("embedding_failed");
    expect(file.statusDetail).toMatch(/^Embedding failed: /);
    const job = await getJob(ingestionJobId(id, 1));
    expect(job).toMatchObject({ status: "failed", attempts: ingestFileJob.retries + 1 });
    // The parse was not repeated by the retries.
    expect(await statusLog(id)).toEqual([
      "parsing",
      "parsed",
      "embedding",
      "embedding_failed",
      "embedding",
      "embedding_failed",
      "embedding",
      "embedding_failed",
      "embedding",
      "embedding_failed",
    ]);
  });

  it("a stored original that vanished ends in fail with the reason", async () => {
    const id = await createFile(fx.files.txt, "notes.txt");
    await startIngestion(id, 1, acme.companyId);
    await storage().delete(`files/${id}/original`);
    await runner().drain();
    expect(await db().file.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "fail",
      statusDetail: expect.stringMatching(/no longer in storage/),
    });
  });

  it("an unexpected error, once the retries are spent, ends in fail with the reason (onFailure)", async () => {
    const id = await createFile(fx.files.txt, "notes.txt");
    await startIngestion(id, 1, acme.companyId);
    let attempts = 0;
    const defs = hookedJob(async (name, phase, fileId) => {
      if (fileId === id && name === "embed" && phase === "before") {
        attempts++;
        throw new Error("disk on fire");
      }
    });
    await runner(defs).drain();
    expect(attempts).toBe(ingestFileJob.retries + 1);
    expect(await getJob(ingestionJobId(id, 1))).toMatchObject({ status: "failed" });
    expect(await db().file.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "fail",
      statusDetail: "Ingestion failed: disk on fire",
      // What the finished steps wrote stays; the steps after the failure never ran.
      totalPages: 1,
    });
    expect(await db().chunk.count({ where: { fileId: id } })).toBe(0);
  });
});

describe("ingest-file: deletion and replacement during ingestion", () => {
  async function leftovers(id: number) {
    const [pages, chunks, tags, usage] = await Promise.all([
      db().filePage.count({ where: { fileId: id } }),
      db().chunk.count({ where: { fileId: id } }),
      db().fileTag.count({ where: { fileId: id } }),
      db().usageEvent.findMany({ where: { feature: "ingestion" } }),
    ]);
    const objects = [];
    for (const key of [derivedKeys.thumbnail(id), derivedKeys.converted(id, "docx")]) if (await storage().exists(key)) objects.push(key);
    return { pages, chunks, tags, usage: usage.filter((u) => (u.metadata as { file_id?: number }).file_id === id).length, objects };
  }
  const nothing = { pages: 0, chunks: 0, tags: 0, usage: 0, objects: [] };

  it("a file deleted between steps (after conversion and parsing) ends the job cleanly, leaving nothing", async () => {
    const id = await createFile(fx.files.doc, "report.doc");
    await startIngestion(id, 1, acme.companyId);
    const seen: string[] = [];
    const defs = hookedJob(async (name, phase, fileId) => {
      if (fileId !== id || phase !== "after") return;
      seen.push(name);
      if (name === "parse") await db().file.delete({ where: { id } });
    });
    await runner(defs).drain({ timeoutMs: 120_000 });
    expect(seen).toEqual(["detect", "convert", "parse", "queue-thumbnail"]);
    const job = await getJob(ingestionJobId(id, 1));
    expect(job).toMatchObject({ status: "completed", lastError: null, result: { outcome: "stale", reason: "deleted" } });
    expect(await db().file.count({ where: { id } })).toBe(0);
    expect(await leftovers(id)).toEqual(nothing);
  });

  it("a file deleted while its chunks are being embedded writes no chunks", async () => {
    const id = await createFile(fx.files.pdf, "report.pdf");
    await startIngestion(id, 1, acme.companyId);
    const defs = hookedJob(async (name, phase, fileId) => {
      if (fileId === id && name === "embed" && phase === "inside") await db().file.delete({ where: { id } });
    });
    await runner(defs).drain({ timeoutMs: 120_000 });
    expect(await getJob(ingestionJobId(id, 1))).toMatchObject({ status: "completed", lastError: null, result: { outcome: "stale" } });
    expect(await leftovers(id)).toEqual(nothing);
  });

  it("deleting with cancelIngestion stops the job at its next step", async () => {
    const id = await createFile(fx.files.docx, "report.docx");
    await startIngestion(id, 1, acme.companyId);
    const defs = hookedJob(async (name, phase, fileId) => {
      if (fileId === id && name === "detect" && phase === "after") {
        await db().file.delete({ where: { id } });
        await cancelIngestion(id, 1);
      }
    });
    await runner(defs).drain({ timeoutMs: 120_000 });
    expect(await getJob(ingestionJobId(id, 1))).toMatchObject({ status: "cancelled" });
    expect(await leftovers(id)).toEqual(nothing);
  });

  it("a job for a replaced content version writes nothing; the new version's job ingests it", async () => {
    const id = await createFile(fx.files.md, "notes.md");
    await startIngestion(id, 1, acme.companyId);
    // Replaced before the first job ran.
    await db().file.update({ where: { id }, data: { contentVersion: 2, status: "updating" } });
    await runner().drain();
    expect(await getJob(ingestionJobId(id, 1))).toMatchObject({ status: "completed", result: { outcome: "stale", reason: "replaced" } });
    expect(await db().file.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "updating",
      totalPages: 0,
      thumbnailKey: null,
      summaries: [],
    });
    expect(await leftovers(id)).toEqual(nothing);

    // Replaced again while version 2 is being parsed: its later steps write nothing either.
    await startIngestion(id, 2, acme.companyId);
    const defs = hookedJob(async (name, phase, fileId) => {
      if (fileId === id && name === "parse" && phase === "after")
        await db().file.update({ where: { id }, data: { contentVersion: 3, status: "updating" } });
    });
    await runner(defs).drain();
    expect(await getJob(ingestionJobId(id, 2))).toMatchObject({ status: "completed", result: { outcome: "stale", reason: "replaced" } });
    expect(await db().chunk.count({ where: { fileId: id } })).toBe(0);
    expect((await db().file.findUniqueOrThrow({ where: { id } })).status).toBe("updating");

    await startIngestion(id, 3, acme.companyId);
    await runner().drain();
    expect(await db().file.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "embedded", totalPages: 1, contentVersion: 3 });
    expect(await db().chunk.count({ where: { fileId: id } })).toBeGreaterThan(0);
  });
});
