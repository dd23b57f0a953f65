-- Synced workspaces (issue 17, lib/sync): a datasource per workspace, its runs, the documents a run could
-- not import, and what the workspace holds of each external item (version marker + file).
CREATE TABLE "datasources" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "workspace_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source_name" TEXT NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "secrets_enc" TEXT,
    "filter_criteria" JSONB NOT NULL DEFAULT '{}',
    "interval_minutes" INTEGER,
    "editable" BOOLEAN NOT NULL DEFAULT true,
    "cursor" JSONB,
    "last_status" TEXT NOT NULL DEFAULT 'never_run',
    "last_status_detail" TEXT,
    "failed_files_count" INTEGER NOT NULL DEFAULT 0,
    "active_run_id" INTEGER,
    "last_run_at" TIMESTAMPTZ(3),
    "next_import_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "datasources_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "datasources_workspace_id_key" ON "datasources"("workspace_id");
CREATE INDEX "datasources_company_id_idx" ON "datasources"("company_id");
CREATE INDEX "datasources_next_import_at_idx" ON "datasources"("next_import_at");
ALTER TABLE "datasources" ADD CONSTRAINT "datasources_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "datasource_runs" (
    "id" SERIAL NOT NULL,
    "datasource_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "status_detail" TEXT,
    "job_id" TEXT,
    "listed_count" INTEGER NOT NULL DEFAULT 0,
    "created_count" INTEGER NOT NULL DEFAULT 0,
    "updated_count" INTEGER NOT NULL DEFAULT 0,
    "unchanged_count" INTEGER NOT NULL DEFAULT 0,
    "deleted_count" INTEGER NOT NULL DEFAULT 0,
    "failed_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "datasource_runs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "datasource_runs_datasource_id_created_at_idx" ON "datasource_runs"("datasource_id", "created_at");
ALTER TABLE "datasource_runs" ADD CONSTRAINT "datasource_runs_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "datasource_run_failures" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "url" TEXT,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "datasource_run_failures_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "datasource_run_failures_run_id_external_id_key" ON "datasource_run_failures"("run_id", "external_id");
ALTER TABLE "datasource_run_failures" ADD CONSTRAINT "datasource_run_failures_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "datasource_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "sync_items" (
    "id" SERIAL NOT NULL,
    "datasource_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "file_id" INTEGER,
    "state" JSONB,
    "last_run_id" INTEGER,
    "last_outcome" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sync_items_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "sync_items_file_id_key" ON "sync_items"("file_id");
CREATE UNIQUE INDEX "sync_items_datasource_id_external_id_key" ON "sync_items"("datasource_id", "external_id");
CREATE INDEX "sync_items_datasource_id_last_run_id_idx" ON "sync_items"("datasource_id", "last_run_id");
ALTER TABLE "sync_items" ADD CONSTRAINT "sync_items_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sync_items" ADD CONSTRAINT "sync_items_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE CASCADE;
