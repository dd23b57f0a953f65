-- Content types (facets, issue 7): per-company classification trees, typed attributes, file
-- classifications and typed attribute values.

-- A node of a company's tree. `path` is the colon-joined codes from the root; `root_id` is the node's
-- tree root (itself for a root) so that "one classification per root" is a unique index below.
CREATE TABLE "content_types" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "parent_id" INTEGER,
    "root_id" INTEGER,
    "path" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "depth" INTEGER NOT NULL,
    "inherit_attributes" BOOLEAN NOT NULL DEFAULT true,
    "source_template" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "content_types_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "content_types_company_id_path_key" ON "content_types"("company_id", "path");
CREATE INDEX "content_types_parent_id_idx" ON "content_types"("parent_id");
CREATE INDEX "content_types_root_id_idx" ON "content_types"("root_id");

-- An attribute defined on a node. (root_id, name) unique: names are unique across a whole tree.
CREATE TABLE "content_type_attributes" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "content_type_id" INTEGER NOT NULL,
    "root_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "attribute_type" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "required" BOOLEAN NOT NULL DEFAULT false,
    "choices" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "content_type_attributes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "content_type_attributes_root_id_name_key" ON "content_type_attributes"("root_id", "name");
CREATE INDEX "content_type_attributes_company_id_name_idx" ON "content_type_attributes"("company_id", "name");
CREATE INDEX "content_type_attributes_content_type_id_idx" ON "content_type_attributes"("content_type_id");

-- Which attributes each node carries (its own, plus its parent's when it inherits), recomputed for a
-- tree whenever its schema changes: filters and facets join through it instead of walking ancestors.
CREATE TABLE "content_type_attribute_links" (
    "content_type_id" INTEGER NOT NULL,
    "attribute_id" INTEGER NOT NULL,
    "inherited" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "content_type_attribute_links_pkey" PRIMARY KEY ("content_type_id", "attribute_id")
);
CREATE INDEX "content_type_attribute_links_attribute_id_idx" ON "content_type_attribute_links"("attribute_id");

-- A file classified under a node; at most one per tree root.
CREATE TABLE "file_content_types" (
    "id" SERIAL NOT NULL,
    "file_id" INTEGER NOT NULL,
    "content_type_id" INTEGER NOT NULL,
    "root_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "file_content_types_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "file_content_types_file_id_root_id_key" ON "file_content_types"("file_id", "root_id");
CREATE INDEX "file_content_types_content_type_id_file_id_idx" ON "file_content_types"("content_type_id", "file_id");

-- A file's value of an attribute, stored in the column of its type so that filters use indexes:
-- text, select and rich-text in value_text (value_key: its first 200 characters lower-cased, for
-- case-insensitive prefix lookups), number, date, boolean, multi-select in value_array. `linked`:
-- one of the file's classifications carries the attribute (kept up to date by lib/facets), so that
-- filters need not join classifications for every candidate value.
CREATE TABLE "file_attribute_values" (
    "id" SERIAL NOT NULL,
    "file_id" INTEGER NOT NULL,
    "attribute_id" INTEGER NOT NULL,
    "value_text" TEXT,
    "value_key" TEXT,
    "value_number" DOUBLE PRECISION,
    "value_date" DATE,
    "value_bool" BOOLEAN,
    "value_array" TEXT[],
    "linked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "file_attribute_values_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "file_attribute_values_file_id_attribute_id_key" ON "file_attribute_values"("file_id", "attribute_id");
-- text_pattern_ops: `value_key LIKE 'abc%'` uses the index whatever the database collation.
CREATE INDEX "file_attribute_values_attribute_id_value_key_idx" ON "file_attribute_values"("attribute_id", "value_key" text_pattern_ops);
CREATE INDEX "file_attribute_values_attribute_id_value_number_idx" ON "file_attribute_values"("attribute_id", "value_number");
CREATE INDEX "file_attribute_values_attribute_id_value_date_idx" ON "file_attribute_values"("attribute_id", "value_date");
CREATE INDEX "file_attribute_values_attribute_id_value_bool_idx" ON "file_attribute_values"("attribute_id", "value_bool");
CREATE INDEX "file_attribute_values_value_array_idx" ON "file_attribute_values" USING GIN ("value_array");

ALTER TABLE "content_types" ADD CONSTRAINT "content_types_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_types" ADD CONSTRAINT "content_types_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "content_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_types" ADD CONSTRAINT "content_types_root_id_fkey" FOREIGN KEY ("root_id") REFERENCES "content_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_type_attributes" ADD CONSTRAINT "content_type_attributes_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_type_attributes" ADD CONSTRAINT "content_type_attributes_content_type_id_fkey" FOREIGN KEY ("content_type_id") REFERENCES "content_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_type_attribute_links" ADD CONSTRAINT "content_type_attribute_links_content_type_id_fkey" FOREIGN KEY ("content_type_id") REFERENCES "content_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_type_attribute_links" ADD CONSTRAINT "content_type_attribute_links_attribute_id_fkey" FOREIGN KEY ("attribute_id") REFERENCES "content_type_attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "file_content_types" ADD CONSTRAINT "file_content_types_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "file_content_types" ADD CONSTRAINT "file_content_types_content_type_id_fkey" FOREIGN KEY ("content_type_id") REFERENCES "content_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "file_attribute_values" ADD CONSTRAINT "file_attribute_values_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "file_attribute_values" ADD CONSTRAINT "file_attribute_values_attribute_id_fkey" FOREIGN KEY ("attribute_id") REFERENCES "content_type_attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
