-- Parse jobs (sync and async) with their result, progress and error, purged after retention.
CREATE TABLE "parse_jobs" (
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
    "storage_key" TEXT,
    "options" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB,
    "usage" JSONB,
    "progress" JSONB,
    "error" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "processing_time_ms" INTEGER,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "parse_jobs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "parse_jobs_company_id_created_at_idx" ON "parse_jobs"("company_id", "created_at");
CREATE INDEX "parse_jobs_expires_at_idx" ON "parse_jobs"("expires_at");
ALTER TABLE "parse_jobs" ADD CONSTRAINT "parse_jobs_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
