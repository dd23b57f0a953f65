// Datasource → the spec's Workspace `sync` object (exactly its fields) and the fuller datasource resource
// (settings, secret names, schedule). Secrets never leave: only the names of those stored are listed.
import type { TDatasource, TDatasourceRun, TDatasourceRunFailure, TWorkspaceSync } from "@/lib/contracts/datasources";
import type { Datasource, DatasourceRun, DatasourceRunFailure } from "@/lib/db/generated/client";
import { openSecrets } from "./datasource-secrets";
import { findConnector } from "./registry";
import type { PublicSettings } from "./types";

function publicSettings(ds: Datasource): PublicSettings {
  const connector = findConnector(ds.type);
  const parsed = connector?.settingsSchema.safeParse(ds.settings);
  return parsed?.success ? connector!.describe(parsed.data) : { source_name: ds.sourceName };
}

export function serializeSync(ds: Datasource): TWorkspaceSync {
  const pub = publicSettings(ds);
  return {
    datasource_type: ds.type,
    source_name: ds.sourceName,
    last_status: ds.lastStatus as TWorkspaceSync["last_status"],
    updated_at: ds.updatedAt.toISOString(),
    failed_files_count: ds.failedFilesCount,
    next_import_date: ds.nextImportAt?.toISOString() ?? null,
    editable: ds.editable,
    name: ds.name,
    instance_url: pub.instance_url ?? null,
    tenant_id: pub.tenant_id ?? null,
    site_name: pub.site_name ?? null,
    client_id: pub.client_id ?? null,
    filter_criteria: ds.filterCriteria ?? {},
  };
}

function secretNames(ds: Datasource): string[] {
  try {
    return Object.keys(openSecrets(ds.companyId, ds.workspaceId, ds.secretsEnc)).sort();
  } catch {
    return [];
  }
}

export function serializeDatasource(ds: Datasource): TDatasource {
  return {
    workspace_id: ds.workspaceId,
    datasource_type: ds.type,
    name: ds.name,
    source_name: ds.sourceName,
    settings: (ds.settings ?? {}) as Record<string, unknown>,
    secrets_set: secretNames(ds),
    filter_criteria: ds.filterCriteria ?? {},
    schedule: { interval_minutes: ds.intervalMinutes },
    editable: ds.editable,
    sync: serializeSync(ds),
    active_run_id: ds.activeRunId,
    created_at: ds.createdAt.toISOString(),
  };
}

export function serializeRun(r: DatasourceRun): TDatasourceRun {
  return {
    id: r.id,
    trigger: r.trigger as TDatasourceRun["trigger"],
    status: r.status as TDatasourceRun["status"],
    status_detail: r.statusDetail,
    listed_count: r.listedCount,
    created_count: r.createdCount,
    updated_count: r.updatedCount,
    unchanged_count: r.unchangedCount,
    deleted_count: r.deletedCount,
    failed_count: r.failedCount,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export function serializeFailure(f: DatasourceRunFailure): TDatasourceRunFailure {
  return { external_id: f.externalId, url: f.url, reason: f.reason, created_at: f.createdAt.toISOString() };
}
