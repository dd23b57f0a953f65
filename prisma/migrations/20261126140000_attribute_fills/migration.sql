-- Fields filled from documents (issue 19): a content type may fill its attributes automatically once a
-- classified file is ready (`auto_fill`, applying to the node and its subtree). Each automatic fill of one
-- classification of one file version is recorded once (idempotent job, failures visible on the file).
ALTER TABLE "content_types" ADD COLUMN "auto_fill" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "attribute_fills" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "file_id" INTEGER NOT NULL,
    "content_type_id" INTEGER NOT NULL,
    "content_version" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "error_code" TEXT,
    "error_detail" TEXT,
    "filled" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "pages_processed" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "attribute_fills_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "attribute_fills_file_id_content_type_id_content_version_key" ON "attribute_fills"("file_id", "content_type_id", "content_version");
CREATE INDEX "attribute_fills_company_id_idx" ON "attribute_fills"("company_id");
ALTER TABLE "attribute_fills" ADD CONSTRAINT "attribute_fills_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "attribute_fills" ADD CONSTRAINT "attribute_fills_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "attribute_fills" ADD CONSTRAINT "attribute_fills_content_type_id_fkey" FOREIGN KEY ("content_type_id") REFERENCES "content_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
