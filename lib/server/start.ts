// Server start-up, run once per process before requests are served (from instrumentation.ts):
// validate configuration, apply pending migrations, start the local job runner, enqueue re-embedding
// when the embedding model changed, load the offline embedding model and a document worker in the background.
import { startJobRunner, stopJobRunner } from "@/inngest/worker";
import { warmUpEmbeddings } from "@/lib/ai/embeddings";
import { closeDatabase, database } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { warmUpDocumentWorkers } from "@/lib/documents/worker/pool";
import { env } from "@/lib/env";
import { enqueueReembedIfNeeded } from "@/lib/ingestion/reembed-chunks";
import { log } from "@/lib/log";

const g = globalThis as unknown as { __docintelStarted?: Promise<void> };

export function startServer(): Promise<void> {
  g.__docintelStarted ??= (async () => {
    const config = env();
    const applied = await migrate(database());
    log.info("database ready", {
      kind: database().kind,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
      migrationsApplied: applied,
    });
    const runner = startJobRunner();
    log.info("jobs", { runner: config.jobsRunner, localWorker: !!runner });
    // A changed embedding model (or chunks left without vectors) is caught up in the background.
    await enqueueReembedIfNeeded().catch((err: unknown) => log.warn("could not check for re-embedding", { err }));
    // Not awaited: requests are served while the offline model loads.
    void warmUpEmbeddings().catch((err: unknown) => log.warn("could not load the embedding model", { err }));
    // Likewise a document worker with the common converters loaded, for the first upload or parse.
    warmUpDocumentWorkers();
    const shutdown = async (signal: string) => {
      log.info("shutting down", { signal });
      await stopJobRunner({ timeoutMs: 10_000 }).catch(() => undefined);
      await closeDatabase().catch(() => undefined);
      process.exit(0);
    };
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
    process.once("SIGINT", () => void shutdown("SIGINT"));
  })();
  return g.__docintelStarted;
}
