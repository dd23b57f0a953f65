// How the rest of the app starts and stops ingestion. One job per file version, its id derived from both,
// so enqueueing twice is harmless and a new version gets a new job.
import { cancelJob, enqueueJob } from "@/inngest/jobs";
import { ingestFileJob } from "@/inngest/functions/ingest-file";
import { db } from "@/lib/db/client";
import type { IngestionStatus } from "./file-state";
import { needsConversion } from "./prepare-source";

export function ingestionJobId(fileId: number, contentVersion: number): string {
  return `ingest-file:${fileId}:${contentVersion}`;
}

/** The status a new (or replaced) file starts in: doc/ppt go through LibreOffice first. */
export function initialIngestionStatus(extension: string): IngestionStatus {
  return needsConversion(extension) ? "pending_conversion" : "pending";
}

/**
 * Enqueues ingestion of a file version; returns the job id. A pending doc/ppt file is moved to
 * pending_conversion (uploads may set it themselves with initialIngestionStatus).
 */
export async function startIngestion(fileId: number, contentVersion: number, companyId: number): Promise<string> {
  const file = await db().file.findUnique({ where: { id: fileId }, select: { extension: true } });
  if (file && needsConversion(file.extension)) {
    await db().file.updateMany({
      where: { id: fileId, contentVersion, status: "pending" },
      data: { status: "pending_conversion" },
    });
  }
  return enqueueJob(
    ingestFileJob,
    { file_id: fileId, content_version: contentVersion },
    { companyId, jobId: ingestionJobId(fileId, contentVersion) },
  );
}

/**
 * Cancels the ingestion of a file version (local runner: at its next step boundary). Deleting or replacing
 * the file is enough on its own (every step checks the version); this only saves the remaining work.
 */
export async function cancelIngestion(fileId: number, contentVersion: number): Promise<boolean> {
  return cancelJob(ingestionJobId(fileId, contentVersion));
}
