// A real crash: a child process runs a job on the embedded (on-disk) PGlite and is killed with SIGKILL
// in the middle of its second step. This process then opens the same data directory, and the runner
// must take the stale job over, skip the finished first step and complete the second.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { closeDatabase, createDatabase, setDatabase } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { sleep, spawnWorker, type WorkerProcess } from "../helpers/child-process";
import { CRASH_MARKER, makeCrashJob } from "./fixtures/crash-job";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-crash-"));
const logFile = path.join(dataDir, "side-effects.log");
let worker: WorkerProcess | undefined;

afterAll(async () => {
  worker?.killIfRunning();
  await closeDatabase();
  setEnvForTests({});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("resumes a job after its worker was killed with SIGKILL, without repeating its finished step", async () => {
  worker = spawnWorker("tests/jobs/fixtures/crash-worker.ts", [logFile], dataDir);
  const workerPid = Number((await worker.waitFor(new RegExp(`${CRASH_MARKER} (\\d+)`)))[1]);
  const jobId = /ENQUEUED (\S+)/.exec(worker.stdout)![1];

  await worker.kill(workerPid);

  // Same data directory, this process: PGlite replays its WAL like Postgres after a power cut.
  setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: undefined, JOBS_RUNNER: "local" });
  setDatabase(createDatabase());
  const before = await getJob(jobId);
  expect(before).toMatchObject({ status: "running", attempts: 1 });

  const runner = new LocalRunner({ definitions: [makeCrashJob("finish")], leaseMs: 1_000, pollIntervalMs: 100 });
  runner.start();
  try {
    let job = before;
    while (job?.status !== "completed" && job?.status !== "failed") {
      await sleep(100);
      job = await getJob(jobId);
    }
    expect(job).toMatchObject({ status: "completed", attempts: 2 });
    expect(job.lastError).toContain("lease expired");
    expect(job.result).toEqual({ first: { pid: workerPid }, second: { pid: process.pid } });
  } finally {
    await runner.stop();
  }

  const lines = fs.readFileSync(logFile, "utf8").trim().split("\n");
  expect(lines).toEqual([`first ${workerPid}`, `second ${process.pid}`]);
}, 180_000);
