// A real crash: a child process runs a job on the embedded (on-disk) PGlite and is killed with SIGKILL
// in the middle of its second step. This process then opens the same data directory, and the runner
// must take the stale job over, skip the finished first step and complete the second.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { LocalRunner } from "@/inngest/local-runner";
import { getJob } from "@/inngest/jobs";
import { closeDatabase, createDatabase, setDatabase } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { CRASH_MARKER, makeCrashJob } from "./fixtures/crash-job";

const root = path.resolve(__dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-crash-"));
const logFile = path.join(dataDir, "side-effects.log");
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  await closeDatabase();
  setEnvForTests({});
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

it("resumes a job after its worker was killed with SIGKILL, without repeating its finished step", async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JOBS_RUNNER: "local" };
  delete env.DATABASE_URL;
  delete env.INNGEST_EVENT_KEY;
  // Its own process group, so that kill -9 reaches npx, tsx and the node process running the script.
  child = spawn("npx", ["tsx", "tests/jobs/fixtures/crash-worker.ts", logFile], {
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

  const marker = new RegExp(`${CRASH_MARKER} (\\d+)`);
  while (!marker.test(stdout)) {
    if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode}):\n${stdout}\n${stderr}`);
    await sleep(50);
  }
  const workerPid = Number(marker.exec(stdout)![1]);
  const jobId = /ENQUEUED (\S+)/.exec(stdout)![1];

  process.kill(-child.pid!, "SIGKILL");
  await exited;
  while (isAlive(workerPid)) await sleep(50);

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
