// Embedded PGlite in its own worker thread (pglite-host.mjs), served over the Postgres wire protocol on a Unix
// socket and reached through the same pg pool and Prisma adapter as a Postgres server. Measured on the web
// process of `npm start`: the database engine (WebAssembly, file system calls) was 40–60% of the web thread's
// CPU; in this thread it runs on another core and the web thread only builds queries and reads results.
// One PGlite backend still serves one statement at a time: an open transaction holds the others back on
// the socket server, exactly as the in-thread adapter serialises them.
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type pg from "pg";
import { PriorityPool } from "./priority-pool";

/**
 * One connection. PGlite has one backend: the socket server interleaves the messages of several connections,
 * so that one connection's unnamed prepared statement is replaced by another's between Parse and Bind
 * (seen: "bind message supplies 6 parameters, but prepared statement "" requires 1"). Statements wait in
 * the pool's queue instead, as they waited for the in-thread adapter's lock.
 */
const CONNECTIONS = 1;
const START_TIMEOUT_MS = 120_000;

export interface PGliteThread {
  pool: PriorityPool;
  /** Requests' lane of the connection. */
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /** Background jobs' lane: its checkouts wait behind requests' (priority-pool.ts). */
  backgroundAdapter: SqlMigrationAwareDriverAdapterFactory;
  /** Resolves when the database accepts connections (rejects when it could not open). */
  ready: Promise<void>;
  close(): Promise<void>;
}

function hostFile(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "db", "pglite-host.mjs");
}

export function startPGliteThread(dataDir: string): PGliteThread {
  // Unix socket paths are limited to ~107 bytes: a short directory of its own, not DATA_DIR.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-pg-"));
  const worker = new Worker(/*turbopackIgnore: true*/ hostFile(), {
    workerData: { dataDir, socketPath: path.join(socketDir, ".s.PGSQL.5432"), maxConnections: CONNECTIONS },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  let exited = false;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The embedded database thread did not start in time.")), START_TIMEOUT_MS);
    timer.unref();
    worker.on("message", (msg: { type: string; message?: string }) => {
      if (msg.type === "ready") resolve();
      if (msg.type === "error") reject(new Error(`The embedded database could not open ${dataDir}: ${msg.message}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      exited = true;
      reject(new Error(`The embedded database thread exited (code ${code}).`));
    });
  });
  ready.catch(() => undefined); // reported to the first query instead
  // Requests go before background jobs in the connection's queue (priority-pool.ts).
  const pool = new PriorityPool({ host: socketDir, port: 5432, user: "postgres", database: "postgres", max: CONNECTIONS });
  const adapterOf = (lane: pg.Pool): SqlMigrationAwareDriverAdapterFactory => {
    const factory = new PrismaPg(lane);
    return {
      provider: "postgres",
      adapterName: factory.adapterName,
      connect: async () => {
        await ready;
        return factory.connect();
      },
      connectToShadowDb: async () => {
        await ready;
        return factory.connectToShadowDb();
      },
    };
  };
  const adapter = adapterOf(pool.lane(false));
  const backgroundAdapter = adapterOf(pool.lane(true));
  return {
    pool,
    adapter,
    backgroundAdapter,
    ready,
    close: async () => {
      await pool.end().catch(() => undefined);
      if (!exited) {
        // PGlite checkpoints on close: wait for it, then stop the thread.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 30_000);
          worker.on("message", (msg: { type: string }) => {
            if (msg.type === "closed") {
              clearTimeout(timer);
              resolve();
            }
          });
          worker.postMessage({ type: "close" });
        });
        await worker.terminate();
      }
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
