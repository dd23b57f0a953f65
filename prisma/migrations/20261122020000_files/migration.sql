-- Files, their pages and chunks (lexical + vector retrieval), tags, upload sessions, storage footprint.
CREATE TABLE "upload_sessions" (
    "id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "workspace_id" INTEGER NOT NULL,
    "created_by_id" INTEGER,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "upload_sessions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "upload_sessions_company_id_idx" ON "upload_sessions"("company_id");

CREATE TABLE "files" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "workspace_id" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "extension" TEXT NOT NULL,
    "mime_type" TEXT,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "status_vision" TEXT NOT NULL DEFAULT '-',
    "status_detail" TEXT,
    "total_pages" INTEGER NOT NULL DEFAULT 0,
    "language" TEXT,
    "summaries" JSONB NOT NULL DEFAULT '[]',
    "external_metadata" JSONB,
    "external_id" TEXT,
    "external_doc_type" TEXT,
    "created_by_id" INTEGER,
    "upload_session_id" UUID,
    "thumbnail_key" TEXT,
    "content_version" INTEGER NOT NULL DEFAULT 1,
    "ingested_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "files_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "files_company_id_created_at_idx" ON "files"("company_id", "created_at");
CREATE INDEX "files_workspace_id_created_at_idx" ON "files"("workspace_id", "created_at");
CREATE INDEX "files_company_id_status_idx" ON "files"("company_id", "status");
CREATE INDEX "files_upload_session_id_idx" ON "files"("upload_session_id");
CREATE INDEX "files_company_id_external_id_idx" ON "files"("company_id", "external_id");

CREATE TABLE "file_pages" (
    "file_id" INTEGER NOT NULL,
    "page" INTEGER NOT NULL,
    "markdown" TEXT NOT NULL,
    "ocr" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "file_pages_pkey" PRIMARY KEY ("file_id", "page")
);

CREATE TABLE "chunks" (
    "id" BIGSERIAL NOT NULL,
    "file_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    "workspace_id" INTEGER NOT NULL,
    "chunk_index" INTEGER NOT NULL,
    "page" INTEGER NOT NULL,
    "heading_path" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "token_count" INTEGER NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'simple',
    "tsv" tsvector,
    "embedding" vector,
    "embedding_model" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chunks_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "chunks_file_id_chunk_index_key" ON "chunks"("file_id", "chunk_index");
CREATE INDEX "chunks_company_id_workspace_id_idx" ON "chunks"("company_id", "workspace_id");
CREATE INDEX "chunks_embedding_model_idx" ON "chunks"("embedding_model");
-- Lexical index. Vector indexes are per embedding model (partial HNSW on embedding::vector(dim)),
-- created by lib/models/embeddings when a model is first used.
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");

CREATE TABLE "tags" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "auto_assign" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tags_company_id_name_key_key" ON "tags"("company_id", "name_key");
CREATE INDEX "tags_company_id_created_at_idx" ON "tags"("company_id", "created_at");

CREATE TABLE "file_tags" (
    "file_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,
    "auto_assigned" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "file_tags_pkey" PRIMARY KEY ("file_id", "tag_id")
);
CREATE INDEX "file_tags_tag_id_idx" ON "file_tags"("tag_id");

CREATE TABLE "storage_months" (
    "company_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "peak_bytes" BIGINT NOT NULL DEFAULT 0,
    "current_bytes" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "storage_months_pkey" PRIMARY KEY ("company_id", "month")
);

ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "files" ADD CONSTRAINT "files_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "files" ADD CONSTRAINT "files_upload_session_id_fkey" FOREIGN KEY ("upload_session_id") REFERENCES "upload_sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "file_pages" ADD CONSTRAINT "file_pages_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;
