// kill -9 of the process running a sync mid-run, then a restart on the same embedded database: the run
// resumes from its memoised pages and completes with every document imported exactly once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { closeDatabase, createDatabase, db, setDatabase } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { registerConnectorForTests } from "@/lib/sync/registry";
import { sleep, spawnWorker, type WorkerProcess } from "../helpers/child-process";
import { fakeConnector, fakeSource } from "./fake-connector";

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
