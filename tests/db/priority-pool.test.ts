// The embedded database's one connection serves requests before background jobs (lib/db/priority-pool.ts),
// through the real PGlite thread and Prisma's adapter: queued background statements wait behind requests
// that arrive later, a request's next statement goes before them, a background statement that waited too long
// goes first anyway, and a failed statement or transaction releases the connection.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { db, setDatabase } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { type PGliteThread, startPGliteThread } from "@/lib/db/pglite-thread";
import { BACKGROUND_MAX_WAIT_MS, PriorityPool, REQUEST_GRACE_MS, runAsBackground } from "@/lib/db/priority-pool";

let dir: string;
let thread: PGliteThread;
let prisma: PrismaClient;
let background: PrismaClient;
let pool: PriorityPool;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-priority-"));
  thread = startPGliteThread(dir);
  await thread.ready;
  pool = thread.pool as PriorityPool;
  prisma = new PrismaClient({ adapter: thread.adapter });
  background = new PrismaClient({ adapter: thread.backgroundAdapter });
  setDatabase({ kind: "pglite", prisma, background, execScript: async () => undefined, close: async () => undefined });
}, 120_000);

afterAll(async () => {
  setDatabase(undefined);
  await Promise.all([prisma?.$disconnect(), background?.$disconnect()]);
  await thread?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the embedded connection's queue", () => {
  it("is a priority pool, and db() picks the background client only for background work", () => {
    expect(pool).toBeInstanceOf(PriorityPool);
    expect(db()).toBe(prisma);
    expect(runAsBackground(() => db())).toBe(background);
  });

  it("serves requests that arrive later before queued background statements", async () => {
    await Promise.all([prisma.$queryRaw`SELECT 1`, background.$queryRaw`SELECT 1`]);
    // No aging here: a slow machine must not turn waiting jobs into overdue ones.
    pool.backgroundMaxWaitMs = 60_000;
    onTestFinished(() => {
      pool.backgroundMaxWaitMs = BACKGROUND_MAX_WAIT_MS;
    });
    // Prisma's promises are lazy: `started` sends each statement at once.
    const started = <T>(p: PromiseLike<T>) => Promise.resolve(p);
    const holder = started(prisma.$queryRaw`SELECT pg_sleep(0.15)::text`);
    await sleep(20);
    pool.served = [];
    // db() hands background work its own client (Prisma does not keep the caller's async context).
    const jobs = Array.from({ length: 4 }, (_, i) => runAsBackground(() => started(db().$queryRaw<{ v: number }[]>`SELECT ${i}::int AS v`)));
    await sleep(10);
    const requests = Array.from({ length: 3 }, (_, i) => started(db().$queryRaw<{ v: number }[]>`SELECT ${10 + i}::int AS v`));
    await holder;
    expect((await Promise.all(jobs)).map((r) => r[0].v)).toEqual([0, 1, 2, 3]);
    expect((await Promise.all(requests)).map((r) => r[0].v)).toEqual([10, 11, 12]);
    expect(pool.served).toEqual(["request", "request", "request", "background", "background", "background", "background"]);
  });

  it("serves a background statement that waited past the limit before newer requests", async () => {
    pool.backgroundMaxWaitMs = 50;
    try {
      const holder = pool.query("SELECT pg_sleep(0.2)");
      await sleep(20);
      pool.served = [];
      const job = runAsBackground(() => pool.query("SELECT 'job' AS v"));
      await sleep(5);
      const requests = Array.from({ length: 3 }, () => pool.query("SELECT 'request' AS v"));
      await holder;
      await Promise.all([job, ...requests]);
      expect(pool.served).toEqual(["background", "request", "request", "request"]);
    } finally {
      pool.backgroundMaxWaitMs = BACKGROUND_MAX_WAIT_MS;
    }
  });

  it("keeps the connection a moment for a request's next statement, then serves waiting background work", async () => {
    pool.backgroundMaxWaitMs = 60_000;
    onTestFinished(() => {
      pool.backgroundMaxWaitMs = BACKGROUND_MAX_WAIT_MS;
      pool.requestGraceMs = REQUEST_GRACE_MS;
    });
    // A request of two statements while a job's statement waits: the job's must not slip in between them.
    const twoStatements = async () => {
      await pool.query("SELECT pg_sleep(0.1)");
      return pool.query("SELECT 'request' AS v");
    };
    const order = async () => {
      const request = twoStatements();
      await sleep(20);
      pool.served = [];
      const job = runAsBackground(() => pool.query("SELECT 'job' AS v"));
      await Promise.all([request, job]);
      return pool.served;
    };
    const before = { ...pool.stats };
    expect(await order()).toEqual(["request", "background"]);
    expect(pool.stats.requestCheckouts - before.requestCheckouts).toBe(2);
    expect(pool.stats.backgroundCheckouts - before.backgroundCheckouts).toBe(1);
    // Without the grace the job's statement takes the gap.
    pool.requestGraceMs = 0;
    expect(await order()).toEqual(["background", "request"]);
  });

  it("releases the connection after a failed statement and a rolled-back transaction", async () => {
    await expect(runAsBackground(() => db().$queryRawUnsafe("SELECT * FROM no_such_table"))).rejects.toThrow();
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const [{ v }] = await prisma.$queryRaw<{ v: number }[]>`SELECT 7::int AS v`;
    expect(v).toBe(7);
  });
});
