// Synced workspaces: the Workspace `sync` object (spec fields exactly), a datasource's settings, its runs and
// their failed documents, and the endpoints that attach, update, detach, test and run a datasource.
// Settings, secrets and filter_criteria are validated per datasource type by the server (lib/sync); each
// type's shapes (DATASOURCE_TYPE_SCHEMAS) are components of the OpenAPI document, for clients and the console.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zIntId, zPaginated, zTimestamp } from "./common";
import { ZFiledriveFilter, ZFiledriveSecrets, ZFiledriveSettings } from "./datasource-filedrive";
import { ZServicedeskFilter, ZServicedeskSecrets, ZServicedeskSettings } from "./datasource-servicedesk";
import { ZSitehostFilter, ZSitehostSecrets, ZSitehostSettings } from "./datasource-sitehost";

export const DATASOURCE_TYPES = ["filedrive", "sitehost", "servicedesk", "webscrapper"] as const;

/**
 * `last_status`: `never_run` (attached, no run yet) → `queued` → `running` → `succeeded` (every listed
 * document imported or unchanged) | `partially_failed` (some documents failed: see the run's failures) |
 * `failed` (the source could not be listed, or every document failed) | `cancelled` (detached, workspace
 * deleted, or cancelled by hand).
 */
export const SYNC_STATUSES = ["never_run", "queued", "running", "succeeded", "partially_failed", "failed", "cancelled"] as const;
export const RUN_STATUSES = ["queued", "running", "succeeded", "partially_failed", "failed", "cancelled"] as const;

export const ZWorkspaceSync = z
  .object({
    datasource_type: z.string(),
    source_name: z.string().describe("What the datasource reads (the start URL, drive folder, site or help center)"),
    last_status: z
      .enum(SYNC_STATUSES)
      .describe("never_run → queued → running → succeeded | partially_failed | failed | cancelled (status of the latest run)"),
    updated_at: zTimestamp,
    failed_files_count: z.number().int().describe("Documents the latest finished run could not import"),
    next_import_date: zTimestamp.nullable().describe("When the scheduler starts the next run; null without a schedule"),
    editable: z.boolean().describe("Whether workspace owners may change or detach it (company admins always may)"),
    name: z.string(),
    instance_url: z.string().nullable(),
    tenant_id: z.string().nullable(),
    site_name: z.string().nullable(),
    client_id: z.string().nullable(),
    filter_criteria: z.unknown().describe("Type-specific filter (any JSON)"),
  })
  .meta({ id: "WorkspaceSync" });
export type TWorkspaceSync = z.infer<typeof ZWorkspaceSync>;

/** webscrapper `settings`. */
export const ZWebscrapperSettings = z
  .object({
    start_urls: z
      .array(z.url({ protocol: /^https?$/ }))
      .min(1)
      .max(20),
    user_agent: z.string().max(200).optional(),
    politeness_delay_ms: z.number().int().min(0).max(60_000).optional().describe("Pause between requests to one host (default 500)"),
    concurrency_per_host: z.number().int().min(1).max(8).optional().describe("Requests in flight per host (default 2)"),
    use_sitemap: z.boolean().optional().describe("Read /sitemap.xml (and those robots.txt names) for more start URLs (default true)"),
  })
  .strict()
  .meta({ id: "WebscrapperSettings" });
export type TWebscrapperSettings = z.infer<typeof ZWebscrapperSettings>;

/** webscrapper `filter_criteria`. Patterns are globs on the full URL (`*` any run of characters). */
export const ZWebscrapperFilter = z
  .object({
    include_patterns: z.array(z.string().min(1).max(500)).max(100).optional(),
    exclude_patterns: z.array(z.string().min(1).max(500)).max(100).optional(),
    max_depth: z.number().int().min(0).max(50).optional().describe("Links followed from a start URL (default 5)"),
    max_pages: z.number().int().min(1).max(100_000).optional().describe("Documents imported at most (default 1000)"),
    allowed_hosts: z.array(z.string().min(1).max(253)).max(50).optional().describe("Default: the start URLs' hosts"),
    include_documents: z.boolean().optional().describe("Import linked PDF, DOCX, … (default true)"),
  })
  .strict()
  .meta({ id: "WebscrapperFilter" });

