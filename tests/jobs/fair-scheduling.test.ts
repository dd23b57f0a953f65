// Fair scheduling across companies (issue 16): on the local runner one company's backlog never starves another
// company's job: companies take turns among runnable jobs of the same priority (fewest running first, then the
// one served longest ago); JOBS_COMPANY_CONCURRENCY caps one company's running jobs. On Inngest the same
// definitions carry a per-company concurrency key, and enqueueJob sends the company with the event.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { defineJob, toInngestFunction } from "@/inngest/define-job";
import { ingestFileJob } from "@/inngest/functions/ingest-file";
import { systemCleanup } from "@/inngest/functions/system-cleanup";
import { enqueueJob, insertJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

beforeAll(() => {
  setEnvForTests({});
});
afterAll(() => {
  setEnvForTests({});
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job that records which company's job started, in order, and how many of each company ran at once. */
function recordingJob(id: string, opts: { ms?: number; priority?: "low" } = {}) {
  const started: string[] = [];
  const running = new Map<string, number>();
  const maxRunning = new Map<string, number>();
  const job = defineJob({
    id,
    payload: z.object({ tenant: z.string(), n: z.number() }),
    retries: 0,
    priority: opts.priority,
    handler: async ({ payload }) => {
      started.push(`${payload.tenant}${payload.n}`);
      running.set(payload.tenant, (running.get(payload.tenant) ?? 0) + 1);
      maxRunning.set(payload.tenant, Math.max(maxRunning.get(payload.tenant) ?? 0, running.get(payload.tenant)!));
      await sleep(opts.ms ?? 5);
      running.set(payload.tenant, running.get(payload.tenant)! - 1);
    },
  });
  return { job, started, maxRunning };
}

// Turns depend on each company's history (its latest start): every test has companies of its own.
let nextCompany = 100;
const COMPANY = { A: 0, B: 0, C: 0 };
beforeEach(() => {
  COMPANY.A = ++nextCompany;
  COMPANY.B = ++nextCompany;
  COMPANY.C = ++nextCompany;
});

async function enqueue(def: ReturnType<typeof recordingJob>["job"], tenant: keyof typeof COMPANY, count: number) {
  for (let n = 1; n <= count; n++) await insertJob(def, { tenant, n }, { companyId: COMPANY[tenant] });
}

const runner = (def: ReturnType<typeof recordingJob>["job"], concurrency: number, extra = {}) =>
  new LocalRunner({ definitions: [def], concurrency, pollIntervalMs: 20, backoffMs: () => 0, ...extra });

describe("fair claims on the local runner", () => {
  it("one slot: company B's single job runs second, however long company A's older backlog", async () => {
    const { job, started } = recordingJob("fair-one-slot");
    await enqueue(job, "A", 20);
    await enqueue(job, "B", 1);
    await runner(job, 1).drain();
    expect(started).toHaveLength(21);
    // The oldest job first (nobody has been served), then B's turn: it never waited for A's backlog.
    expect(started.slice(0, 3)).toEqual(["A1", "B1", "A2"]);
    // A's own jobs keep their order.
    expect(started.filter((s) => s.startsWith("A"))).toEqual(Array.from({ length: 20 }, (_, i) => `A${i + 1}`));
  });

  it("two slots: B's job is claimed with the first two, while A's jobs are running", async () => {
    const { job, started } = recordingJob("fair-two-slots", { ms: 30 });
    await enqueue(job, "A", 12);
    await enqueue(job, "B", 1);
    await runner(job, 2).drain();
    expect(started.slice(0, 2).sort()).toEqual(["A1", "B1"]);
  });

  it("takes turns among three companies with backlogs", async () => {
    const { job, started } = recordingJob("fair-round-robin");
    await enqueue(job, "A", 4);
    await enqueue(job, "B", 4);
    await enqueue(job, "C", 4);
    await runner(job, 1).drain();
    expect(started.map((s) => s[0]).join("")).toBe("ABCABCABCABC");
  });

  it("a company that enqueues later still gets the next free slot (served longest ago first)", async () => {
    const { job, started } = recordingJob("fair-late-arrival", { ms: 20 });
    await enqueue(job, "A", 10);
    const r = runner(job, 1);
    r.start();
    // A is being served; B's upload arrives while A's backlog is long.
    await sleep(70);
    await enqueue(job, "B", 1);
    for (let i = 0; i < 200 && started.length < 11; i++) await sleep(20);
    await r.stop();
    const b = started.indexOf("B1");
    expect(b).toBeGreaterThan(0);
    // At most the job running when B arrived finished before B's turn.
    expect(started.slice(0, b).length).toBeLessThanOrEqual(Math.ceil(70 / 20) + 1);
    expect(started.slice(b + 1).every((s) => s.startsWith("A"))).toBe(true);
  });

  it("priority still comes first: B's low-priority job waits for A's normal jobs", async () => {
    const normal = recordingJob("fair-priority-normal");
    const low = recordingJob("fair-priority-low", { priority: "low" });
    await enqueue(normal.job, "A", 3);
    await enqueue(low.job, "B", 1);
    const order: string[] = [];
    const both = [normal, low].map(({ job }) => ({
      ...job,
      handler: async (ctx: Parameters<typeof job.handler>[0]) => {
        order.push(`${job.id === low.job.id ? "low" : "normal"}:${ctx.payload.tenant}${ctx.payload.n}`);
        return job.handler(ctx);
      },
    }));
    await new LocalRunner({ definitions: both, concurrency: 1, pollIntervalMs: 20 }).drain();
    expect(order).toEqual(["normal:A1", "normal:A2", "normal:A3", "low:B1"]);
  });

  it("JOBS_COMPANY_CONCURRENCY caps one company's running jobs, leaving the other slots to others", async () => {
    const { job, started, maxRunning } = recordingJob("fair-company-cap", { ms: 40 });
    await enqueue(job, "A", 6);
    await runner(job, 3, { companyConcurrency: 1 }).drain();
    expect(started).toHaveLength(6);
    expect(maxRunning.get("A")).toBe(1);

    const capped = recordingJob("fair-company-cap-env", { ms: 40 });
    setEnvForTests({ JOBS_COMPANY_CONCURRENCY: "2" });
    try {
      await enqueue(capped.job, "A", 6);
      await enqueue(capped.job, "B", 2);
      await runner(capped.job, 4).drain();
    } finally {
      setEnvForTests({});
    }
    expect(capped.maxRunning.get("A")).toBe(2);
    expect(capped.started.slice(0, 4).filter((s) => s.startsWith("B"))).toHaveLength(2);
  });

  it("jobs without a company (system jobs) are claimed as one more turn, never capped", async () => {
    const { job, started } = recordingJob("fair-system");
    await enqueue(job, "A", 3);
    await insertJob(job, { tenant: "S", n: 1 });
    await runner(job, 1, { companyConcurrency: 1 }).drain();
    expect(started.slice(0, 2)).toEqual(["A1", "S1"]);
    const rows = await db().job.count({ where: { name: job.id, status: "completed" } });
    expect(rows).toBe(4);
  });
});

describe("per-company concurrency on Inngest", () => {
  it("keys a definition's limit by company (half the limit by default, JOBS_COMPANY_CONCURRENCY when set)", () => {
    expect(toInngestFunction(ingestFileJob, inngest).opts.concurrency).toEqual([{ limit: 2 }, { key: "event.data.company_id", limit: 1 }]);
    setEnvForTests({ JOBS_COMPANY_CONCURRENCY: "5" });
    try {
      // Never above the definition's own limit.
      expect(toInngestFunction(ingestFileJob, inngest).opts.concurrency).toEqual([{ limit: 2 }, { key: "event.data.company_id", limit: 2 }]);
    } finally {
      setEnvForTests({});
    }
    // Scheduled jobs run for no company.
    expect(toInngestFunction(systemCleanup, inngest).opts.concurrency).toEqual({ limit: 1 });
  });

  it("sends the company with the event, and the handler's payload does not see it", async () => {
    setEnvForTests({ JOBS_RUNNER: "inngest", INNGEST_EVENT_KEY: "test" });
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: ["x"] } as never);
    try {
      await enqueueJob(ingestFileJob, { file_id: 7, content_version: 1 }, { companyId: COMPANY.B, jobId: "ingest-file:7:1" });
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ name: "job/ingest-file", id: "ingest-file:7:1", data: { company_id: COMPANY.B, file_id: 7, content_version: 1 } }),
      );
      expect(ingestFileJob.payload.parse({ company_id: COMPANY.B, file_id: 7, content_version: 1 })).toEqual({ file_id: 7, content_version: 1 });
    } finally {
      send.mockRestore();
      setEnvForTests({});
    }
  });
});
