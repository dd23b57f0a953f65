// The steps of one datasource run (job sync-datasource, inngest/functions/sync-datasource.ts). Each is
// idempotent: a replay after a crash finds the items this run already handled (sync_items.last_run_id) and
// skips them, so nothing is fetched, created or counted twice. Counts come from sync_items at the end.
import fs from "node:fs";
import { db } from "@/lib/db/client";
import type { Datasource, SyncItem, Workspace } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { removeFiles } from "@/lib/files/manage-files";
import { recordStorageFootprint } from "@/lib/files/storage-footprint";
import { startIngestion } from "@/lib/ingestion/start-ingestion";
import { removeQuietly } from "@/lib/storage/temp";
import { bindConnector } from "./connector-context";
import { markUnchanged, storeItem } from "./store-item";
import type { FetchResult, Json, ListedItem, ListPage } from "./types";

/** Run statuses; the datasource's `last_status` is its latest run's (or `never_run`). */
export const RUN_STATUSES = ["queued", "running", "succeeded", "partially_failed", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ["queued", "running"];

/** Items fetched at once within a page (connectors add their own politeness per host). */
const ITEM_CONCURRENCY = 4;

type LoadedDatasource = Datasource & { workspace: Workspace };

export type Gone = { outcome: "cancelled"; reason: string };

async function loadRun(runId: number): Promise<{ ds: LoadedDatasource; runStatus: string } | Gone> {
  const run = await db().datasourceRun.findUnique({ where: { id: runId }, include: { datasource: { include: { workspace: true } } } });
  if (!run) return { outcome: "cancelled", reason: "the datasource or its workspace was deleted" };
  if (run.status === "cancelled") return { outcome: "cancelled", reason: run.statusDetail ?? "cancelled" };
  return { ds: run.datasource, runStatus: run.status };
}

const isGone = (x: unknown): x is Gone => typeof x === "object" && x !== null && (x as Gone).outcome === "cancelled";

export async function beginRun(runId: number): Promise<{ outcome: "running" } | Gone> {
  const loaded = await loadRun(runId);
  if (isGone(loaded)) return loaded;
  if (!ACTIVE_RUN_STATUSES.includes(loaded.runStatus as RunStatus)) return { outcome: "cancelled", reason: `run already ${loaded.runStatus}` };
  await db().datasourceRun.update({ where: { id: runId }, data: { status: "running", startedAt: new Date() } });
  await db().datasource.update({ where: { id: loaded.ds.id }, data: { lastStatus: "running", lastStatusDetail: null } });
  // Tombstones of earlier runs have been counted; what they stood for is gone.
  await db().syncItem.deleteMany({ where: { datasourceId: loaded.ds.id, lastOutcome: "deleted", NOT: { lastRunId: runId } } });
  return { outcome: "running" };
}

/** One page of the listing: the memoised unit of a run (its output is the page's items and the next cursor). */
export async function listStep(runId: number, cursor: Json | null): Promise<ListPage | Gone> {
  const loaded = await loadRun(runId);
  if (isGone(loaded)) return loaded;
  const { connector, ctx } = bindConnector(loaded.ds);
  const page = await connector.listPage(ctx, cursor);
  return { items: page.items, next: page.next ?? null, snapshot: page.snapshot, runCursor: page.runCursor ?? null };
}

export interface PageCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
  skipped: number;
}

const emptyCounts = (): PageCounts => ({ created: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0, skipped: 0 });

async function recordFailure(ds: Datasource, runId: number, item: ListedItem, previous: SyncItem | undefined, reason: string) {
  const text = reason.slice(0, 2000);
  await db().datasourceRunFailure.upsert({
    where: { runId_externalId: { runId, externalId: item.externalId } },
    create: { runId, externalId: item.externalId, url: item.url ?? null, reason: text },
    update: { reason: text },
  });
  // A held file stays as it was (a transient error upstream must not delete it); a new item has no version,
  // so the next run tries it again.
  await db().syncItem.upsert({
    where: { datasourceId_externalId: { datasourceId: ds.id, externalId: item.externalId } },
    create: { datasourceId: ds.id, externalId: item.externalId, version: "", lastRunId: runId, lastOutcome: "failed" },
    update: { lastRunId: runId, lastOutcome: "failed", ...(previous?.lastOutcome === "deleted" ? { version: "" } : {}) },
  });
}

