// The job definitions as Inngest functions, executed by @inngest/test's engine (no Inngest server):
// triggers, payload validation, steps through Inngest's step.run, failures and the onFailure wiring.
import { createHash } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { closeDatabase, createDatabase, db, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { setEnvForTests } from "@/lib/env";
import { inngest } from "./client";
import { defineJob, NonRetriableError, toInngestFunction } from "./define-job";
import { inngestFunctions, jobDefinitions } from "./functions";
import { systemCleanup } from "./functions/system-cleanup";
import { enqueueJob, getJob, insertJob } from "./jobs";
import { startJobRunner, stopJobRunner } from "./worker";

beforeAll(async () => {
  const d = createDatabase("memory://");
  await migrate(d);
  setDatabase(d);
});

afterAll(async () => {
  setEnvForTests({});
  await closeDatabase();
});

const sideEffects: string[] = [];
const ingest = defineJob({
  id: "test-ingest",
  payload: z.object({ docId: z.string(), pages: z.number().int().positive() }),
  retries: 4,
  concurrency: 2,
  handler: async ({ payload, step, jobId, attempt }) => {
    const text = await step.run("extract", () => {
      sideEffects.push(`extract ${payload.docId}`);
      return { chars: payload.pages * 100 };
    });
    const chunks = await step.run("chunk", () => Math.ceil(text.chars / 250));
    if (payload.docId === "broken") await step.run("embed", () => Promise.reject(new Error("model offline")));
    if (payload.docId === "forbidden") throw new NonRetriableError("document was deleted");
    return { jobId, attempt, chunks };
  },
  onFailure: async ({ payload, jobId, error }) => void failures.push({ docId: payload.docId, jobId, message: error.message }),
});
const failures: { docId: string; jobId: string; message: string }[] = [];
const ingestFn = toInngestFunction(ingest, inngest);
// The engine keys step state by Inngest's hashed step id (sha1 of the name) rather than by name.
const stepState = (state: Record<string, Promise<unknown>>, name: string) => state[createHash("sha1").update(name).digest("hex")];
const event = (data: Record<string, unknown>, id = "job-1") => ({ name: ingest.event, data, id });

describe("job definitions as Inngest functions", () => {
  it("registers every definition, with its event trigger, retries, concurrency and cron", () => {
    expect(inngestFunctions.map((f) => f.id())).toEqual(jobDefinitions.map((d) => d.id));
    const cleanup = inngestFunctions.find((f) => f.id() === "system-cleanup")!;
    expect(cleanup.opts).toMatchObject({
      triggers: [{ event: "job/system-cleanup" }, { cron: "0 * * * *" }],
      retries: 2,
      concurrency: { limit: 1 },
    });
    expect(ingestFn.opts).toMatchObject({ triggers: [{ event: "job/test-ingest" }], retries: 4 });
  });

  it("runs the steps through Inngest and returns the handler's result", async () => {
    sideEffects.length = 0;
    const t = new InngestTestEngine({ function: ingestFn, events: [event({ docId: "d1", pages: 5 }, "job-42")] });
    const { result, error, ctx, state } = await t.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ jobId: "job-42", attempt: 1, chunks: 2 });
    expect(ctx.step.run).toHaveBeenCalledWith("extract", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("chunk", expect.any(Function));
    await expect(stepState(state, "extract")).resolves.toEqual({ chars: 500 });
    expect(sideEffects).toEqual(["extract d1"]);
  });

  it("reports a failing step as the run's error", async () => {
    const t = new InngestTestEngine({ function: ingestFn, events: [event({ docId: "broken", pages: 1 })] });
    const { result, error, state, ctx } = await t.execute();
    expect(result).toBeUndefined();
    expect(error).toMatchObject({ message: "model offline" });
    await expect(stepState(state, "chunk")).resolves.toBe(1);
    expect(ctx.step.run).toHaveBeenCalledWith("embed", expect.any(Function));
  });

  it("uses mocked step outputs instead of running the step (what a retry sees)", async () => {
    sideEffects.length = 0;
    const t = new InngestTestEngine({
      function: ingestFn,
      events: [event({ docId: "d2", pages: 1 })],
      steps: [{ id: "extract", handler: () => ({ chars: 1000 }) }],
    });
    const { result } = await t.execute();
    expect(result).toMatchObject({ chunks: 4 });
    expect(sideEffects).toEqual([]);
  });

  it("fails without retry on NonRetriableError and on an invalid payload", async () => {
    const permanent = await new InngestTestEngine({
      function: ingestFn,
      events: [event({ docId: "forbidden", pages: 1 })],
    }).execute();
    expect(permanent.error).toMatchObject({ name: "NonRetriableError", message: "document was deleted" });

    const invalid = await new InngestTestEngine({ function: ingestFn, events: [event({ docId: 7 })] }).execute();
    expect(invalid.error).toMatchObject({ name: "NonRetriableError" });
    expect((invalid.error as Error | undefined)?.message).toContain("invalid payload");
  });

  it("rejects a step name used twice in one run", async () => {
    const dup = defineJob({
      id: "test-dup",
      payload: z.object({}),
      handler: async ({ step }) => {
        await step.run("a", () => 1);
        return step.run("a", () => 2);
      },
    });
    const { error } = await new InngestTestEngine({
      function: toInngestFunction(dup, inngest),
      events: [{ name: dup.event, data: {} }],
    }).execute();
    expect((error as Error | undefined)?.message).toContain('step name "a" is used twice');
  });

  it("wires onFailure to the definition with the original payload and job id", async () => {
    const onFailure = (ingestFn as unknown as { onFailureFn: (ctx: unknown) => Promise<void> }).onFailureFn;
    const error = new Error("model offline");
    await onFailure({
      event: {
        name: "inngest/function.failed",
        data: { function_id: "docintel-test-ingest", run_id: "run-1", error, event: event({ docId: "d9", pages: 1 }, "job-9") },
      },
      error,
      runId: "run-failure",
      logger: console,
    });
    expect(failures).toEqual([{ docId: "d9", jobId: "job-9", message: "model offline" }]);
  });

  it("runs system-cleanup: old rate-limit windows and old finished jobs (with their steps) go", async () => {
    const hour = 3_600_000;
    const day = 24 * hour;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db().rateLimitBucket.createMany({
      data: [
        { key: "k", windowStart: ago(2 * hour), count: 3 },
        { key: "k", windowStart: ago(60_000), count: 1 },
      ],
    });
    const ids = {
      oldDone: await insertJob(systemCleanup, {}),
      oldFailed: await insertJob(systemCleanup, {}),
      recentDone: await insertJob(systemCleanup, {}),
      oldQueued: await insertJob(systemCleanup, {}),
    };
    await db().job.update({ where: { id: ids.oldDone }, data: { status: "completed", finishedAt: ago(31 * day) } });
    await db().job.update({ where: { id: ids.oldFailed }, data: { status: "failed", finishedAt: ago(40 * day) } });
    await db().job.update({ where: { id: ids.recentDone }, data: { status: "completed", finishedAt: ago(29 * day) } });
    await db().$executeRaw`UPDATE jobs SET created_at = now() - interval '60 days' WHERE id = ${ids.oldQueued}`;
    await db().jobStep.create({ data: { jobId: ids.oldDone, name: "s", output: 1 } });

    const cleanupFn = inngestFunctions.find((f) => f.id() === "system-cleanup")!;
    const { result, error, ctx } = await new InngestTestEngine({
      function: cleanupFn,
      events: [{ name: "inngest/scheduled.timer", data: { cron: "0 * * * *" } }],
    }).execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ rateLimitBuckets: 1, jobs: 2, accountRows: 0 });
    expect(ctx.step.run).toHaveBeenCalledTimes(4);
    expect(await db().rateLimitBucket.count()).toBe(1);
    const left = (await db().job.findMany({ select: { id: true } })).map((j) => j.id).sort();
    expect(left).toEqual([ids.recentDone, ids.oldQueued].sort());
    expect(await db().jobStep.count({ where: { jobId: ids.oldDone } })).toBe(0);
  });
});