/** Each datasource type's `settings`, `secrets` and `filter_criteria` (webscrapper has no secrets). */
export const DATASOURCE_TYPE_SCHEMAS: Record<(typeof DATASOURCE_TYPES)[number], { settings: z.ZodType; secrets?: z.ZodType; filter: z.ZodType }> = {
  filedrive: { settings: ZFiledriveSettings, secrets: ZFiledriveSecrets, filter: ZFiledriveFilter },
  sitehost: { settings: ZSitehostSettings, secrets: ZSitehostSecrets, filter: ZSitehostFilter },
  servicedesk: { settings: ZServicedeskSettings, secrets: ZServicedeskSecrets, filter: ZServicedeskFilter },
  webscrapper: { settings: ZWebscrapperSettings, filter: ZWebscrapperFilter },
};

const PER_TYPE = (part: string) =>
  `per datasource_type: the components ${DATASOURCE_TYPES.filter((t) => part !== "Secrets" || t !== "webscrapper")
    .map((t) => `${t[0].toUpperCase()}${t.slice(1)}${part}`)
    .join(", ")}`;

export const ZDatasourceSchedule = z.object({
  interval_minutes: z.number().int().min(5).max(43_200).nullable().describe("Minutes between runs; null = only on demand"),
});

export const ZDatasourceInput = z
  .object({
    datasource_type: z
      .string()
      .min(1)
      .max(50)
      .describe(`One of ${DATASOURCE_TYPES.join(", ")}`),
    name: z.string().trim().min(1).max(200).optional().describe("Display name (default: the source name)"),
    settings: z.record(z.string(), z.unknown()).describe(`Connection settings of the type, ${PER_TYPE("Settings")}`),
    secrets: z
      .record(z.string(), z.string().max(20_000))
      .optional()
      .describe(`Write-only credentials, never returned; ${PER_TYPE("Secrets")} (webscrapper has none)`),
    filter_criteria: z
      .unknown()
      .optional()
      .describe(`Filter of the type, ${PER_TYPE("Filter")}`),
    schedule: ZDatasourceSchedule.optional(),
    editable: z.boolean().optional(),
    start_sync: z.boolean().optional().describe("Start the first run at once (default true)"),
  })
  .meta({ id: "DatasourceInput" });
export type TDatasourceInput = z.infer<typeof ZDatasourceInput>;

export const ZDatasourceUpdate = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    secrets: z.record(z.string(), z.string().max(20_000)).optional().describe("Replaces the stored secrets when given"),
    filter_criteria: z.unknown().optional(),
    schedule: ZDatasourceSchedule.optional(),
    editable: z.boolean().optional().describe("Company admins only"),
  })
  .meta({ id: "DatasourceUpdate" });

export const ZDatasourceTest = ZDatasourceInput.pick({ datasource_type: true, settings: true, secrets: true, filter_criteria: true });

export const ZDatasource = z
  .object({
    workspace_id: z.number().int(),
    datasource_type: z.string(),
    name: z.string(),
    source_name: z.string(),
    settings: z.record(z.string(), z.unknown()),
    secrets_set: z.array(z.string()).describe("Names of the stored secrets (their values are never returned)"),
    filter_criteria: z.unknown(),
    schedule: ZDatasourceSchedule,
    editable: z.boolean(),
    sync: ZWorkspaceSync,
    active_run_id: z.number().int().nullable(),
    created_at: zTimestamp,
  })
  .meta({ id: "Datasource" });
export type TDatasource = z.infer<typeof ZDatasource>;

export const ZDatasourceRun = z
  .object({
    id: z.number().int(),
    trigger: z.enum(["attach", "manual", "schedule"]),
    status: z.enum(RUN_STATUSES),
    status_detail: z.string().nullable(),
    listed_count: z.number().int(),
    created_count: z.number().int(),
    updated_count: z.number().int(),
    unchanged_count: z.number().int(),
    deleted_count: z.number().int(),
    failed_count: z.number().int(),
    created_at: zTimestamp,
    started_at: zTimestamp.nullable(),
    finished_at: zTimestamp.nullable(),
  })
  .meta({ id: "DatasourceRun" });
export type TDatasourceRun = z.infer<typeof ZDatasourceRun>;

export const ZDatasourceRunFailure = z
  .object({ external_id: z.string(), url: z.string().nullable(), reason: z.string(), created_at: zTimestamp })
  .meta({ id: "DatasourceRunFailure" });
export type TDatasourceRunFailure = z.infer<typeof ZDatasourceRunFailure>;

