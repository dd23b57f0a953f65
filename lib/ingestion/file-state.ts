// The ingestion job's view of its file: which version it works for, guarded status writes, and the
// derived objects it stores. A job only ever writes to the version it was started for: every write is
// conditional on (id, content_version), and a step that finds the row gone or replaced stops cleanly.
import { db } from "@/lib/db/client";
import type { File, Prisma } from "@/lib/db/generated/client";
import { storage } from "@/lib/storage/storage";

export interface FileRef {
  fileId: number;
  contentVersion: number;
}

export type IngestionStatus =
  | "pending"
  | "pending_conversion"
  | "converting"
  | "parsing"
  | "parsed"
  | "embedding"
  | "embedded"
  | "parsing_failed"
  | "embedding_failed"
  | "fail";

export const FAILED_STATUSES: readonly IngestionStatus[] = ["parsing_failed", "embedding_failed", "fail"];

/**
 * The thumbnail job's state for one content version (files.thumbnail_status for files.thumbnail_version):
 * queued when ingestion parsed the version, then ready (thumbnail_key set) or unavailable.
 */
export type ThumbnailState = "queued" | "ready" | "unavailable";

/** The thumbnail state of the file's current version; null while no thumbnail job was queued for it. */
export function currentThumbnailState(file: Pick<File, "contentVersion" | "thumbnailStatus" | "thumbnailVersion">): ThumbnailState | null {
  return file.thumbnailVersion === file.contentVersion ? (file.thumbnailStatus as ThumbnailState | null) : null;
}

/** A step's result when the file was deleted or replaced: the job ends without writing anything. */
export interface StaleOutcome {
  outcome: "stale";
  reason: "deleted" | "replaced";
}

/** A step's result when the file reached a *_failed status: the job ends, its failure recorded. */
export interface FailedOutcome {
  outcome: "failed";
  status: IngestionStatus;
  detail: string;
}

const DETAIL_MAX = 2000;

/** Storage keys of the objects ingestion derives from a file (the original is `files/<id>/original`). */
export const derivedKeys = {
  converted: (fileId: number, ext: "docx" | "pptx") => `files/${fileId}/converted.${ext}`,
  thumbnail: (fileId: number) => `files/${fileId}/thumbnail.png`,
};

/** Every derived object key of a file, for deletion. */
export function derivedStorageKeys(fileId: number): string[] {
  return [derivedKeys.converted(fileId, "docx"), derivedKeys.converted(fileId, "pptx"), derivedKeys.thumbnail(fileId)];
}

/** The file at the job's version, or why there is none. */
export async function currentFile(ref: FileRef): Promise<File | StaleOutcome> {
  const file = await db().file.findUnique({ where: { id: ref.fileId } });
  return checkVersion(file, ref);
}

function checkVersion(file: File | null, ref: FileRef): File | StaleOutcome {
  if (!file) return { outcome: "stale", reason: "deleted" };
  if (file.contentVersion !== ref.contentVersion) return { outcome: "stale", reason: "replaced" };
  return file;
}

export function isStale(x: unknown): x is StaleOutcome {
  return typeof x === "object" && x !== null && (x as { outcome?: string }).outcome === "stale";
}

/**
 * Inside a transaction: locks the file row (a concurrent delete or replace waits for the commit) and returns
 * it when it is still at the job's version.
 */
export async function lockCurrentFile(tx: Prisma.TransactionClient, ref: FileRef): Promise<File | StaleOutcome> {
  await tx.$queryRaw`SELECT id FROM files WHERE id = ${ref.fileId} FOR UPDATE`;
  return checkVersion(await tx.file.findUnique({ where: { id: ref.fileId } }), ref);
}

/** Sets the status of the job's version (no-op when deleted or replaced). Returns whether it was written. */
export async function setStatus(ref: FileRef, status: IngestionStatus, opts: { onlyFrom?: IngestionStatus[] } = {}): Promise<boolean> {
  const { count } = await db().file.updateMany({
    where: { id: ref.fileId, contentVersion: ref.contentVersion, ...(opts.onlyFrom ? { status: { in: opts.onlyFrom } } : {}) },
    data: { status, statusDetail: null },
  });
  return count > 0;
}

/** Records a failure with its reason, unless the file already ended in a failed or final state. */
export async function markFailed(ref: FileRef, status: IngestionStatus, detail: string): Promise<FailedOutcome> {
  const text = detail.trim().slice(0, DETAIL_MAX) || "Unknown error.";
  await db().file.updateMany({
    where: { id: ref.fileId, contentVersion: ref.contentVersion, status: { notIn: [...FAILED_STATUSES, "embedded"] } },
    data: { status, statusDetail: text },
  });
  return { outcome: "failed", status, detail: text };
}

/** Ends an ingestion that failed for good as `fail`, unless a *_failed status already carries the precise reason. */
export async function failIngestion(ref: FileRef, reason: string): Promise<void> {
  const file = await db().file.findUnique({ where: { id: ref.fileId }, select: { status: true } });
  if (!file || (FAILED_STATUSES as readonly string[]).includes(file.status)) return;
  await markFailed(ref, "fail", `Ingestion failed: ${reason}`);
}

/**
 * Best-effort removal of derived objects once the file row is gone: a step may have stored one after the
 * deletion removed the others. Never when the file was only replaced (the new version's job owns the keys).
 */
export async function cleanUpIfDeleted(stale: StaleOutcome, fileId: number): Promise<StaleOutcome> {
  if (stale.reason !== "deleted") return stale;
  const still = await db().file.count({ where: { id: fileId } });
  if (still === 0)
    await Promise.all(
      derivedStorageKeys(fileId).map((k) =>
        storage()
          .delete(k)
          .catch(() => undefined),
      ),
    );
  return stale;
}

/**
 * Aborts long work (parsing, embedding) soon after the file is deleted or replaced. Poll-based, so it works
 * the same with the local runner and Inngest.
 */
export function watchFile(ref: FileRef, intervalMs = 2_000): { signal: AbortSignal; stale: () => StaleOutcome | undefined; stop: () => void } {
  const controller = new AbortController();
  let found: StaleOutcome | undefined;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    currentFile(ref)
      .then((f) => {
        if (isStale(f)) {
          found = f;
          controller.abort(new Error(`file ${ref.fileId} was ${f.reason}`));
          clearInterval(timer);
        }
      })
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, intervalMs);
  timer.unref();
  return { signal: controller.signal, stale: () => found, stop: () => clearInterval(timer) };
}
