-- Thumbnails are made by their own job (thumbnail-file), queued once a file version is parsed, off the path
-- to `embedded`. Its state is kept per content version, so that a replaced file's new version starts with
-- none whatever wrote the replacement: queued → ready (thumbnail_key set) or unavailable.
ALTER TABLE "files" ADD COLUMN "thumbnail_status" TEXT;
ALTER TABLE "files" ADD COLUMN "thumbnail_version" INTEGER;

-- Files ingested before: the thumbnail step ran inside ingestion, so a stored thumbnail is ready, and an
-- ingestion that ended without one will never get one.
UPDATE "files" SET "thumbnail_status" = 'ready', "thumbnail_version" = "content_version"
WHERE "thumbnail_key" IS NOT NULL;
UPDATE "files" SET "thumbnail_status" = 'unavailable', "thumbnail_version" = "content_version"
WHERE "thumbnail_key" IS NULL AND "status" IN ('embedded', 'parsing_failed', 'embedding_failed', 'fail');
