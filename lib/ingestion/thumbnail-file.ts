// Thumbnails, off the path to `embedded`: ingestion queues the thumbnail-file job once a version is parsed
// (queueThumbnail), and that low-priority job renders the first page to files/<id>/thumbnail.png
// (renderFileThumbnail). Its state is recorded per content version (files.thumbnail_status for
// thumbnail_version: queued → ready | unavailable), which is what the API's thumbnail field reports. Like
// ingestion, every write is conditional on (id, content_version): a deleted or replaced file ends the job
// cleanly, and a thumbnail never fails the file's ingestion.
import { thumbnailFileJob } from "@/inngest/definitions/thumbnail-file";
import { enqueueJob } from "@/inngest/jobs";
import { db } from "@/lib/db/client";
import { typeOfMimeType } from "@/lib/documents/detect";
import { isUnreadableDocument } from "@/lib/documents/failures";
import { makeThumbnail } from "@/lib/documents/thumbnail";
import { storage } from "@/lib/storage/storage";
import {
  cleanUpIfDeleted,
  currentFile,
  currentThumbnailState,
  derivedKeys,
  type FileRef,
  isStale,
  type StaleOutcome,
  type ThumbnailState,
  watchFile,
} from "./file-state";

export function thumbnailJobId(fileId: number, contentVersion: number): string {
  return `thumbnail-file:${fileId}:${contentVersion}`;
}

/**
 * Ingestion's step after parsing: records the version's thumbnail as queued and enqueues its job (one per
 * version: a retry of the step enqueues nothing new and never turns a finished state back into queued).
 */
export async function queueThumbnail(ref: FileRef): Promise<{ outcome: "ok"; jobId: string } | StaleOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  await db().file.updateMany({
    where: {
      id: ref.fileId,
      contentVersion: ref.contentVersion,
      OR: [{ thumbnailVersion: null }, { thumbnailVersion: { not: ref.contentVersion } }],
    },
    data: { thumbnailStatus: "queued" satisfies ThumbnailState, thumbnailVersion: ref.contentVersion },
  });
  const jobId = await enqueueJob(
    thumbnailFileJob,
    { file_id: ref.fileId, content_version: ref.contentVersion },
    { companyId: file.companyId, jobId: thumbnailJobId(ref.fileId, ref.contentVersion) },
  );
  return { outcome: "ok", jobId };
}

export type ThumbnailOutcome = { outcome: "ready" | "unavailable" } | StaleOutcome;

/**
 * The thumbnail job's step: renders the version's first page from its stored original and records the
 * result. A format without thumbnails, or a document whose content cannot be rendered, is `unavailable` at
 * once; an engine error is thrown for the job to retry (markThumbnailUnavailable records it once the
 * retries are spent). Done already: nothing to do.
 */
export async function renderFileThumbnail(ref: FileRef): Promise<ThumbnailOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  const state = currentThumbnailState(file);
  if (state === "ready" || state === "unavailable") return { outcome: state };
  // Parsing wrote the detected type before this job was queued.
  const type = typeOfMimeType(file.mimeType, file.filename);
  if (!type) return recordThumbnail(ref, null);
  const watch = watchFile(ref);
  let png: Buffer | null;
  try {
    png = await storage().withLocalFile(file.storageKey, (path) => makeThumbnail({ path, kind: type.kind, signal: watch.signal }));
  } catch (err) {
    const stale = watch.stale();
    if (stale) return cleanUpIfDeleted(stale, ref.fileId);
    // The document's content cannot be rendered: no retry can change that.
    if (isUnreadableDocument(err)) return recordThumbnail(ref, null);
    throw err;
  } finally {
    watch.stop();
  }
  const stale = watch.stale();
  if (stale) return cleanUpIfDeleted(stale, ref.fileId);
  if (!png) return recordThumbnail(ref, null);
  const key = derivedKeys.thumbnail(ref.fileId);
  await storage().putBytes(key, png);
  return recordThumbnail(ref, key);
}

/** The job failed for good: the version has no thumbnail (and no earlier version's shows in its place). */
export async function markThumbnailUnavailable(ref: FileRef): Promise<void> {
  await recordThumbnail(ref, null);
}

async function recordThumbnail(ref: FileRef, key: string | null): Promise<ThumbnailOutcome> {
  const status: ThumbnailState = key ? "ready" : "unavailable";
  const { count } = await db().file.updateMany({
    where: { id: ref.fileId, contentVersion: ref.contentVersion },
    data: { thumbnailKey: key, thumbnailStatus: status, thumbnailVersion: ref.contentVersion },
  });
  if (count === 0) {
    // Deleted or replaced after the check: a thumbnail stored meanwhile must not outlive a deleted file.
    const now = await currentFile(ref);
    if (isStale(now)) return cleanUpIfDeleted(now, ref.fileId);
  }
  return { outcome: status };
}
