-- Public datasets (issue 20): workspaces an instance publishes, companies opted in to read them, and the
-- instance-level permission to manage them.
ALTER TABLE "companies" ADD COLUMN "public_datasets" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "manages_public_datasets" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "workspaces" ADD COLUMN "is_public" BOOLEAN NOT NULL DEFAULT false;