async function deleteItem(ds: Datasource, runId: number, previous: SyncItem): Promise<void> {
  const file = previous.fileId ? await db().file.findUnique({ where: { id: previous.fileId } }) : null;
  if (!file) {
    // Never imported (it failed) or its file is gone already: nothing was held, nothing to count.
    await db().syncItem.delete({ where: { id: previous.id } });
    return;
  }
  // The file first: a crash in between then leaves a row without a file (dropped on replay), never a file
  // that no row points at any more.
  await removeFiles(ds.companyId, [file]);
  await db().syncItem.update({ where: { id: previous.id }, data: { lastRunId: runId, lastOutcome: "deleted", version: "" } });
}

const reasonOf = (err: unknown) => (err instanceof AppError ? `${err.code}: ${err.detail}` : err instanceof Error ? err.message : String(err));

async function fetchContent(bound: ReturnType<typeof bindConnector>, item: ListedItem): Promise<FetchResult> {
  if (item.prefetched && fs.existsSync(item.prefetched)) return { kind: "content", path: item.prefetched };
  return bound.connector.fetchItem(bound.ctx, item);
}

async function processItem(
  ds: LoadedDatasource,
  runId: number,
  bound: ReturnType<typeof bindConnector>,
  item: ListedItem,
  previous: SyncItem | undefined,
  unchangedIds: number[],
): Promise<keyof PageCounts> {
  if (previous?.lastRunId === runId) {
    // Handled by an earlier attempt of this run; its ingestion may not have been enqueued before the crash.
    if ((previous.lastOutcome === "created" || previous.lastOutcome === "updated") && previous.fileId) {
      const file = await db().file.findUnique({ where: { id: previous.fileId }, select: { contentVersion: true } });
      if (file) await startIngestion(previous.fileId, file.contentVersion, ds.companyId);
    }
    return "skipped";
  }
  const held = previous && previous.lastOutcome !== "deleted" ? previous : undefined;
  if (item.deleted) {
    if (!held) return "skipped";
    await deleteItem(ds, runId, held);
    return "deleted";
  }
  if (item.error) {
    await recordFailure(ds, runId, item, previous, item.error);
    return "failed";
  }
  if (held?.fileId && item.version && held.version === item.version) {
    // The common case of a re-run: recorded for the whole page in one statement (processStep).
    if (item.state === undefined || JSON.stringify(item.state) === JSON.stringify(held.state)) unchangedIds.push(held.id);
    else await markUnchanged(held, runId, item.state);
    return "unchanged";
  }
  let result: FetchResult;
  try {
    result = await fetchContent(bound, item);
  } catch (err) {
    await recordFailure(ds, runId, item, previous, reasonOf(err));
    return "failed";
  }
  if (result.kind === "not_modified") {
    if (held?.fileId) {
      await markUnchanged(held, runId, item.state, item.version);
      return "unchanged";
    }
    await recordFailure(ds, runId, item, previous, "the source answered 'not modified' for a document the workspace does not hold");
    return "failed";
  }
  if (result.kind === "gone") {
    if (!held) return "skipped";
    await deleteItem(ds, runId, held);
    return "deleted";
  }
  try {
    return await storeItem(ds, runId, item, previous, result);
  } catch (err) {
    await removeQuietly(result.path);
    await recordFailure(ds, runId, item, previous, reasonOf(err));
    return "failed";
  }
}

/** Diffs and applies one listed page: creates, re-ingests changed, deletes removed, records failures. */
export async function processStep(runId: number, items: ListedItem[]): Promise<PageCounts | Gone> {
  const loaded = await loadRun(runId);
  if (isGone(loaded)) return loaded;
  const { ds } = loaded;
  const bound = bindConnector(ds);
  const rows = await db().syncItem.findMany({ where: { datasourceId: ds.id, externalId: { in: items.map((i) => i.externalId) } } });
  const previous = new Map(rows.map((r) => [r.externalId, r]));
  const counts = emptyCounts();
  // A listing may name an item twice (e.g. a page reached by two links in one batch): the first wins.
  const unique = [...new Map(items.map((i) => [i.externalId, i])).values()];
  let next = 0;
  const unchangedIds: number[] = [];
  const worker = async () => {
    while (next < unique.length) {
      const item = unique[next++];
      counts[await processItem(ds, runId, bound, item, previous.get(item.externalId), unchangedIds)]++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(ITEM_CONCURRENCY, unique.length) }, worker));
    if (unchangedIds.length) {
      await db().syncItem.updateMany({ where: { id: { in: unchangedIds } }, data: { lastRunId: runId, lastOutcome: "unchanged" } });
    }
  } finally {
    for (const i of items) await removeQuietly(i.prefetched);
  }
  if (counts.created || counts.updated || counts.deleted) await recordStorageFootprint(ds.companyId);
  return counts;
}