describe("choosing the runner", () => {
  it("sends an event `job/<id>` with the payload as data when JOBS_RUNNER=inngest", async () => {
    setEnvForTests({ JOBS_RUNNER: "inngest" });
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: ["evt"] } as never);
    try {
      const id = await enqueueJob(ingest, { docId: "d1", pages: 2 }, { jobId: "job-7", delayMs: 5_000 });
      expect(id).toBe("job-7");
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ name: "job/test-ingest", data: { docId: "d1", pages: 2 }, id: "job-7", ts: expect.any(Number) }),
      );
      expect(await getJob("job-7")).toBeNull();
      await expect(enqueueJob(ingest, { docId: "d1" } as never)).rejects.toThrow(z.ZodError);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
      setEnvForTests({});
    }
  });

  it("startJobRunner starts one local runner per process, which runs the scheduled cleanup", async () => {
    setEnvForTests({ JOBS_WORKER_ENABLED: "false" });
    expect(startJobRunner()).toBeUndefined();
    setEnvForTests({ JOBS_WORKER_ENABLED: "true", JOBS_RUNNER: "inngest" });
    expect(startJobRunner()).toBeUndefined();
    // A queued cleanup (left by the test above) would rightly stop the schedule from adding another.
    await db().job.deleteMany({ where: { name: "system-cleanup" } });
    setEnvForTests({ JOBS_WORKER_ENABLED: "true", JOBS_POLL_INTERVAL_MS: "50" });
    const runner = startJobRunner();
    try {
      expect(runner).toBeDefined();
      expect(startJobRunner()).toBe(runner);
      for (;;) {
        const done = await db().job.findFirst({ where: { id: { startsWith: "system-cleanup:" }, status: "completed" } });
        if (done) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await stopJobRunner();
      setEnvForTests({});
    }
  });
});
