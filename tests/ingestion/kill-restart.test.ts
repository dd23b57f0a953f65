// kill -9 during ingestion: a child process ingests a PDF on the embedded (on-disk) PGlite and is killed with
// SIGKILL inside the embed step, after its chunks were committed but before the step's output was recorded.
// This process then opens the same data directory; its runner takes the stale job over, re-runs the embed
// step without duplicating chunks, finalizes once, and the file reaches `embedded`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { closeDatabase, createDatabase, db, setDatabase } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { documentFixtures } from "../fixtures/documents";
import { sleep, spawnWorker, type WorkerProcess } from "../helpers/child-process";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-ingest-crash-"));
let worker: WorkerProcess | undefined;

afterAll(async () => {
  worker?.killIfRunning();
  await closeDatabase();
  setEnvForTests({});
  setStorageForTests(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("a file whose ingestion worker was killed with SIGKILL still reaches a final status after a restart", async () => {
  const fx = await documentFixtures();
  worker = spawnWorker("tests/ingestion/fixtures/ingest-worker.ts", [fx.files.pdf], dataDir);
  const workerPid = Number((await worker.waitFor(/EMBED_COMMITTED (\d+)/))[1]);
  const [, jobId, fileIdText] = /ENQUEUED (\S+) (\d+)/.exec(worker.stdout)!;
  const fileId = Number(fileIdText);

  await worker.kill(workerPid);

  // Same data directory, this process: PGlite replays its WAL like Postgres after a power cut.
  setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: undefined, JOBS_RUNNER: "local" });
  setStorageForTests(undefined);
  setDatabase(createDatabase());
  expect(await getJob(jobId)).toMatchObject({ status: "running", attempts: 1 });
  const before = await db().file.findUniqueOrThrow({ where: { id: fileId } });
  expect(before.status).toBe("embedding");
  const chunksBefore = await db().chunk.count({ where: { fileId } });
  expect(chunksBefore).toBeGreaterThan(0);
  const stepsBefore = (await db().jobStep.findMany({ where: { jobId } })).map((s) => s.name).sort();
  expect(stepsBefore).toEqual(["detect", "parse", "queue-thumbnail"]);

  const runner = new LocalRunner({ definitions: jobDefinitions, leaseMs: 1_000, pollIntervalMs: 100 });
  runner.start();
  try {
    let job = await getJob(jobId);
    const deadline = Date.now() + 120_000;
    while (job?.status !== "completed" && job?.status !== "failed") {
      if (Date.now() > deadline) throw new Error(`job still ${job?.status}`);
      await sleep(100);
      job = await getJob(jobId);
    }
    expect(job).toMatchObject({ status: "completed", attempts: 2 });
    expect(job.lastError).toContain("lease expired");
  } finally {
    await runner.stop();
  }

  const file = await db().file.findUniqueOrThrow({ where: { id: fileId } });
  expect(file).toMatchObject({ status: "embedded", totalPages: 3, statusDetail: null });
  // The re-run embed step replaced the committed chunks instead of adding to them; finalize metered once.
  expect(await db().chunk.count({ where: { fileId } })).toBe(chunksBefore);
  const usage = await db().usageEvent.findMany({ where: { feature: "ingestion" } });
  expect(usage.map((u) => u.quantity)).toEqual([3]);
  expect(await db().filePage.count({ where: { fileId } })).toBe(3);
}, 240_000);
