// Hourly housekeeping of the database (run by inngest/functions/system-cleanup.ts, one step each): rate-limit
// windows are useless an hour later, finished background jobs are kept 30 days for inspection.
import { db } from "@/lib/db/client";

/** Returns how many rows were deleted. */
export function deleteOldRateLimitBuckets(): Promise<number> {
  return db().$executeRaw`DELETE FROM rate_limit_buckets WHERE window_start < now() - interval '1 hour'`;
}

/** Finished local-runner jobs older than 30 days; their job_steps rows go with them (ON DELETE CASCADE). */
export function deleteOldFinishedJobs(): Promise<number> {
  return db().$executeRaw`
    DELETE FROM jobs
    WHERE status IN ('completed', 'failed', 'cancelled')
      AND COALESCE(finished_at, updated_at) < now() - interval '30 days'`;
}

/**
 * The embedded engine (PGlite) has no autovacuum: without it the visibility map stays empty and counts over
 * files cannot use index-only scans. A Postgres server's autovacuum makes this a no-op.
 */
export async function vacuumAnalyze(): Promise<void> {
  await db().$executeRawUnsafe("VACUUM (ANALYZE) files, file_tags, chunks");
}
