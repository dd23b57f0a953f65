// Datasource use cases: validate and test settings, attach to an empty workspace (or one being created),
// update, detach, read. A synced workspace has document_upload_method "sync": the files module then refuses
// manual upload, file delete and bulk delete (spec rule).

import type { z } from "zod";
import { isCompanyAdmin, requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { TDatasourceInput, ZDatasourceUpdate } from "@/lib/contracts/datasources";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Datasource, Prisma } from "@/lib/db/generated/client";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { removeFiles } from "@/lib/files/manage-files";
import { zodFields } from "@/lib/validation";
import { findAccessibleWorkspace, findManageableWorkspace } from "@/lib/workspaces/access";
import { connectorLogger, previousItemsOf } from "./connector-context";
import { openSecrets, sealSecrets } from "./datasource-secrets";
import { connectorFor } from "./registry";
import { serializeDatasource } from "./serialize-datasource";
import { cancelActiveRun, hasActiveRun, startRun } from "./start-run";
import type { AnyConnector } from "./types";

export interface PreparedDatasource {
  type: string;
  name: string;
  sourceName: string;
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
  filter: unknown;
  intervalMinutes: number | null;
  editable: boolean;
  startSync: boolean;
}

function parseOrThrow<T>(connector: AnyConnector, schema: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error, field, value);
  const prefixed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === field ? field : `${field}.${k}`, v]));
  throw new AppError("validation_error", `Invalid ${connector.type} ${field}: ${Object.keys(prefixed).join(", ")}.`, { fields: prefixed });
}

/** Validates settings, secrets and filter against the type's schemas (422 with field names, or unknown_provider). */
export function validateDatasource(input: {
  datasource_type: string;
  settings?: Record<string, unknown>;
  secrets?: Record<string, string>;
  filter_criteria?: unknown;
}) {
  const connector = connectorFor(input.datasource_type);
  const settings = parseOrThrow(connector, connector.settingsSchema, input.settings, "settings");
  const secrets = parseOrThrow(connector, connector.secretsSchema, input.secrets ?? {}, "secrets");
  const filter = parseOrThrow(connector, connector.filterSchema, input.filter_criteria ?? {}, "filter_criteria");
  return { connector, settings, secrets, filter };
}

/** Runs the connector's connection test; it throws the spec's datasource error codes. */
export async function testConnection(connector: AnyConnector, settings: unknown, secrets: unknown, filter: unknown): Promise<string> {
  await connector.testConnection({
    settings,
    secrets,
    filter,
    runCursor: null,
    previous: previousItemsOf(null),
    signal: AbortSignal.timeout(60_000),
    log: connectorLogger(null),
  });
  return connector.describe(settings).source_name;
}

/** Validation and connection test before anything is written (workspace creation, attach). */
export async function prepareDatasource(input: TDatasourceInput): Promise<PreparedDatasource> {
  const { connector, settings, secrets, filter } = validateDatasource(input);
  const sourceName = await testConnection(connector, settings, secrets, filter);
  return {
    type: connector.type,
    name: input.name ?? sourceName,
    sourceName,
    settings: settings as Record<string, unknown>,
    secrets: secrets as Record<string, unknown>,
    filter: filter ?? {},
    intervalMinutes: input.schedule?.interval_minutes ?? null,
    editable: input.editable ?? true,
    startSync: input.start_sync ?? true,
  };
}

/** Writes the datasource of a workspace (inside the caller's transaction) and marks the workspace synced. */
export async function createDatasourceRow(
  tx: Prisma.TransactionClient,
  workspace: { id: number; companyId: number },
  prepared: PreparedDatasource,
): Promise<Datasource> {
  const ds = await tx.datasource.create({
    data: {
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      type: prepared.type,
      name: prepared.name,
      sourceName: prepared.sourceName,
      settings: prepared.settings as Prisma.InputJsonValue,
      secretsEnc: sealSecrets(workspace.companyId, workspace.id, prepared.secrets),
      filterCriteria: prepared.filter as Prisma.InputJsonValue,
      intervalMinutes: prepared.intervalMinutes,
      editable: prepared.editable,
      nextImportAt: prepared.intervalMinutes && !prepared.startSync ? new Date(Date.now() + prepared.intervalMinutes * 60_000) : null,
    },
  });
  await tx.workspace.update({ where: { id: workspace.id }, data: { documentUploadMethod: "sync" } });
  return ds;
}

/** After the datasource row is committed: the first run, unless the caller asked to wait. */
export async function startFirstRun(ds: Datasource, prepared: PreparedDatasource): Promise<void> {
  if (prepared.startSync) await startRun(ds, "attach");
}

export async function attachDatasource(p: Principal, workspaceId: number, input: TDatasourceInput) {
  const { workspace } = await findManageableWorkspace(p, workspaceId);
  const existing = await db().datasource.findUnique({ where: { workspaceId } });
  if (existing) throw new AppError("workspace_already_synced", "The workspace already has a datasource (one per workspace); update or detach it.");
  const files = await db().file.count({ where: { workspaceId } });
  if (files > 0) {
    throw new AppError("workspace_has_documents", `The workspace holds ${files} uploaded document(s); only an empty workspace can be synced.`);
  }
  const prepared = await prepareDatasource(input);
  const ds = await db()
    .$transaction(async (tx) => {
      // Re-checked inside the transaction: a concurrent upload or attach loses.
      if ((await tx.file.count({ where: { workspaceId } })) > 0) throw new AppError("workspace_has_documents", "Documents were uploaded meanwhile.");
      return createDatasourceRow(tx, workspace, prepared);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError("workspace_already_synced", "The workspace already has a datasource.");
      throw err;
    });
  await startFirstRun(ds, prepared);
  return getDatasource(p, workspaceId);
}

