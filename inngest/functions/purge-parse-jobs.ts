// Parse jobs and their uploaded documents are kept PARSE_RETENTION_HOURS (set on each job as
// expires_at), then deleted: bytes first, so a crash never leaves bytes without a row to find them.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { defineJob } from "../define-job";

const BATCH = 500;

export const purgeParseJobs = defineJob({
  id: "purge-parse-jobs",
  payload: z.object({}),
  retries: 2,
  concurrency: 1,
  schedule: { cron: "15 * * * *", intervalMs: 60 * 60 * 1000 },
  handler: async ({ step }) => {
    let purged = 0;
    for (let round = 0; round < 100; round++) {
      const n = await step.run(`purge-batch-${round}`, async () => {
        const expired = await db().parseJob.findMany({
          where: { expiresAt: { lt: new Date() }, status: { in: ["completed", "failed"] } },
          select: { id: true, storageKey: true },
          take: BATCH,
        });
        for (const j of expired) if (j.storageKey) await storage().delete(j.storageKey);
        await db().parseJob.deleteMany({ where: { id: { in: expired.map((j) => j.id) } } });
        return expired.length;
      });
      purged += n;
      if (n < BATCH) break;
    }
    return { purged };
  },
});
