// The one Prisma client of the process. Embedded PGlite (with pgvector) in DATA_DIR/pg by default, in a
// thread of its own (pglite-thread.ts; DB_EMBEDDED_THREAD=false keeps it in this thread), an in-memory PGlite
// in this thread for `DATABASE_URL=memory://`, or a Postgres server with pgvector otherwise.
// Kept on globalThis so that every Next.js bundle (instrumentation, route handlers) shares it: PGlite
// is single-process and must never be opened twice on the same directory.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { PrismaClient } from "./generated/client";
import { startPGliteThread } from "./pglite-thread";
import { type ConnectionStats, isBackgroundWork } from "./priority-pool";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** The client of background jobs where they queue behind requests (embedded thread); else `prisma`. */
  background?: PrismaClient;
  /** Runs a multi-statement SQL script (simple query protocol). */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
  /** Figures of the embedded connection's queue (thread mode; benchmarks print them). */
  connectionStats?: () => ConnectionStats;
  /** The embedded engine, for tests and tools that need it directly. */
  pglite?: () => Promise<PGlite>;
}

const g = globalThis as unknown as { __docintelDb?: Database };

export function embeddedDataDir(): string {
  return path.join(env().dataDir, "pg");
}

export interface CreateDatabaseOptions {
  /** Start an in-memory PGlite from a data directory dump (tests: a migrated template, ~4 s faster than initdb). */
  loadDataDir?: Blob;
}

/**
 * PGlite runs one statement at a time, so a transaction waits to begin behind every statement queued before
 * it: under load that is longer than Prisma's default of 2 s, and waiting is the right answer (a Postgres
 * server keeps the default: there a long wait means a starved pool).
 */
const EMBEDDED_TRANSACTIONS = { maxWait: 60_000 };

export function createDatabase(url = env().DATABASE_URL, opts: CreateDatabaseOptions = {}): Database {
  if (!url && env().DB_EMBEDDED_THREAD && !opts.loadDataDir) {
    const dir = embeddedDataDir();
    fs.mkdirSync(dir, { recursive: true });
    const thread = startPGliteThread(dir);
    const prisma = new PrismaClient({ adapter: thread.adapter, transactionOptions: EMBEDDED_TRANSACTIONS });
    const background = new PrismaClient({ adapter: thread.backgroundAdapter, transactionOptions: EMBEDDED_TRANSACTIONS });
    return {
      kind: "pglite",
      prisma,
      background,
      connectionStats: () => ({ ...thread.pool.stats }),
      execScript: async (sql) => {
        await thread.ready;
        await thread.pool.query(sql);
      },
      close: async () => {
        await Promise.all([prisma.$disconnect(), background.$disconnect()]);
        await thread.close();
      },
    };
  }
  if (!url || url.startsWith("memory:")) {
    let dir: string | undefined;
    if (!url) {
      dir = embeddedDataDir();
      fs.mkdirSync(dir, { recursive: true });
    }
    // `PGlite.create` (not `new PGlite`) is required for the pgvector extension to load.
    let opening: Promise<PGlite> | undefined;
    const open = () => (opening ??= PGlite.create(dir, { extensions: { vector }, loadDataDir: opts.loadDataDir }));
    const prisma = new PrismaClient({ adapter: lazyPGliteAdapter(open), transactionOptions: EMBEDDED_TRANSACTIONS });
    return {
      kind: "pglite",
      prisma,
      pglite: open,
      execScript: async (sql) => {
        await (await open()).exec(sql);
      },
      close: async () => {
        await prisma.$disconnect();
        if (opening) {
          const instance = await opening;
          if (!instance.closed) await instance.close();
        }
      },
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    execScript: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } finally {
        client.release();
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** Opens PGlite on first connect so that the Prisma client can be built synchronously. */
function lazyPGliteAdapter(open: () => Promise<PGlite>): SqlMigrationAwareDriverAdapterFactory {
  let factory: PrismaPGlite | undefined;
  const get = async () => (factory ??= new PrismaPGlite(await open()));
  return {
    provider: "postgres",
    adapterName: "pglite-prisma-adapter",
    connect: async () => (await get()).connect(),
    connectToShadowDb: async () => (await get()).connectToShadowDb(),
  };
}

export function database(): Database {
  if (!g.__docintelDb) g.__docintelDb = createDatabase();
  return g.__docintelDb;
}

/** The Prisma client for the caller: background jobs get theirs (see Database.background). */
export function db(): PrismaClient {
  const current = database();
  return current.background && isBackgroundWork() ? current.background : current.prisma;
}

/** Replaces the process database (tests use a fresh in-memory PGlite per file). */
export function setDatabase(next: Database | undefined): void {
  g.__docintelDb = next;
}

export async function closeDatabase(): Promise<void> {
  const current = g.__docintelDb;
  g.__docintelDb = undefined;
  if (current) await current.close();
}
