-- Files list at 100k files (scripts/bench-ingest.ts): index-only counts per company/workspace and
-- ordered pages by size and page count without sorting the whole company.
CREATE INDEX "files_company_id_workspace_id_idx" ON "files"("company_id", "workspace_id");
CREATE INDEX "files_company_id_size_id_idx" ON "files"("company_id", "size", "id");
CREATE INDEX "files_company_id_total_pages_id_idx" ON "files"("company_id", "total_pages", "id");