async function findDatasource(workspaceId: number): Promise<Datasource> {
  const ds = await db().datasource.findUnique({ where: { workspaceId } });
  if (!ds) throw notFound("Datasource");
  return ds;
}

export async function getDatasource(p: Principal, workspaceId: number) {
  await findAccessibleWorkspace(p, workspaceId);
  return serializeDatasource(await findDatasource(workspaceId));
}

function requireEditable(p: Principal, ds: Datasource): void {
  if (!ds.editable && !isCompanyAdmin(p)) throw forbidden("This datasource is locked (editable: false); a company admin may change it.");
}

export async function updateDatasource(p: Principal, workspaceId: number, input: z.output<typeof ZDatasourceUpdate>) {
  await findManageableWorkspace(p, workspaceId);
  const ds = await findDatasource(workspaceId);
  requireEditable(p, ds);
  if (input.editable !== undefined && !isCompanyAdmin(p)) throw forbidden("Only company admins may lock or unlock a datasource.");
  const connectionChanged = input.settings !== undefined || input.secrets !== undefined || input.filter_criteria !== undefined;
  const data: Prisma.DatasourceUpdateInput = {};
  if (connectionChanged) {
    if (await hasActiveRun(ds.id)) throw new AppError("workspace_has_datasource", "A run is active; change the settings when it has finished.");
    const { connector, settings, secrets, filter } = validateDatasource({
      datasource_type: ds.type,
      settings: input.settings ?? (ds.settings as Record<string, unknown>),
      secrets: (input.secrets ?? openSecrets(ds.companyId, ds.workspaceId, ds.secretsEnc)) as Record<string, string>,
      filter_criteria: input.filter_criteria !== undefined ? input.filter_criteria : ds.filterCriteria,
    });
    data.sourceName = await testConnection(connector, settings, secrets, filter);
    data.settings = settings as Prisma.InputJsonValue;
    data.filterCriteria = (filter ?? {}) as Prisma.InputJsonValue;
    if (input.secrets !== undefined) data.secretsEnc = sealSecrets(ds.companyId, ds.workspaceId, secrets as Record<string, unknown>);
  }
  if (input.name !== undefined) data.name = input.name;
  if (input.editable !== undefined) data.editable = input.editable;
  if (input.schedule !== undefined) {
    const minutes = input.schedule.interval_minutes;
    data.intervalMinutes = minutes;
    const from = ds.lastRunAt ?? new Date();
    data.nextImportAt = minutes ? new Date(Math.max(Date.now(), from.getTime() + minutes * 60_000)) : null;
  }
  await db().datasource.update({ where: { id: ds.id }, data });
  return getDatasource(p, workspaceId);
}

/** Detaches the datasource; its files stay as ordinary files unless deleteFiles. 409 while a run is active. */
export async function detachDatasource(p: Principal, workspaceId: number, deleteFiles: boolean): Promise<void> {
  await findManageableWorkspace(p, workspaceId);
  const ds = await findDatasource(workspaceId);
  requireEditable(p, ds);
  if (await hasActiveRun(ds.id)) throw new AppError("workspace_has_datasource", "A run of the datasource is active; wait for it to finish.");
  const fileIds = deleteFiles
    ? (await db().syncItem.findMany({ where: { datasourceId: ds.id, fileId: { not: null } }, select: { fileId: true } })).map((r) => r.fileId!)
    : [];
  await db().$transaction([
    db().datasource.delete({ where: { id: ds.id } }),
    db().workspace.update({ where: { id: workspaceId }, data: { documentUploadMethod: "manual" } }),
  ]);
  if (fileIds.length) await removeFiles(ds.companyId, await db().file.findMany({ where: { id: { in: fileIds } } }));
}

/** Workspace deletion: 409 while a run is active unless forced, which cancels the run first. */
export async function prepareWorkspaceDeletion(workspaceId: number, force: boolean): Promise<void> {
  const ds = await db().datasource.findUnique({ where: { workspaceId }, select: { id: true } });
  if (!ds || !(await hasActiveRun(ds.id))) return;
  if (!force) throw new AppError("workspace_has_datasource", "A datasource run is active; wait for it, or pass force=true to cancel it.");
  await cancelActiveRun(ds.id, "the workspace was deleted");
}

/** "Test connection" before saving: validation, then the connector's test; nothing is stored. */
export async function testDatasource(p: Principal, input: Pick<TDatasourceInput, "datasource_type" | "settings" | "secrets" | "filter_criteria">) {
  requireCompanyScope(p);
  const { connector, settings, secrets, filter } = validateDatasource(input);
  return { ok: true as const, source_name: await testConnection(connector, settings, secrets, filter) };
}
