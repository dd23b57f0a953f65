// kill -9 during ingestion: a child process ingests a PDF on the embedded (on-disk) PGlite and is killed with
// SIGKILL inside the embed step, after its chunks were committed but before the step's output was recorded.
// This process then opens the same data directory; its runner takes the stale job over, re-runs the embed
// step without duplicating chunks, finalizes once, and the file reaches `embedded`.
import { type ChildProcess, spawn } from "node:child_process";
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

const root = path.resolve(__dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-ingest-crash-"));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  await closeDatabase();
  setEnvForTests({});
  setStorageForTests(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it("a file whose ingestion worker was killed with SIGKILL still reaches a final status after a restart", async () => {
  const fx = await documentFixtures();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JOBS_RUNNER: "local" };
  delete env.DATABASE_URL;
  delete env.INNGEST_EVENT_KEY;
  // Its own process group, so that kill -9 reaches npx, tsx and the node process running the script.
  child = spawn("npx", ["tsx", "tests/ingestion/fixtures/ingest-worker.ts", fx.files.pdf], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child!.once("exit", () => resolve()));

  const marker = /EMBED_COMMITTED (\d+)/;
  while (!marker.test(stdout)) {
    if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode}):\n${stdout}\n${stderr}`);
    await sleep(50);
  }
  const workerPid = Number(marker.exec(stdout)![1]);
  const [, jobId, fileIdText] = /ENQUEUED (\S+) (\d+)/.exec(stdout)!;
  const fileId = Number(fileIdText);

  process.kill(-child.pid!, "SIGKILL");
  await exited;
  while (isAlive(workerPid)) await sleep(50);

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
  expect(stepsBefore).toEqual(["detect", "parse", "thumbnail"]);

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
