// Hourly housekeeping: rate-limit windows are useless an hour later, finished jobs are kept 30 days for
// inspection. Each table is its own step so a retry after a failure does not redo the part that worked.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineJob } from "../define-job";

export const systemCleanup = defineJob({
  id: "system-cleanup",
  payload: z.object({}),
  retries: 2,
  concurrency: 1,
  schedule: { cron: "0 * * * *", intervalMs: 60 * 60 * 1000 },
  handler: async ({ step }) => {
    const rateLimitBuckets = await step.run(
      "delete-old-rate-limit-buckets",
      () => db().$executeRaw`DELETE FROM rate_limit_buckets WHERE window_start < now() - interval '1 hour'`,
    );
    // job_steps rows go with their job (ON DELETE CASCADE).
    const jobs = await step.run(
      "delete-old-finished-jobs",
      () => db().$executeRaw`
        DELETE FROM jobs
        WHERE status IN ('completed', 'failed', 'cancelled')
          AND COALESCE(finished_at, updated_at) < now() - interval '30 days'`,
    );
    // The embedded engine (PGlite) has no autovacuum: without it the visibility map stays empty and
    // counts over files cannot use index-only scans. A Postgres server's autovacuum makes this a no-op.
    await step.run("vacuum-analyze", async () => {
      await db().$executeRawUnsafe("VACUUM (ANALYZE) files, file_tags, chunks");
      return true;
    });
    return { rateLimitBuckets, jobs };
  },
});
