// Runs as the API sees them: start one now, list a datasource's runs and a run's failed documents.
// (The Workspace resource's `sync` object: workspace-sync.ts.)
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { type Page, type PageRequest, pageWindow } from "@/lib/pagination";
import { findAccessibleWorkspace, requireRole } from "@/lib/workspaces/access";
import { serializeFailure, serializeRun } from "./serialize-datasource";
import { cancelActiveRun, startRun } from "./start-run";

async function datasourceOf(p: Principal, workspaceId: number) {
  const access = await findAccessibleWorkspace(p, workspaceId);
  const ds = await db().datasource.findUnique({ where: { workspaceId } });
  if (!ds) throw notFound("Datasource");
  return { access, ds };
}

export async function startRunNow(p: Principal, workspaceId: number) {
  const { access, ds } = await datasourceOf(p, workspaceId);
  requireRole(access, "editor");
  const run = await startRun(ds, "manual");
  if (!run) throw new AppError("workspace_has_datasource", "A run of this datasource is already queued or running.");
  return serializeRun(run);
}

export async function listRuns(p: Principal, workspaceId: number, page: PageRequest): Promise<Page<ReturnType<typeof serializeRun>>> {
  const { ds } = await datasourceOf(p, workspaceId);
  const where = { datasourceId: ds.id };
  const [count, rows] = await Promise.all([
    db().datasourceRun.count({ where }),
    db().datasourceRun.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(page) }),
  ]);
  return { count, results: rows.map(serializeRun) };
}

export async function listRunFailures(p: Principal, workspaceId: number, runId: number, page: PageRequest) {
  const { ds } = await datasourceOf(p, workspaceId);
  const run = await db().datasourceRun.findFirst({ where: { id: runId, datasourceId: ds.id } });
  if (!run) throw notFound("Run");
  const where = { runId };
  const [count, rows] = await Promise.all([
    db().datasourceRunFailure.count({ where }),
    db().datasourceRunFailure.findMany({ where, orderBy: { id: "asc" }, ...pageWindow(page) }),
  ]);
  return { count, results: rows.map(serializeFailure) };
}

export async function cancelRun(p: Principal, workspaceId: number, runId: number) {
  const { access, ds } = await datasourceOf(p, workspaceId);
  requireRole(access, "editor");
  const run = await db().datasourceRun.findFirst({ where: { id: runId, datasourceId: ds.id } });
  if (!run) throw notFound("Run");
  if (ds.activeRunId !== run.id) throw new AppError("bad_request", `The run is not active (status ${run.status}).`);
  await cancelActiveRun(ds.id, "cancelled by a user");
  return serializeRun(await db().datasourceRun.findUniqueOrThrow({ where: { id: runId } }));
}
