// Turns one fetched item into a workspace file: a new file, or a new content version of the file the item
// already has (re-ingested). The file row and its sync_items row are written in one transaction, so a run
// replayed after a crash never creates the file twice; ingestion is enqueued by an idempotent job id.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db/client";
import type { Datasource, Prisma, SyncItem, Workspace } from "@/lib/db/generated/client";
import { detectType } from "@/lib/documents/detect";
import { assertQuota } from "@/lib/files/quotas";
import { initialIngestionStatus } from "@/lib/ingestion/prepare-source";
import { cancelIngestion, startIngestion } from "@/lib/ingestion/start-ingestion";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage/storage";
import type { Json, ListedItem } from "./types";

export type StoreOutcome = "created" | "updated";

export interface ItemContent {
  path: string;
  filename?: string;
  title?: string;
  version?: string;
}

function externalMetadata(item: ListedItem): Prisma.InputJsonValue {
  return {
    external_id: item.externalId,
    doc_type: item.docType,
    additional_metadata: item.url ? { external_url: item.url } : {},
  };
}

function safeFilename(name: string, extension: string): string {
  const base =
    path
      .basename(name)
      .replace(/[\u0000-\u001f]/g, "")
      .slice(0, 200) || "document";
  return path.extname(base) ? base : `${base}.${extension}`;
}

/** Stores the content (the scratch file is consumed) and records the item; returns what happened. */
export async function storeItem(
  ds: Datasource & { workspace: Workspace },
  runId: number,
  item: ListedItem,
  previous: SyncItem | undefined,
  content: ItemContent,
): Promise<StoreOutcome> {
  const bytes = new Uint8Array(await fs.promises.readFile(content.path));
  const nameHint = content.filename ?? item.filename ?? item.title ?? item.externalId;
  const type = await detectType(bytes, nameHint);
  const filename = safeFilename(nameHint, type.extension);
  const title = (content.title ?? item.title ?? filename.replace(/\.[^.]+$/, "")).slice(0, 500) || filename;
  const existing = previous?.fileId ? await db().file.findUnique({ where: { id: previous.fileId } }) : null;
  await assertQuota(ds.workspace, bytes.length - (existing?.size ?? 0));

  const storageKey = `files/${randomUUID()}/original`;
  const stored = await storage().putFile(storageKey, content.path);
  const version = content.version ?? item.version ?? stored.sha256;
  const fileData = {
    filename,
    title,
    extension: (path.extname(filename).slice(1) || type.extension).toLowerCase(),
    mimeType: type.mimeType,
    size: stored.size,
    sha256: stored.sha256,
    storageKey,
    status: initialIngestionStatus(type.kind),
    statusDetail: null,
    externalMetadata: externalMetadata(item),
    externalId: item.externalId,
    externalDocType: item.docType,
  };
  const itemData = {
    version,
    state: item.state === undefined ? undefined : ((item.state ?? null) as Prisma.InputJsonValue),
    lastRunId: runId,
  };
  let result: { fileId: number; contentVersion: number; outcome: StoreOutcome };
  try {
    result = await db().$transaction(async (tx) => {
      if (existing) {
        const file = await tx.file.update({
          where: { id: existing.id },
          data: { ...fileData, contentVersion: { increment: 1 }, totalPages: 0, ingestedAt: null },
        });
        await tx.syncItem.update({ where: { id: previous!.id }, data: { ...itemData, lastOutcome: "updated" } });
        return { fileId: file.id, contentVersion: file.contentVersion, outcome: "updated" as const };
      }
      const file = await tx.file.create({ data: { ...fileData, companyId: ds.companyId, workspaceId: ds.workspaceId } });
      await tx.syncItem.upsert({
        where: { datasourceId_externalId: { datasourceId: ds.id, externalId: item.externalId } },
        create: { ...itemData, datasourceId: ds.id, externalId: item.externalId, fileId: file.id, lastOutcome: "created" },
        update: { ...itemData, fileId: file.id, lastOutcome: "created" },
      });
      return { fileId: file.id, contentVersion: file.contentVersion, outcome: "created" as const };
    });
  } catch (err) {
    await storage().delete(storageKey);
    throw err;
  }
  if (existing) {
    await cancelIngestion(existing.id, existing.contentVersion).catch(() => false);
    await storage()
      .delete(existing.storageKey)
      .catch((err: unknown) => log.warn("old content of a re-synced file could not be removed", { fileId: existing.id, err }));
  }
  await startIngestion(result.fileId, result.contentVersion, ds.companyId);
  return result.outcome;
}

/** Records an item the run saw unchanged (its state may have moved on, e.g. a page's links). */
export async function markUnchanged(previous: SyncItem, runId: number, state: Json | undefined, version?: string): Promise<void> {
  await db().syncItem.update({
    where: { id: previous.id },
    data: {
      lastRunId: runId,
      lastOutcome: "unchanged",
      ...(version ? { version } : {}),
      ...(state !== undefined ? { state: (state ?? null) as Prisma.InputJsonValue } : {}),
    },
  });
}
