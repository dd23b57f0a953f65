// The embedded database's own thread (lib/db/pglite-thread.ts): PGlite on DATA_DIR/pg, served over the
// Postgres wire protocol on a Unix socket, so that the web thread only builds queries and reads results while
// the database engine (WebAssembly, file I/O) runs on another core. Plain JavaScript: Node loads it as it is
// under `next start`, tsx scripts and vitest alike.

import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath, maxConnections } = workerData;
try {
  // `PGlite.create` (not `new PGlite`) is required for the pgvector extension to load.
  const db = await PGlite.create(dataDir, { extensions: { vector } });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort.on("message", async (msg) => {
    if (msg?.type !== "close") return;
    try {
      await server.stop();
      if (!db.closed) await db.close();
    } finally {
      parentPort.postMessage({ type: "closed" });
    }
  });
  parentPort.postMessage({ type: "ready" });
} catch (err) {
  parentPort.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) });
}
