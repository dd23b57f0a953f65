// The sync engine against an in-process fake connector, through the API and the real job runner: every
// document imported exactly once, an unchanged re-run fetches nothing, changes / additions / removals
// propagate, per-document failures are recorded with their reason, and the statuses and counts are exact.
// Ingestion jobs are only enqueued here (their own tests cover them): the runner runs the sync job alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { registerConnectorForTests } from "@/lib/sync/registry";
import { beginRun, listStep, processStep } from "@/lib/sync/run-steps";
import { startRun } from "@/lib/sync/start-run";
import { type SeededCompany, seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { docId, docText, type FakeSource, fakeConnector, fakeSource } from "./fake-connector";

useTestDatabase();

const TYPE = "test-engine";
const COUNT = 1_000;
let source: FakeSource;
let acme: SeededCompany;
let unregister: () => void;
let workspaceId: number;

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 300_000 });

async function latestRun() {
  const res = await api.get(`/api/v3/workspaces/${workspaceId}/datasource/runs?page_size=1`, { key: acme.admin.key });
  expect(res.status).toBe(200);
  return res.body.results[0];
}

async function syncedFiles() {
  return db().file.findMany({ where: { workspaceId }, orderBy: { externalId: "asc" } });
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-sync-engine-"));
  setEnvForTests({});
  setStorageForTests(undefined);
  source = fakeSource(COUNT, 100);
  unregister = registerConnectorForTests(fakeConnector(TYPE, source));
  acme = await seedCompany();
});

afterAll(() => {
  unregister();
  setEnvForTests({});
});

