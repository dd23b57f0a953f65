-- Extract jobs (sync and async) and their result rows. Rows live in their own table, keyed by position,
-- so GET /extract/{id}?page=N reads 15 rows by primary key however large the result (1000-page documents
-- at record granularity). Purged with the job after retention.
CREATE TABLE "extract_jobs" (
    "id" TEXT NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "api_key_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "is_async" BOOLEAN NOT NULL DEFAULT false,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT,
    "file_size_bytes" INTEGER NOT NULL,
    "page_count" INTEGER,
    "source_url" TEXT,
    "source_file_id" INTEGER,
    "source_file_version" INTEGER,
    "storage_key" TEXT,
    "schema" JSONB NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "granularity" TEXT,
    "result_count" INTEGER NOT NULL DEFAULT 0,
    "pages_processed" INTEGER NOT NULL DEFAULT 0,
    "progress" JSONB,
    "error" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "processing_time_ms" INTEGER,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "extract_jobs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "extract_jobs_company_id_created_at_idx" ON "extract_jobs"("company_id", "created_at");
CREATE INDEX "extract_jobs_expires_at_idx" ON "extract_jobs"("expires_at");
ALTER TABLE "extract_jobs" ADD CONSTRAINT "extract_jobs_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "extract_results" (
    "job_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    CONSTRAINT "extract_results_pkey" PRIMARY KEY ("job_id", "position")
);
ALTER TABLE "extract_results" ADD CONSTRAINT "extract_results_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "extract_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
