// Parse and extract jobs and their uploaded documents are kept PARSE_RETENTION_HOURS /
// EXTRACT_RETENTION_HOURS (set on each job as expires_at), then deleted: bytes first, so a crash never
// leaves bytes without a row to find them. Extract result rows go with their job (ON DELETE CASCADE).
import { z } from "zod";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { defineJob } from "../define-job";

const BATCH = 500;

interface ExpiredJob {
  id: string;
  storageKey: string | null;
}

/** One batch of one kind of job: finds expired final jobs, removes their bytes, then their rows. */
const purgers: Record<string, () => Promise<number>> = {
  parse: async () => {
    const expired: ExpiredJob[] = await db().parseJob.findMany({
      where: { expiresAt: { lt: new Date() }, status: { in: ["completed", "failed"] } },
      select: { id: true, storageKey: true },
      take: BATCH,
    });
    for (const j of expired) if (j.storageKey) await storage().delete(j.storageKey);
    await db().parseJob.deleteMany({ where: { id: { in: expired.map((j) => j.id) } } });
    return expired.length;
  },
  extract: async () => {
    const expired: ExpiredJob[] = await db().extractJob.findMany({
      where: { expiresAt: { lt: new Date() }, status: { in: ["completed", "failed"] } },
      select: { id: true, storageKey: true },
      take: BATCH,
    });
    // Uploads, converted pages and raw rows all live under extract/<id>/.
    for (const j of expired) await storage().deletePrefix(`extract/${j.id}`);
    await db().extractJob.deleteMany({ where: { id: { in: expired.map((j) => j.id) } } });
    return expired.length;
  },
};

export const purgeParseJobs = defineJob({
  id: "purge-parse-jobs",
  payload: z.object({}),
  retries: 2,
  concurrency: 1,
  schedule: { cron: "15 * * * *", intervalMs: 60 * 60 * 1000 },
  handler: async ({ step }) => {
    const purged: Record<string, number> = {};
    for (const [kind, purgeBatch] of Object.entries(purgers)) {
      purged[kind] = 0;
      for (let round = 0; round < 100; round++) {
        const n = await step.run(`purge-${kind}-batch-${round}`, purgeBatch);
        purged[kind] += n;
        if (n < BATCH) break;
      }
    }
    return { purged: purged.parse, purged_extract: purged.extract };
  },
});