describe("sync engine", () => {
  it(`imports ${COUNT} documents exactly once, with external_metadata`, async () => {
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: { name: "Mirror", datasource: { datasource_type: TYPE, settings: { name: "one" } } },
    });
    expect(res.status).toBe(201);
    workspaceId = res.body.id;
    expect(res.body.document_upload_method).toBe("sync");
    expect(res.body.sync).toMatchObject({ datasource_type: TYPE, source_name: "fake:one", last_status: "queued", failed_files_count: 0 });

    await drainSync();
    const run = await latestRun();
    expect(run).toMatchObject({
      status: "succeeded",
      listed_count: COUNT,
      created_count: COUNT,
      updated_count: 0,
      unchanged_count: 0,
      failed_count: 0,
    });
    expect(source.fetches).toBe(COUNT);
    const files = await syncedFiles();
    expect(files).toHaveLength(COUNT);
    expect(new Set(files.map((f) => f.externalId)).size).toBe(COUNT);
    expect(files[0]).toMatchObject({
      externalId: docId(0),
      externalDocType: "note",
      title: `Title ${docId(0)}`,
      externalMetadata: { external_id: docId(0), doc_type: "note", additional_metadata: { external_url: `fake://${docId(0)}` } },
    });
    // One ingestion job per file, nothing more.
    expect(await db().job.count({ where: { name: "ingest-file" } })).toBe(COUNT);

    const ws = await api.get(`/api/v3/workspaces/${workspaceId}`, { key: acme.admin.key });
    expect(Object.keys(ws.body.sync).sort()).toEqual(
      [
        "client_id",
        "datasource_type",
        "editable",
        "failed_files_count",
        "filter_criteria",
        "instance_url",
        "last_status",
        "name",
        "next_import_date",
        "site_name",
        "source_name",
        "tenant_id",
        "updated_at",
      ].sort(),
    );
    expect(ws.body.sync).toMatchObject({ last_status: "succeeded", failed_files_count: 0, next_import_date: null });

    const filtered = await api.get(`/api/v3/files?external_metadata__external_id=${docId(7)}`, { key: acme.admin.key });
    expect(filtered.body.count).toBe(1);
    expect(filtered.body.results[0].external_metadata).toMatchObject({ external_id: docId(7), doc_type: "note" });
  }, 300_000);

  it("fetches nothing on an unchanged re-run", async () => {
    const fetchesBefore = source.fetches;
    const start = await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ status: "queued", trigger: "manual" });
    await drainSync();
    expect(source.fetches).toBe(fetchesBefore);
    expect(await latestRun()).toMatchObject({ status: "succeeded", unchanged_count: COUNT, created_count: 0, updated_count: 0, deleted_count: 0 });
    expect(await db().file.count({ where: { workspaceId } })).toBe(COUNT);
    expect(await db().job.count({ where: { name: "ingest-file" } })).toBe(COUNT);
  }, 300_000);

  it("propagates changes, additions and removals; re-ingests changed documents as a new content version", async () => {
    const changed = [docId(1), docId(500), docId(999)];
    for (const id of changed) source.docs.set(id, { text: `${docText(0, 2)} ${id}`, version: "v2" });
    source.docs.delete(docId(2));
    source.docs.delete(docId(3));
    source.docs.set("doc-new", { text: "A new document.", version: "v1" });
    const fetchesBefore = source.fetches;
    await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    await drainSync();
    expect(source.fetches - fetchesBefore).toBe(4);
    expect(await latestRun()).toMatchObject({
      status: "succeeded",
      created_count: 1,
      updated_count: 3,
      deleted_count: 2,
      unchanged_count: COUNT - 5,
      listed_count: COUNT - 1,
    });
    const files = await syncedFiles();
    expect(files).toHaveLength(COUNT - 1);
    const byId = new Map(files.map((f) => [f.externalId, f]));
    expect(byId.has(docId(2))).toBe(false);
    expect(byId.has(docId(3))).toBe(false);
    expect(byId.get("doc-new")).toBeDefined();
    for (const id of changed) expect(byId.get(id)!.contentVersion).toBe(2);
    expect(await db().job.count({ where: { name: "ingest-file" } })).toBe(COUNT + 4);
  }, 300_000);

  it("records documents the source cannot serve, with the reason; the run is partially failed", async () => {
    source.docs.set(docId(10), { text: "changed again", version: "v3" });
    source.docs.set("doc-broken", { text: "never served", version: "v1" });
    source.broken.add(docId(10));
    source.broken.add("doc-broken");
    await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    await drainSync();
    const run = await latestRun();
    expect(run).toMatchObject({ status: "partially_failed", failed_count: 2, created_count: 0, updated_count: 0 });
    const failures = await api.get(`/api/v3/workspaces/${workspaceId}/datasource/runs/${run.id}/failures`, { key: acme.admin.key });
    expect(failures.body.count).toBe(2);
    expect(failures.body.results.map((f: { external_id: string }) => f.external_id).sort()).toEqual([docId(10), "doc-broken"]);
    expect(failures.body.results[0].reason).toContain("the source refused");
    // The file of a document that failed to refresh stays as it was.
    expect((await db().file.findFirstOrThrow({ where: { workspaceId, externalId: docId(10) } })).contentVersion).toBe(1);
    const ws = await api.get(`/api/v3/workspaces/${workspaceId}`, { key: acme.admin.key });
    expect(ws.body.sync).toMatchObject({ last_status: "partially_failed", failed_files_count: 2 });

    // Once the source serves them again, the next run imports both.
    source.broken.clear();
    await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    await drainSync();
    expect(await latestRun()).toMatchObject({ status: "succeeded", created_count: 1, updated_count: 1, failed_count: 0 });
    expect((await api.get(`/api/v3/workspaces/${workspaceId}`, { key: acme.admin.key })).body.sync.failed_files_count).toBe(0);
  }, 300_000);

  it("replays a page whose apply step died half-way: nothing fetched, created or counted twice", async () => {
    const ids = Array.from({ length: 60 }, (_, k) => docId(100 + k));
    for (const id of ids) source.docs.set(id, { text: `${id} version 4`, version: "v4" });
    const ds = await db().datasource.findUniqueOrThrow({ where: { workspaceId } });
    const run = (await startRun(ds, "manual"))!;
    // A first attempt that got through 30 of the changed documents of page 2 and died before its step output
    // was stored: the job then runs from the start of that page.
    await beginRun(run.id);
    const listed = [await listStep(run.id, null), await listStep(run.id, 100)];
    const items = listed.flatMap((p) => ("outcome" in p ? [] : p.items));
    const fetchesBefore = source.fetches;
    await processStep(
      run.id,
      items.filter((i) => ids.slice(0, 30).includes(i.externalId)),
    );
    expect(source.fetches - fetchesBefore).toBe(30);
    await drainSync();
    expect(source.fetches - fetchesBefore).toBe(60);
    expect(await latestRun()).toMatchObject({ id: run.id, status: "succeeded", updated_count: 60, created_count: 0, failed_count: 0 });
    const files = await db().file.findMany({ where: { workspaceId, externalId: { in: ids } } });
    expect(files).toHaveLength(60);
    expect(files.every((f) => f.contentVersion === 2)).toBe(true);
    expect(await db().file.count({ where: { workspaceId } })).toBe(COUNT);
    // Each new version was queued for ingestion once.
    expect(await db().job.count({ where: { name: "ingest-file", id: { in: files.map((f) => `ingest-file:${f.id}:2`) } } })).toBe(60);
  }, 300_000);
});