/** After a complete snapshot listing: what the source no longer lists is deleted from the workspace. */
export async function sweepStep(runId: number): Promise<{ deleted: number } | Gone> {
  const loaded = await loadRun(runId);
  if (isGone(loaded)) return loaded;
  const { ds } = loaded;
  let deleted = 0;
  for (;;) {
    const stale = await db().syncItem.findMany({
      where: { datasourceId: ds.id, OR: [{ lastRunId: null }, { NOT: { lastRunId: runId } }], NOT: { lastOutcome: "deleted" } },
      take: 200,
    });
    if (!stale.length) break;
    for (const row of stale) {
      if (row.fileId) deleted++;
      await deleteItem(ds, runId, row);
    }
  }
  return { deleted };
}

/** Reads the run's exact counts, sets its final status, keeps the connector's cursor, schedules the next run. */
export async function finishRun(runId: number, runCursor: Json | null, snapshot: boolean): Promise<{ outcome: string } | Gone> {
  const loaded = await loadRun(runId);
  if (isGone(loaded)) return loaded;
  const { ds } = loaded;
  const grouped = await db().syncItem.groupBy({ by: ["lastOutcome"], where: { datasourceId: ds.id, lastRunId: runId }, _count: true });
  const n = (o: string) => grouped.find((g) => g.lastOutcome === o)?._count ?? 0;
  const failed = await db().datasourceRunFailure.count({ where: { runId } });
  const counts = { created: n("created"), updated: n("updated"), unchanged: n("unchanged"), deleted: n("deleted") };
  const listed = counts.created + counts.updated + counts.unchanged + failed + (snapshot ? 0 : counts.deleted);
  const status: RunStatus = failed === 0 ? "succeeded" : listed > failed ? "partially_failed" : "failed";
  const example = failed ? await db().datasourceRunFailure.findFirst({ where: { runId }, orderBy: { id: "asc" } }) : null;
  const detail = example ? `${failed} document(s) could not be imported (first: ${example.externalId}: ${example.reason})`.slice(0, 2000) : null;
  const finishedAt = new Date();
  // Conditional: a run cancelled meanwhile keeps its status.
  const finished = await db().datasourceRun.updateMany({
    where: { id: runId, status: { in: [...ACTIVE_RUN_STATUSES] } },
    data: {
      status,
      statusDetail: detail,
      finishedAt,
      listedCount: listed,
      createdCount: counts.created,
      updatedCount: counts.updated,
      unchangedCount: counts.unchanged,
      deletedCount: counts.deleted,
      failedCount: failed,
    },
  });
  if (finished.count === 0) return { outcome: "cancelled", reason: "cancelled before it finished" };
  await db().datasource.updateMany({
    where: { id: ds.id },
    data: {
      lastStatus: status,
      lastStatusDetail: detail,
      failedFilesCount: failed,
      cursor: (runCursor ?? undefined) as never,
      lastRunAt: finishedAt,
      nextImportAt: ds.intervalMinutes ? new Date(finishedAt.getTime() + ds.intervalMinutes * 60_000) : null,
    },
  });
  await releaseRun(ds.id, runId);
  return { outcome: status };
}

/** The run failed for good (source unreachable after retries, or a bug): recorded with its reason. */
export async function failRun(runId: number, reason: string): Promise<void> {
  const run = await db().datasourceRun.findUnique({ where: { id: runId }, include: { datasource: true } });
  if (!run || !ACTIVE_RUN_STATUSES.includes(run.status as RunStatus)) return;
  const detail = reason.slice(0, 2000);
  const finishedAt = new Date();
  await db().datasourceRun.update({ where: { id: runId }, data: { status: "failed", statusDetail: detail, finishedAt } });
  const ds = run.datasource;
  await db().datasource.updateMany({
    where: { id: ds.id },
    data: {
      lastStatus: "failed",
      lastStatusDetail: detail,
      lastRunAt: finishedAt,
      nextImportAt: ds.intervalMinutes ? new Date(finishedAt.getTime() + ds.intervalMinutes * 60_000) : null,
    },
  });
  await releaseRun(ds.id, runId);
}

export async function releaseRun(datasourceId: number, runId: number): Promise<void> {
  await db().datasource.updateMany({ where: { id: datasourceId, activeRunId: runId }, data: { activeRunId: null } });
}
