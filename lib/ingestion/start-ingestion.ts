// How the rest of the app starts and stops ingestion. One job per file version, its id derived from both,
// so enqueueing twice is harmless and a new version gets a new job.

import { ingestFileJob } from "@/inngest/definitions/ingest-file";
import { cancelJob, enqueueJob } from "@/inngest/jobs";
import { db } from "@/lib/db/client";
import { typeOfMimeType } from "@/lib/documents/detect";
import { initialIngestionStatus } from "./prepare-source";
import { thumbnailJobId } from "./thumbnail-file";

export function ingestionJobId(fileId: number, contentVersion: number): string {
  return `ingest-file:${fileId}:${contentVersion}`;
}

/**
 * Enqueues ingestion of a file version; returns the job id. A pending file moves to the status it starts in
 * (initialIngestionStatus): by the type detected at upload, else by its extension until the job detects it.
 */
export async function startIngestion(fileId: number, contentVersion: number, companyId: number): Promise<string> {
  const file = await db().file.findUnique({ where: { id: fileId }, select: { extension: true, mimeType: true } });
  if (file && initialIngestionStatus(typeOfMimeType(file.mimeType)?.kind ?? file.extension) === "pending_conversion") {
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
 * Cancels the ingestion of a file version and its thumbnail job (local runner: at the next step boundary).
 * Deleting or replacing the file is enough on its own (every step checks the version); this only saves the
 * remaining work. Returns whether the ingestion job was still to finish.
 */
export async function cancelIngestion(fileId: number, contentVersion: number): Promise<boolean> {
  await cancelJob(thumbnailJobId(fileId, contentVersion));
  return cancelJob(ingestionJobId(fileId, contentVersion));
}
