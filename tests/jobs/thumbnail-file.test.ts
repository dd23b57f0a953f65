// Thumbnails as their own low-priority job (issue 15), through the upload API and the local runner on a real
// database: a file is searchable (`embedded`) before its thumbnail exists and the API says PENDING; the
// thumbnail-file job then stores it (READY), also after a crash mid-job; a failure for good leaves the file
// embedded with the thumbnail UNAVAILABLE; a deleted or replaced file ends the job cleanly; HTML, text and
// Markdown never start LibreOffice.
import fs from "node:fs";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnyJobDefinition, JobStepTools } from "@/inngest/define-job";
import { jobDefinitions } from "@/inngest/functions";
import { thumbnailFileJob } from "@/inngest/functions/thumbnail-file";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { setEnvForTests } from "@/lib/env";
import { derivedKeys } from "@/lib/ingestion/file-state";
import { thumbnailJobId } from "@/lib/ingestion/thumbnail-file";
import { setStorageForTests, storage } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

vi.mock("@/lib/documents/convert/libreoffice", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/documents/convert/libreoffice")>();
  return { ...actual, convertWithLibreOffice: vi.fn(actual.convertWithLibreOffice) };
});
const libreOffice = vi.mocked(convertWithLibreOffice);

useTestDatabase();

let acme: SeededCompany;

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-thumbnail-test-");
  setEnvForTests({});
  setStorageForTests(undefined);
  acme = await seedCompany();
});

beforeEach(() => {
  libreOffice.mockClear();
});

const DOCUMENTS = {
  "page.html": `<!DOCTYPE html><html><head><title>Page</title><script>var x = 1;</script></head><body><h1>Quarterly Report</h1>
    <p>${"The northern region grew faster than expected during the third quarter. ".repeat(20)}</p></body></html>`,
  "notes.txt": `Meeting notes\n\n${"Budget overview for the next year, line by line. ".repeat(20)}`,
  "notes.md": `# Launch Plan\n\n${"Ship the beta in March with the **new** search. ".repeat(20)}`,
};

async function upload(name: keyof typeof DOCUMENTS): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([DOCUMENTS[name]]), name);
  const res = await api.post("/api/v3/files", { key: acme.admin.key, raw: form });
  expect(res.status, res.text).toBe(201);
  expect(res.body.thumbnail).toEqual({ status: "PENDING", url: null });
  return res.body.id;
}

const runner = (definitions: readonly AnyJobDefinition[] = jobDefinitions) =>
  new LocalRunner({ definitions, pollIntervalMs: 20, backoffMs: () => 0 });
/** Every job but the thumbnails: what a busy queue looks like to a thumbnail. */
const ingestionOnly = () => runner(jobDefinitions.filter((d) => d.id !== thumbnailFileJob.id));
/** The thumbnail job with `hook` around its step (same id, so it runs the enqueued jobs). */
function hookedThumbnail(hook: (attempt: number) => Promise<void>): AnyJobDefinition[] {
  const wrapped: AnyJobDefinition = {
    ...thumbnailFileJob,
    handler: (ctx) => {
      const step: JobStepTools = {
        run: (name, fn) =>
          ctx.step.run(name, async () => {
            const out = await fn();
            await hook(ctx.attempt);
            return out;
          }) as never,
      };
      return thumbnailFileJob.handler({ ...ctx, step });
    },
  };
  return jobDefinitions.map((d) => (d.id === thumbnailFileJob.id ? wrapped : d));
}

const getFile = async (id: number) => (await api.get(`/api/v3/files/${id}`, { key: acme.admin.key })).body;
const thumbnailStatus = async (id: number) => (await api.get(`/api/v3/files/${id}/thumbnail`, { key: acme.admin.key })).status;

