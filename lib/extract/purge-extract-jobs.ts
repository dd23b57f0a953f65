// Extract jobs and their documents are kept EXTRACT_RETENTION_HOURS (set on each job as expires_at), then
// deleted by the hourly purge job: bytes first, so a crash never leaves bytes without a row to find them.
// Result rows go with their job (ON DELETE CASCADE).
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

/** One batch: finds up to `limit` expired final jobs, removes their files, then their rows. Returns how many. */
export async function purgeExpiredExtractJobs(limit: number): Promise<number> {
  const expired = await db().extractJob.findMany({
    where: { expiresAt: { lt: new Date() }, status: { in: ["completed", "failed"] } },
    select: { id: true },
    take: limit,
  });
  // Uploads, converted pages and raw rows all live under extract/<id>/.
  for (const j of expired) await storage().deletePrefix(`extract/${j.id}`);
  await db().extractJob.deleteMany({ where: { id: { in: expired.map((j) => j.id) } } });
  return expired.length;
}
