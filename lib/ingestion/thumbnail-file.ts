// The thumbnail step: first page → files/<id>/thumbnail.png and thumbnail_key. Never fails the ingestion.
import { db } from "@/lib/db/client";
import { renderThumbnail } from "@/lib/documents/thumbnail";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage/storage";
import { cleanUpIfDeleted, currentFile, derivedKeys, type FileRef, isStale, type StaleOutcome, watchFile } from "./file-state";
import type { DocumentSource } from "./prepare-source";

export async function thumbnailStep(ref: FileRef, source: DocumentSource): Promise<{ outcome: "ok"; key: string | null } | StaleOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  const watch = watchFile(ref);
  let png: Buffer | null;
  try {
    png = await storage().withLocalFile(source.key, (path) => renderThumbnail({ path, kind: source.kind, signal: watch.signal }));
  } catch (err) {
    // withLocalFile itself failed (a remote store): still only a missing thumbnail.
    log.warn("thumbnail source unavailable", { fileId: ref.fileId, err });
    png = null;
  } finally {
    watch.stop();
  }
  const stale = watch.stale();
  if (stale) return cleanUpIfDeleted(stale, ref.fileId);
  if (!png) return { outcome: "ok", key: null };
  const key = derivedKeys.thumbnail(ref.fileId);
  await storage().putBytes(key, png);
  const { count } = await db().file.updateMany({
    where: { id: ref.fileId, contentVersion: ref.contentVersion },
    data: { thumbnailKey: key },
  });
  if (count === 0) {
    const now = await currentFile(ref);
    if (isStale(now)) return cleanUpIfDeleted(now, ref.fileId);
  }
  return { outcome: "ok", key };
}