describe("thumbnail-file job", () => {
  it("a file reaches embedded before its thumbnail exists; the thumbnail job then makes it, without LibreOffice", async () => {
    const ids = [await upload("page.html"), await upload("notes.txt"), await upload("notes.md")];
    await ingestionOnly().drain({ timeoutMs: 120_000 });
    for (const id of ids) {
      expect(await getFile(id)).toMatchObject({ status: "embedded", thumbnail: { status: "PENDING", url: null } });
      expect(await storage().exists(derivedKeys.thumbnail(id))).toBe(false);
      expect(await thumbnailStatus(id)).toBe(404);
      expect(await getJob(thumbnailJobId(id, 1))).toMatchObject({ status: "queued", companyId: acme.companyId });
    }

    await runner().drain({ timeoutMs: 120_000 });
    for (const id of ids) {
      expect(await getFile(id)).toMatchObject({ status: "embedded", thumbnail: { status: "READY", url: `/api/v3/files/${id}/thumbnail` } });
      expect(await getJob(thumbnailJobId(id, 1))).toMatchObject({ status: "completed", attempts: 1, result: { outcome: "ready" } });
      const png = await api.get(`/api/v3/files/${id}/thumbnail`, { key: acme.admin.key });
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
    }
    expect(libreOffice).not.toHaveBeenCalled();
  });

  it("a crash in the middle of the job is retried and the thumbnail made once", async () => {
    const id = await upload("page.html");
    await ingestionOnly().drain({ timeoutMs: 120_000 });
    const defs = hookedThumbnail(async (attempt) => {
      if (attempt === 1) throw new Error("worker lost");
    });
    await runner(defs).drain({ timeoutMs: 120_000 });
    expect(await getJob(thumbnailJobId(id, 1))).toMatchObject({ status: "completed", attempts: 2, result: { outcome: "ready" } });
    expect(await getFile(id)).toMatchObject({ status: "embedded", thumbnail: { status: "READY" } });
  });

  it("a thumbnail that fails for good leaves the file embedded, its thumbnail UNAVAILABLE", async () => {
    const id = await upload("notes.md");
    await ingestionOnly().drain({ timeoutMs: 120_000 });
    // The original vanished after ingestion: every attempt of the job fails.
    const row = await db().file.findUniqueOrThrow({ where: { id } });
    await storage().delete(row.storageKey);
    await runner().drain({ timeoutMs: 120_000 });
    expect(await getJob(thumbnailJobId(id, 1))).toMatchObject({ status: "failed", attempts: thumbnailFileJob.retries + 1 });
    expect(await getFile(id)).toMatchObject({ status: "embedded", status_detail: null, thumbnail: { status: "UNAVAILABLE", url: null } });
    expect(await thumbnailStatus(id)).toBe(404);
  });

  it("a file deleted before its thumbnail job runs ends the job cleanly, storing nothing", async () => {
    const id = await upload("notes.txt");
    await ingestionOnly().drain({ timeoutMs: 120_000 });
    await db().file.delete({ where: { id } });
    await runner().drain({ timeoutMs: 120_000 });
    expect(await getJob(thumbnailJobId(id, 1))).toMatchObject({
      status: "completed",
      lastError: null,
      result: { outcome: "stale", reason: "deleted" },
    });
    expect(await storage().exists(derivedKeys.thumbnail(id))).toBe(false);
  });

  it("a replaced file ends the old version's thumbnail job; the new version's thumbnail is pending until its own job", async () => {
    const id = await upload("notes.txt");
    await ingestionOnly().drain({ timeoutMs: 120_000 });
    await db().file.update({ where: { id }, data: { contentVersion: 2, status: "updating" } });
    await runner().drain({ timeoutMs: 120_000 });
    expect(await getJob(thumbnailJobId(id, 1))).toMatchObject({ status: "completed", result: { outcome: "stale", reason: "replaced" } });
    expect(await db().file.findUniqueOrThrow({ where: { id } })).toMatchObject({
      thumbnailKey: null,
      thumbnailVersion: 1,
      thumbnailStatus: "queued",
    });
    expect((await getFile(id)).thumbnail).toEqual({ status: "PENDING", url: null });
  });

  it("a file whose parsing failed has no thumbnail job and says UNAVAILABLE", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0x01])]), "broken.pdf");
    const res = await api.post("/api/v3/files", { key: acme.admin.key, raw: form });
    expect(res.status, res.text).toBe(201);
    await runner().drain({ timeoutMs: 120_000 });
    expect(await getFile(res.body.id)).toMatchObject({ status: "parsing_failed", thumbnail: { status: "UNAVAILABLE", url: null } });
    expect(await getJob(thumbnailJobId(res.body.id, 1))).toBeNull();
  });
});
