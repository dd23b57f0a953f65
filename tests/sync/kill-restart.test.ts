// kill -9 of the process running a sync mid-run, then a restart on the same embedded database: the run
// resumes from its memoised pages and completes with every document imported exactly once. Once with the
// in-process fake connector, once with filedrive against the fake Google Drive (tests/sync/fake-google-drive.ts),
// once with sitehost against the fake Microsoft Graph (tests/sync/fake-graph.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { forgetCachedSecrets } from "@/lib/auth/secrets";
import { closeDatabase, createDatabase, db, setDatabase } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { registerConnectorForTests } from "@/lib/sync/registry";
import { sleep, spawnWorker, type WorkerProcess } from "../helpers/child-process";
import { fakeConnector, fakeSource } from "./fake-connector";
import { FakeGoogleDrive } from "./fake-google-drive";
import { startFakeGraph, trustFakeGraph } from "./fake-graph";
import { startFakeZendesk } from "./fake-zendesk";

const DOCS = 300;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-sync-crash-"));
let worker: WorkerProcess | undefined;

afterAll(async () => {
  worker?.killIfRunning();
  await closeDatabase();
  setEnvForTests({});
  setStorageForTests(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("completes a sync run killed with SIGKILL mid-page, with nothing missing or duplicated", async () => {
  worker = spawnWorker("tests/sync/fixtures/sync-crash-worker.ts", [], dataDir);
  const pid = Number((await worker.waitFor(/MIDWAY (\d+)/))[1]);
  const [, runId, workspaceId, jobId] = /RUN (\d+) WS (\d+) JOB (\S+)/.exec(worker.stdout)!;
  await worker.kill(pid);

  setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: undefined, JOBS_RUNNER: "local" });
  setStorageForTests(undefined);
  setDatabase(createDatabase());
  const before = await db().file.count({ where: { workspaceId: Number(workspaceId) } });
  expect(before).toBeGreaterThanOrEqual(100);
  expect(before).toBeLessThan(DOCS);

  const source = fakeSource(DOCS, 50);
  const unregister = registerConnectorForTests(fakeConnector("test-crash", source));
  const runner = new LocalRunner({ definitions: [syncDatasourceJob], leaseMs: 1_000, pollIntervalMs: 100 });
  runner.start();
  try {
    let job = await getJob(jobId);
    while (job?.status !== "completed" && job?.status !== "failed") {
      await sleep(100);
      job = await getJob(jobId);
    }
    expect(job).toMatchObject({ status: "completed", attempts: 2 });
  } finally {
    await runner.stop();
    unregister();
  }
  const run = await db().datasourceRun.findUniqueOrThrow({ where: { id: Number(runId) } });
  expect(run).toMatchObject({ status: "succeeded", createdCount: DOCS, failedCount: 0 });
  const files = await db().file.findMany({ where: { workspaceId: Number(workspaceId) }, select: { externalId: true } });
  expect(files).toHaveLength(DOCS);
  expect(new Set(files.map((f) => f.externalId)).size).toBe(DOCS);
  // Resumed, not restarted: the pages applied before the kill were not fetched again.
  expect(source.fetches).toBeLessThanOrEqual(DOCS - 100);
  expect(source.fetches + before).toBeGreaterThanOrEqual(DOCS);
}, 240_000);

it("completes a filedrive run killed with SIGKILL mid-page: nothing missing, duplicated or downloaded again", async () => {
  const DRIVE_DOCS = 300;
  const driveDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-drive-crash-"));
  const fake = await new FakeGoogleDrive().start();
  let driveWorker: WorkerProcess | undefined;
  try {
    const keyFile = path.join(driveDir, "key.json");
    fs.writeFileSync(keyFile, fake.addServiceAccount("crash@fake-project.iam.gserviceaccount.com"));
    const folder = fake.addFolder("Crash", null, { sharedWith: ["crash@fake-project.iam.gserviceaccount.com"] });
    const sub = fake.addFolder("Sub", folder);
    for (let i = 0; i < DRIVE_DOCS; i++) fake.addFile(`doc-${i}.txt`, i % 3 ? folder : sub, "text/plain", `Drive document ${i}.\n`);
    fake.maxPageSize = 50;
    fake.downloadDelayMs = 30;
    const downloads = () => fake.log.filter((l) => l.path.includes("alt=media") && l.status === 200);

    process.env.DOCUMENT_URL_ALLOWLIST = "127.0.0.1";
    driveWorker = spawnWorker("tests/sync/fixtures/filedrive-crash-worker.ts", [fake.base, keyFile, folder], driveDir);
    delete process.env.DOCUMENT_URL_ALLOWLIST;
    const [, runId, workspaceId, jobId, pid] = await driveWorker.waitFor(/RUN (\d+) WS (\d+) JOB (\S+) PID (\d+)/);
    while (downloads().length < 120) {
      if (driveWorker.child.exitCode !== null) throw new Error(`the worker exited early:\n${driveWorker.stdout}`);
      await sleep(20);
    }
    await driveWorker.kill(Number(pid));
    const beforeRestart = downloads().length;

    await closeDatabase();
    setEnvForTests({ DATA_DIR: driveDir, DATABASE_URL: undefined, JOBS_RUNNER: "local", DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    forgetCachedSecrets(); // the key (a secret) was sealed with driveDir's secret-key
    setDatabase(createDatabase());
    const held = await db().file.count({ where: { workspaceId: Number(workspaceId) } });
    expect(held).toBeGreaterThanOrEqual(100);
    expect(held).toBeLessThan(DRIVE_DOCS);
    const runner = new LocalRunner({ definitions: [syncDatasourceJob], leaseMs: 1_000, pollIntervalMs: 100 });
    runner.start();
    try {
      let job = await getJob(jobId);
      while (job?.status !== "completed" && job?.status !== "failed") {
        await sleep(100);
        job = await getJob(jobId);
      }
      expect(job).toMatchObject({ status: "completed", attempts: 2 });
    } finally {
      await runner.stop();
    }
    const run = await db().datasourceRun.findUniqueOrThrow({ where: { id: Number(runId) } });
    expect(run).toMatchObject({ status: "succeeded", createdCount: DRIVE_DOCS, failedCount: 0 });
    const files = await db().file.findMany({ where: { workspaceId: Number(workspaceId) }, select: { externalId: true } });
    expect(files).toHaveLength(DRIVE_DOCS);
    expect(new Set(files.map((f) => f.externalId)).size).toBe(DRIVE_DOCS);
    expect(new Set(files.map((f) => f.externalId))).toEqual(
      new Set([...fake.files.values()].filter((f) => f.mimeType === "text/plain").map((f) => f.id)),
    );
    // Resumed, not restarted: only documents not yet stored were downloaded again, besides at most the four
    // (ITEM_CONCURRENCY) in flight when the process died.
    const after = downloads().length - beforeRestart;
    expect(after).toBeLessThanOrEqual(DRIVE_DOCS - held + 4);
    expect(beforeRestart - held).toBeLessThanOrEqual(4);
  } finally {
    driveWorker?.killIfRunning();
    await fake.close();
    await closeDatabase();
    forgetCachedSecrets();
    fs.rmSync(driveDir, { recursive: true, force: true });
  }
}, 240_000);

// The same for the sitehost connector: the child imports a SharePoint library from the fake Graph this process
// serves; the kill lands mid-page, and the restarted run resumes from the delta page it was applying.
it("sitehost: a run killed with SIGKILL mid-page resumes with nothing missed or duplicated", async () => {
  const FILES = 300;
  const g = await startFakeGraph();
  const library = g.addDrive(g.addSite("contoso.sharepoint.com", "sites/Crash", "Crash"), "Documents");
  for (let i = 0; i < FILES; i++) g.addFile(library, null, `file-${i}.txt`, `File ${i}.`);
  g.pageSize = 50;
  let midway: () => void = () => undefined;
  const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
  g.onDownload = async () => {
    if (g.stats.downloads === 120) midway();
    if (g.stats.downloads >= 120) await sleep(30);
  };
  const crashDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-sitehost-crash-"));
  const child = spawnWorker("tests/sync/fixtures/sitehost-crash-worker.ts", [g.base, g.tenant, g.clientId, g.secret], crashDir);
  try {
    const pid = Number((await child.waitFor(/PID (\d+)/))[1]);
    const [, runId, workspaceId, jobId] = await child.waitFor(/RUN (\d+) WS (\d+) JOB (\S+)/);
    await reachedMidway;
    await child.kill(pid);
    const killedAt = g.stats.downloads;

    await closeDatabase();
    trustFakeGraph();
    setEnvForTests({ DATA_DIR: crashDir, DATABASE_URL: undefined, JOBS_RUNNER: "local", DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    forgetCachedSecrets(); // the datasource secrets were sealed with crashDir's secret-key
    setStorageForTests(undefined);
    setDatabase(createDatabase());
    const before = await db().file.count({ where: { workspaceId: Number(workspaceId) } });
    expect(before).toBeGreaterThanOrEqual(100);
    expect(before).toBeLessThan(FILES);

    g.onDownload = undefined;
    const runner = new LocalRunner({ definitions: [syncDatasourceJob], leaseMs: 1_000, pollIntervalMs: 100 });
    runner.start();
    try {
      let job = await getJob(jobId);
      while (job?.status !== "completed" && job?.status !== "failed") {
        await sleep(100);
        job = await getJob(jobId);
      }
      expect(job, job?.lastError ?? undefined).toMatchObject({ status: "completed", attempts: 2 });
    } finally {
      await runner.stop();
    }
    const run = await db().datasourceRun.findUniqueOrThrow({ where: { id: Number(runId) } });
    expect(run).toMatchObject({ status: "succeeded", createdCount: FILES, failedCount: 0 });
    const files = await db().file.findMany({ where: { workspaceId: Number(workspaceId) }, select: { filename: true } });
    expect(files).toHaveLength(FILES);
    expect(new Set(files.map((f) => f.filename))).toEqual(new Set(Array.from({ length: FILES }, (_, i) => `file-${i}.txt`)));
    // Resumed, not restarted: what was imported before the kill was not downloaded again.
    expect(g.stats.downloads - killedAt).toBeLessThanOrEqual(FILES - before + 4);
  } finally {
    child.killIfRunning();
    await g.close();
    await closeDatabase();
    forgetCachedSecrets();
    fs.rmSync(crashDir, { recursive: true, force: true });
  }
}, 240_000);

// The same for servicedesk: the child imports a help center from the fake Zendesk this process serves (150
// articles in export pages of 50, each with a text attachment: 300 documents); the kill lands while a page's
// attachments are being downloaded, and the restarted run resumes from the page it was applying.
it("servicedesk: a run killed with SIGKILL mid-page resumes with nothing missed, duplicated or downloaded again", async () => {
  const ARTICLES = 150;
  const DOCS_ZD = ARTICLES * 2;
  const zd = await startFakeZendesk();
  zd.agents.set("crash@acme.test", { id: 1, name: "Crash Admin", token: "tok-crash", role: "admin" });
  for (let i = 1; i <= ARTICLES; i++) {
    zd.addArticle({ id: i, title: `Article ${i}`, body: `<p>Article number ${i}.</p>`, section_id: 1 });
    zd.attachments.push({
      id: 10_000 + i,
      article_id: i,
      file_name: `notes-${i}.txt`,
      content_type: "text/plain",
      content: Buffer.from(`Notes of article ${i}.\n`),
    });
  }
  zd.articlesPageSize = 50;
  const downloads = () => zd.log.filter((l) => l.path.startsWith("/hc/article_attachments/") && l.status === 200).length;
  let midway: () => void = () => undefined;
  const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
  let started = 0;
  zd.beforeAnswer = async (p) => {
    if (!p.startsWith("/hc/article_attachments/")) return;
    started++;
    if (started === 60) midway();
    if (started >= 60) await sleep(30);
  };
  const crashDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-servicedesk-crash-"));
  const child = spawnWorker("tests/sync/fixtures/servicedesk-crash-worker.ts", [zd.base, "crash@acme.test", "tok-crash"], crashDir);
  try {
    const [, pid, runId, workspaceId, jobId] = await child.waitFor(/PID (\d+) RUN (\d+) WS (\d+) JOB (\S+)/);
    await reachedMidway;
    await child.kill(Number(pid));
    const killedAt = downloads();

    await closeDatabase();
    setEnvForTests({ DATA_DIR: crashDir, DATABASE_URL: undefined, JOBS_RUNNER: "local", DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    setStorageForTests(undefined);
    forgetCachedSecrets(); // the token was sealed with crashDir's secret-key
    setDatabase(createDatabase());
    const before = await db().file.count({ where: { workspaceId: Number(workspaceId) } });
    expect(before).toBeGreaterThanOrEqual(100);
    expect(before).toBeLessThan(DOCS_ZD);
    const attachmentsHeld = await db().file.count({ where: { workspaceId: Number(workspaceId), externalId: { contains: ":attachment:" } } });

    zd.beforeAnswer = undefined;
    const runner = new LocalRunner({ definitions: [syncDatasourceJob], leaseMs: 1_000, pollIntervalMs: 100 });
    runner.start();
    try {
      let job = await getJob(jobId);
      while (job?.status !== "completed" && job?.status !== "failed") {
        await sleep(100);
        job = await getJob(jobId);
      }
      expect(job).toMatchObject({ status: "completed", attempts: 2 });
    } finally {
      await runner.stop();
    }
    const run = await db().datasourceRun.findUniqueOrThrow({ where: { id: Number(runId) } });
    expect(run).toMatchObject({ status: "succeeded", createdCount: DOCS_ZD, failedCount: 0 });
    const files = await db().file.findMany({ where: { workspaceId: Number(workspaceId) }, select: { externalId: true } });
    const expected = Array.from({ length: ARTICLES }, (_, k) => [`article:${k + 1}:en-us`, `article:${k + 1}:en-us:attachment:${10_001 + k}`]).flat();
    expect(files.map((f) => f.externalId).sort()).toEqual(expected.sort());
    // Resumed, not restarted: the export was not read from the start again after the pages already applied,
    // and only attachments not yet stored were downloaded again (besides the four in flight at the kill).
    expect(zd.log.filter((l) => l.path.includes("/incremental/articles?start_time=0"))).toHaveLength(1);
    expect(downloads() - killedAt).toBeLessThanOrEqual(ARTICLES - attachmentsHeld + 4);
    expect(downloads()).toBeGreaterThanOrEqual(ARTICLES);
  } finally {
    child.killIfRunning();
    await zd.close();
    await closeDatabase();
    forgetCachedSecrets();
    fs.rmSync(crashDir, { recursive: true, force: true });
  }
}, 240_000);