export const ZDatasourceParams = z.object({ id: zIntId });
export const ZDatasourceRunParams = z.object({ id: zIntId, run_id: zIntId });
export const ZDatasourceDetachQuery = z.object({
  delete_files: z.enum(["true", "false"]).optional().describe("Also delete the synced files (default false: they stay as manual files)"),
});
export const ZConnectionTestResult = z.object({ ok: z.literal(true), source_name: z.string() }).meta({ id: "DatasourceTestResult" });

const tag = "Workspaces";
const category = "workspaces" as const;
const base = "/api/v3/workspaces/{id}/datasource";

export const datasourceEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: base,
    tag,
    category,
    auth: "required",
    summary: "A synced workspace's datasource: settings (secrets by name only), filter, schedule and sync state",
    params: ZDatasourceParams,
    responses: { 200: { description: "Datasource", schema: ZDatasource } },
    errors: ["not_found"],
  }),
  attach: defineEndpoint({
    method: "POST",
    path: base,
    tag,
    category,
    auth: "required",
    summary: "Attach a datasource to an empty workspace (owner or company admin); the connection is tested first",
    description:
      "The workspace becomes sync-managed (document_upload_method `sync`): manual upload, file delete and bulk delete answer 400 bad_request. The first run starts at once unless start_sync is false.",
    params: ZDatasourceParams,
    body: ZDatasourceInput,
    responses: { 201: { description: "Attached datasource", schema: ZDatasource } },
    errors: [
      "not_found",
      "insufficient_permissions",
      "unknown_provider",
      "workspace_already_synced",
      "workspace_has_documents",
      "datasource_connection_failed",
      "filedrive_folder_inaccessible",
      "sitehost_site_not_found",
    ],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: base,
    tag,
    category,
    auth: "required",
    summary: "Change a datasource's settings, secrets, filter or schedule (changed settings are tested first)",
    params: ZDatasourceParams,
    body: ZDatasourceUpdate,
    responses: { 200: { description: "Datasource", schema: ZDatasource } },
    errors: ["not_found", "insufficient_permissions", "datasource_connection_failed", "workspace_has_datasource"],
  }),
  detach: defineEndpoint({
    method: "DELETE",
    path: base,
    tag,
    category,
    auth: "required",
    summary: "Detach the datasource; refused while a run is active",
    params: ZDatasourceParams,
    query: ZDatasourceDetachQuery,
    responses: { 204: { description: "Detached" } },
    errors: ["not_found", "insufficient_permissions", "workspace_has_datasource"],
  }),
  test: defineEndpoint({
    method: "POST",
    path: "/api/v3/datasources/test",
    tag,
    category,
    auth: "required",
    summary: "Validate settings and test the connection to a datasource without saving anything",
    body: ZDatasourceTest,
    responses: { 200: { description: "Connection works", schema: ZConnectionTestResult } },
    errors: ["unknown_provider", "datasource_connection_failed", "filedrive_folder_inaccessible", "sitehost_site_not_found"],
  }),
  startRun: defineEndpoint({
    method: "POST",
    path: `${base}/runs`,
    tag,
    category,
    auth: "required",
    summary: "Start a run now (editors and above); 409 while one is active",
    params: ZDatasourceParams,
    responses: { 202: { description: "Run queued", schema: ZDatasourceRun } },
    errors: ["not_found", "insufficient_permissions", "workspace_has_datasource"],
  }),
  cancelRun: defineEndpoint({
    method: "POST",
    path: `${base}/runs/{run_id}/cancel`,
    tag,
    category,
    auth: "required",
    summary: "Cancel a queued or running run (editors and above); what it imported so far stays",
    params: ZDatasourceRunParams,
    responses: { 200: { description: "The cancelled run", schema: ZDatasourceRun } },
    errors: ["not_found", "insufficient_permissions", "bad_request"],
  }),
  listRuns: defineEndpoint({
    method: "GET",
    path: `${base}/runs`,
    tag,
    category,
    auth: "required",
    summary: "Runs of the datasource, newest first",
    params: ZDatasourceParams,
    query: ZPageQuery,
    responses: { 200: { description: "Paginated runs", schema: zPaginated(ZDatasourceRun) } },
    errors: ["not_found"],
  }),
  listFailures: defineEndpoint({
    method: "GET",
    path: `${base}/runs/{run_id}/failures`,
    tag,
    category,
    auth: "required",
    summary: "Documents a run could not import, with the reason",
    params: ZDatasourceRunParams,
    query: ZPageQuery,
    responses: { 200: { description: "Paginated failures", schema: zPaginated(ZDatasourceRunFailure) } },
    errors: ["not_found"],
  }),
};
