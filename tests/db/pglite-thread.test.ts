// The embedded default (DATA_DIR/pg with no DATABASE_URL): PGlite in its own thread behind a Unix socket.
// Migrations, parameterised statements from many concurrent callers (one backend: one caller's prepared
// statement must never be bound with another's parameters), transactions that roll back, pgvector, and data
// that survives a close and reopen.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { setEnvForTests } from "@/lib/env";

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-pg-thread-"));
  setEnvForTests({ DATA_DIR: dir, DATABASE_URL: undefined, DB_EMBEDDED_THREAD: "true" });
  database = createDatabase(undefined);
  await migrate(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
  setEnvForTests({});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded PGlite in its own thread", () => {
  it("is the embedded default and holds no PGlite instance in this thread", () => {
    expect(database.kind).toBe("pglite");
    expect(database.pglite).toBeUndefined();
  });

  it("answers many concurrent parameterised statements, each with its own parameters", async () => {
    const prisma = database.prisma;
    const company = await prisma.company.create({ data: { name: "Thread Co", slug: "thread-co" } });
    // Statements of one to six parameters and transactions, sent together: each must be bound with its own
    // parameters on the one backend (several connections to the socket server once produced "bind message
    // supplies 6 parameters, but prepared statement "" requires 1" under load), and a burst of transactions
    // waits its turn instead of failing Prisma's default 2 s wait to begin.
    const sum = (i: number) => {
      const n = 1 + (i % 6);
      const params = Array.from({ length: n }, (_, k) => i + k);
      const sql = `SELECT (${params.map((_, k) => `$${k + 1}::int`).join(" + ")}) AS v`;
      return prisma.$queryRawUnsafe<{ v: number }[]>(sql, ...params).then((r) => r[0].v);
    };
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        i % 4 === 0
          ? prisma.company.findUnique({ where: { id: company.id }, select: { name: true } }).then((c) => c?.name)
          : i % 4 === 2
            ? prisma.$transaction(async (tx) => {
                await tx.$queryRawUnsafe("SELECT $1::int AS a, $2::text AS b", i, "x");
                return (
                  await tx.$queryRawUnsafe<{ v: number }[]>(
                    `SELECT (${Array.from({ length: 1 + (i % 6) }, (_, k) => `${i + k}`).join(" + ")})::int AS v`,
                  )
                )[0].v;
              })
            : sum(i),
      ),
    );
    results.forEach((r, i) => {
      const n = 1 + (i % 6);
      expect(r).toEqual(i % 4 === 0 ? "Thread Co" : n * i + (n * (n - 1)) / 2);
    });
  });

  it("rolls back a failed transaction without blocking other callers", async () => {
    const prisma = database.prisma;
    const before = await prisma.company.count();
    const failing = prisma.$transaction(async (tx) => {
      await tx.company.create({ data: { name: "Rolled Back", slug: "rolled-back" } });
      await new Promise((r) => setTimeout(r, 50));
      throw new Error("abort");
    });
    const outside = prisma.company.count();
    await expect(failing).rejects.toThrow("abort");
    expect(await outside).toBe(before);
    expect(await prisma.company.count({ where: { slug: "rolled-back" } })).toBe(0);
  });

  it("serves pgvector and keeps the data after a close and reopen", async () => {
    const [{ d }] = await database.prisma.$queryRaw<{ d: number }[]>`SELECT ('[1,0,0]'::vector <=> '[0,1,0]'::vector)::float8 AS d`;
    expect(d).toBeCloseTo(1);
    await database.close();
    database = createDatabase(undefined);
    expect(await database.prisma.company.count({ where: { slug: "thread-co" } })).toBe(1);
  }, 60_000);
});
