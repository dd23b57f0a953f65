// Starting runs: by hand (API "sync now"), on attach, and by the scheduler for due datasources. One run per
// datasource at a time: a run is started only by the statement that sets datasources.active_run_id from NULL.
import { syncDatasourceJob, syncRunJobId } from "@/inngest/definitions/sync-datasource";
import { cancelJob, enqueueJob } from "@/inngest/jobs";
import { db } from "@/lib/db/client";
import type { DatasourceRun } from "@/lib/db/generated/client";
import { ACTIVE_RUN_STATUSES, releaseRun } from "./run-steps";

export type RunTrigger = "attach" | "manual" | "schedule";

/** Starts a run, or returns null when one is already active for the datasource. */
export async function startRun(datasource: { id: number; companyId: number }, trigger: RunTrigger): Promise<DatasourceRun | null> {
  if (await hasActiveRun(datasource.id)) return null;
  const run = await db().datasourceRun.create({ data: { datasourceId: datasource.id, companyId: datasource.companyId, trigger } });
  const claimed = await db().datasource.updateMany({
    where: { id: datasource.id, activeRunId: null },
    data: { activeRunId: run.id, lastStatus: "queued", lastStatusDetail: null },
  });
  if (claimed.count === 0) {
    await db().datasourceRun.delete({ where: { id: run.id } });
    return null;
  }
  const jobId = syncRunJobId(run.id);
  try {
    await enqueueJob(syncDatasourceJob, { run_id: run.id }, { companyId: datasource.companyId, jobId });
  } catch (err) {
    await db().datasourceRun.update({
      where: { id: run.id },
      data: { status: "failed", statusDetail: "could not be queued", finishedAt: new Date() },
    });
    await releaseRun(datasource.id, run.id);
    throw err;
  }
  return db().datasourceRun.update({ where: { id: run.id }, data: { jobId } });
}

/** Whether a run is active; a slot held by a run that is over (e.g. its job was lost) is given back. */
export async function hasActiveRun(datasourceId: number): Promise<boolean> {
  const ds = await db().datasource.findUnique({ where: { id: datasourceId }, select: { activeRunId: true } });
  if (!ds?.activeRunId) return false;
  const run = await db().datasourceRun.findUnique({ where: { id: ds.activeRunId }, select: { status: true } });
  if (run && (ACTIVE_RUN_STATUSES as readonly string[]).includes(run.status)) return true;
  await releaseRun(datasourceId, ds.activeRunId);
  return false;
}

/** Cancels the active run of a datasource (detach, workspace deletion); false when none was active. */
export async function cancelActiveRun(datasourceId: number, reason: string): Promise<boolean> {
  const ds = await db().datasource.findUnique({ where: { id: datasourceId }, select: { activeRunId: true } });
  if (!ds?.activeRunId) return false;
  const runId = ds.activeRunId;
  await db().datasourceRun.updateMany({
    where: { id: runId, status: { in: [...ACTIVE_RUN_STATUSES] } },
    data: { status: "cancelled", statusDetail: reason, finishedAt: new Date() },
  });
  await db().datasource.updateMany({ where: { id: datasourceId }, data: { lastStatus: "cancelled", lastStatusDetail: reason } });
  await releaseRun(datasourceId, runId);
  await cancelJob(syncRunJobId(runId)).catch(() => false);
  return true;
}

/** The scheduler's pass: starts every datasource whose next import is due and that has no run active. */
export async function startDueRuns(now = new Date()): Promise<number> {
  const due = await db().datasource.findMany({
    where: { nextImportAt: { lte: now }, intervalMinutes: { not: null } },
    select: { id: true, companyId: true, activeRunId: true },
    orderBy: { nextImportAt: "asc" },
    take: 500,
  });
  let started = 0;
  for (const ds of due) if (await startRun(ds, "schedule")) started++;
  return started;
}
