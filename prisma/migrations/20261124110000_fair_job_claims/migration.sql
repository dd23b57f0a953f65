-- The local runner claims jobs fairly across companies (inngest/local-runner.ts): among runnable jobs, the
-- company whose latest job started longest ago goes first, read per company from this index.
CREATE INDEX "jobs_company_id_started_at_idx" ON "jobs"("company_id", "started_at");
