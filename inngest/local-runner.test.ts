// The local runner against a real (in-memory PGlite) database: memoised steps, retries, permanent
// failures, concurrency, cancellation and recovery of jobs whose worker died.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDatabase, createDatabase, db, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { defineJob, NonRetriableError } from "./define-job";
import { cancelJob, enqueueJob, getJob, insertJob } from "./jobs";
import { LocalRunner } from "./local-runner";

beforeAll(async () => {
  const d = createDatabase("memory://");
  await migrate(d);
  setDatabase(d);
});

afterAll(async () => {
  await closeDatabase();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const runnerFor = (definitions: Parameters<typeof defineJob>[0][] | unknown[], extra = {}) =>
  new LocalRunner({ definitions: definitions as never, backoffMs: () => 0, pollIntervalMs: 20, ...extra });

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("waitFor: condition not met in time");
    await sleep(20);
  }
}

const stepsOf = (jobId: string) =>
  db()
    .jobStep.findMany({ where: { jobId }, orderBy: { createdAt: "asc" } })
    .then((s) => s.map((x) => x.name));

describe("local runner", () => {
  it("runs a job to completion and stores each step's output", async () => {
    const job = defineJob({
      id: "test-success",
      payload: z.object({ n: z.number() }),
      handler: async ({ payload, step, attempt }) => {
        const doubled = await step.run("double", () => payload.n * 2);
        const obj = await step.run("wrap", () => ({ doubled, at: new Date(0) }));
        return { total: doubled + 1, at: obj.at, attempt };
      },
    });
    const id = await enqueueJob(job, { n: 20 }, { companyId: undefined });
    await runnerFor([job]).drain();
    const row = await getJob(id);
    expect(row).toMatchObject({ status: "completed", attempts: 1, lockedBy: null, lastError: null });
    // Dates come back as JSON strings, as they would from a replay.
    expect(row!.result).toEqual({ total: 41, at: "1970-01-01T00:00:00.000Z", attempt: 1 });
    expect(row!.finishedAt).toBeInstanceOf(Date);
    expect(await stepsOf(id)).toEqual(["double", "wrap"]);
  });

  it("validates payloads at enqueue and treats a repeated jobId as the same job", async () => {
    const job = defineJob({ id: "test-validate", payload: z.object({ n: z.number() }), handler: async () => 1 });
    await expect(enqueueJob(job, { n: "x" } as never)).rejects.toThrow(z.ZodError);
    const a = await enqueueJob(job, { n: 1 }, { jobId: "same-id" });
    const b = await enqueueJob(job, { n: 2 }, { jobId: "same-id" });
    expect(a).toBe(b);
    expect((await getJob("same-id"))!.payload).toEqual({ n: 1 });
    await runnerFor([job]).drain();
  });

  it("retries after an error and reuses the outputs of steps that already succeeded", async () => {
    let charges = 0;
    let emails = 0;
    const job = defineJob({
      id: "test-retry",
      payload: z.object({}),
      handler: async ({ step, attempt }) => {
        const receipt = await step.run("charge", () => ({ receipt: `r-${++charges}` }));
        if (attempt < 3) throw new Error(`flaky provider (attempt ${attempt})`);
        await step.run("email", () => ++emails);
        return receipt;
      },
    });
    const id = await enqueueJob(job, {});
    await runnerFor([job]).drain();
    const row = await getJob(id);
    expect(row).toMatchObject({ status: "completed", attempts: 3, result: { receipt: "r-1" } });
    expect(row!.lastError).toContain("flaky provider (attempt 2)");
    expect(charges).toBe(1);
    expect(emails).toBe(1);
  });

  it("fails at once on NonRetriableError and calls onFailure", async () => {
    const failures: { jobId: string; message: string; payload: unknown }[] = [];
    let runs = 0;
    const job = defineJob({
      id: "test-permanent",
      payload: z.object({ doc: z.string() }),
      retries: 5,
      handler: async () => {
        runs++;
        throw new NonRetriableError("unsupported file type");
      },
      onFailure: ({ jobId, error, payload }) => void failures.push({ jobId, message: error.message, payload }),
    });
    const id = await enqueueJob(job, { doc: "d1" });
    await runnerFor([job]).drain();
    expect(await getJob(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await getJob(id))!.lastError).toContain("unsupported file type");
    expect(runs).toBe(1);
    expect(failures).toEqual([{ jobId: id, message: "unsupported file type", payload: { doc: "d1" } }]);
  });

  it("marks a job failed when its retries are exhausted and calls onFailure once", async () => {
    let runs = 0;
    let failures = 0;
    const job = defineJob({
      id: "test-exhausted",
      payload: z.object({}),
      retries: 2,
      handler: async () => {
        runs++;
        throw new Error("still broken");
      },
      onFailure: () => void failures++,
    });
    const id = await enqueueJob(job, {});
    await runnerFor([job]).drain();
    expect(await getJob(id)).toMatchObject({ status: "failed", attempts: 3, maxAttempts: 3 });
    expect(runs).toBe(3);
    expect(failures).toBe(1);
  });

  it("rejects a step name used twice in one run", async () => {
    const job = defineJob({
      id: "test-duplicate-step",
      payload: z.object({}),
      handler: async ({ step }) => {
        await step.run("same", () => 1);
        await step.run("same", () => 2);
      },
    });
    const id = await enqueueJob(job, {});
    await runnerFor([job]).drain();
    const row = await getJob(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toContain('step name "same" is used twice');
  });

  it("keeps the number of jobs in flight within the process and per-definition limits", async () => {
    const track = () => {
      const t = { now: 0, max: 0 };
      return {
        t,
        run: async () => {
          t.max = Math.max(t.max, ++t.now);
          await sleep(30);
          t.now--;
        },
      };
    };
    const a = track();
    const b = track();
    const wide = defineJob({ id: "test-wide", payload: z.object({}), handler: () => a.run() });
    const narrow = defineJob({ id: "test-narrow", payload: z.object({}), concurrency: 1, handler: () => b.run() });
    for (let i = 0; i < 6; i++) await enqueueJob(wide, {});
    for (let i = 0; i < 4; i++) await enqueueJob(narrow, {});
    await runnerFor([wide, narrow], { concurrency: 3 }).drain();
    expect(a.t.max).toBeLessThanOrEqual(3);
    expect(b.t.max).toBe(1);
    expect(await db().job.count({ where: { name: { in: ["test-wide", "test-narrow"] }, status: "completed" } })).toBe(10);
  });

  it("claims low-priority jobs only when no other job is runnable, however old their backlog", async () => {
    const order: string[] = [];
    const low = defineJob({
      id: "test-low-priority",
      payload: z.object({ n: z.number() }),
      concurrency: 1,
      priority: "low",
      handler: async ({ payload }) => void order.push(`low ${payload.n}`),
    });
    const normal = defineJob({
      id: "test-normal-priority",
      payload: z.object({ n: z.number() }),
      handler: async ({ payload }) => void order.push(`normal ${payload.n}`),
    });
    for (let i = 1; i <= 3; i++) await enqueueJob(low, { n: i });
    await sleep(5); // strictly older: the backlog is first by run_at
    for (let i = 1; i <= 2; i++) await enqueueJob(normal, { n: i });
    await runnerFor([low, normal], { concurrency: 1 }).drain();
    expect(order).toEqual(["normal 1", "normal 2", "low 1", "low 2", "low 3"]);
  });

  it("leaves a definition at its own limit out of the claim: one busy low-priority job never holds up others", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const normalDone: string[] = [];
    const low = defineJob({ id: "test-low-busy", payload: z.object({}), concurrency: 1, priority: "low", handler: () => gate });
    const normal = defineJob({
      id: "test-normal-free",
      payload: z.object({ n: z.number() }),
      handler: async ({ payload }) => void normalDone.push(String(payload.n)),
    });
    for (let i = 0; i < 5; i++) await enqueueJob(low, {});
    const runner = runnerFor([low, normal], { concurrency: 2 });
    runner.start();
    try {
      await waitFor(async () => (await db().job.count({ where: { name: "test-low-busy", status: "running" } })) === 1);
      for (let i = 1; i <= 4; i++) await enqueueJob(normal, { n: i });
      // The second slot serves the normal jobs while the low one runs; the queued low jobs wait their turn.
      await waitFor(async () => normalDone.length === 4);
      expect(await db().job.count({ where: { name: "test-low-busy", status: "queued" } })).toBe(4);
    } finally {
      release();
      await runner.stop();
    }
    await runnerFor([low, normal]).drain();
    expect(await db().job.count({ where: { name: "test-low-busy", status: "completed" } })).toBe(5);
  });

  it("cancels a queued job before it runs", async () => {
    let runs = 0;
    const job = defineJob({ id: "test-cancel-queued", payload: z.object({}), handler: async () => void runs++ });
    const id = await enqueueJob(job, {}, { delayMs: 60_000 });
    expect(await cancelJob(id)).toBe(true);
    expect(await cancelJob(id)).toBe(false);
    await runnerFor([job]).drain();
    expect(await getJob(id)).toMatchObject({ status: "cancelled", attempts: 0 });
    expect(runs).toBe(0);
  });

  it("stops a running job at its next step boundary when cancelled, without retrying", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered = false;
    let secondRan = false;
    const job = defineJob({
      id: "test-cancel-running",
      payload: z.object({}),
      handler: async ({ step }) => {
        await step.run("first", async () => {
          entered = true;
          await gate;
        });
        await step.run("second", () => (secondRan = true));
      },
    });
    const id = await enqueueJob(job, {});
    const runner = runnerFor([job]);
    const draining = runner.drain();
    await waitFor(async () => entered);
    expect(await cancelJob(id)).toBe(true);
    release();
    await draining;
    expect(await getJob(id)).toMatchObject({ status: "cancelled", attempts: 1, lockedBy: null });
    expect(secondRan).toBe(false);
  });

  it("wakes at once on enqueue and keeps a long job's lease alive with heartbeats", async () => {
    let runs = 0;
    const job = defineJob({
      id: "test-wake",
      payload: z.object({}),
      handler: async ({ step }) =>
        step.run("slow", async () => {
          await sleep(1_500);
          return ++runs;
        }),
    });
    const runner = runnerFor([job], { pollIntervalMs: 60_000, leaseMs: 400 });
    runner.start();
    try {
      const id = await enqueueJob(job, {});
      // A second worker sweeping for stale jobs must not steal a job whose lease is being renewed.
      const sweeper = runnerFor([job], { leaseMs: 400 });
      for (let i = 0; i < 10 && (await getJob(id))!.status !== "completed"; i++) {
        await sleep(200);
        await sweeper.recoverStale();
      }
      const row = await waitFor(async () => {
        const r = await getJob(id);
        return r?.status === "completed" && r;
      });
      expect(row).toMatchObject({ attempts: 1, result: 1 });
      expect(runs).toBe(1);
    } finally {
      await runner.stop();
    }
  });

  it("stops gracefully: waits for the job in flight and claims nothing new", async () => {
    let started = false;
    const job = defineJob({
      id: "test-stop",
      payload: z.object({}),
      handler: async () => {
        started = true;
        await sleep(300);
        return "done";
      },
    });
    const runner = runnerFor([job]);
    runner.start();
    const first = await enqueueJob(job, {});
    await waitFor(async () => started);
    await runner.stop();
    expect(await getJob(first)).toMatchObject({ status: "completed", result: "done" });
    const second = await enqueueJob(job, {});
    await sleep(100);
    expect(await getJob(second)).toMatchObject({ status: "queued", attempts: 0 });
    await runnerFor([job]).drain();
  });

  it("recovers a running job whose worker died and resumes it after its finished steps", async () => {
    let firstRuns = 0;
    let secondRuns = 0;
    const job = defineJob({
      id: "test-stale",
      payload: z.object({ v: z.number() }),
      handler: async ({ payload, step }) => {
        const a = await step.run("first", () => ++firstRuns + payload.v);
        const b = await step.run("second", () => ++secondRuns);
        return { a, b };
      },
    });
    // What a crashed worker leaves behind: running, lease in the past, first step stored.
    const id = await insertJob(job, { v: 10 });
    await db().$executeRaw`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker',
      locked_until = now() - interval '1 minute' WHERE id = ${id}`;
    await db().jobStep.create({ data: { jobId: id, name: "first", output: 99 } });
    await runnerFor([job]).drain();
    const row = await getJob(id);
    expect(row).toMatchObject({ status: "completed", attempts: 2, result: { a: 99, b: 1 } });
    expect(row!.lastError).toContain("lease expired");
    expect(firstRuns).toBe(0);
    expect(secondRuns).toBe(1);
  });

  it("fails a stale running job that has no attempts left and calls onFailure", async () => {
    const failures: string[] = [];
    let runs = 0;
    const job = defineJob({
      id: "test-stale-exhausted",
      payload: z.object({}),
      retries: 1,
      handler: async () => void runs++,
      onFailure: ({ error }) => void failures.push(error.message),
    });
    const id = await insertJob(job, {});
    await db().$executeRaw`UPDATE jobs SET status = 'running', attempts = 2, locked_by = 'dead-worker',
      locked_until = now() - interval '1 second' WHERE id = ${id}`;
    const runner = runnerFor([job]);
    expect(await runner.recoverStale()).toBe(1);
    await runner.drain();
    const row = await getJob(id);
    expect(row).toMatchObject({ status: "failed", attempts: 2, lockedBy: null });
    expect(row!.finishedAt).toBeInstanceOf(Date);
    expect(runs).toBe(0);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain("lease expired");
  });
});
