// Parse jobs and their uploaded documents are kept PARSE_RETENTION_HOURS (set on each job as expires_at),
// then deleted by the hourly purge job: bytes first, so a crash never leaves bytes without a row to find them.
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

/** One batch: finds up to `limit` expired final jobs, removes their bytes, then their rows. Returns how many. */
export async function purgeExpiredParseJobs(limit: number): Promise<number> {
  const expired = await db().parseJob.findMany({
    where: { expiresAt: { lt: new Date() }, status: { in: ["completed", "failed"] } },
    select: { id: true, storageKey: true },
    take: limit,
  });
  for (const j of expired) if (j.storageKey) await storage().delete(j.storageKey);
  await db().parseJob.deleteMany({ where: { id: { in: expired.map((j) => j.id) } } });
  return expired.length;
}
