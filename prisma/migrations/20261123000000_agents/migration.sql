-- Agents: saved chat settings for /ask (instructions, model, retrieval scope), private to their owner or
-- shared with the company. Workspace and tag ids are kept as arrays: they only narrow a search scope that
-- is always intersected with what the caller may read, so a deleted workspace or tag simply matches nothing.
CREATE TYPE "AgentVisibility" AS ENUM ('private', 'company');

CREATE TABLE "agents" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "owner_id" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "instructions" TEXT NOT NULL DEFAULT '',
    "model" TEXT,
    "workspace_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "tag_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "top_k" INTEGER,
    "rerank" BOOLEAN NOT NULL DEFAULT true,
    "visibility" "AgentVisibility" NOT NULL DEFAULT 'private',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "agents_company_id_created_at_idx" ON "agents"("company_id", "created_at");
CREATE INDEX "agents_owner_id_idx" ON "agents"("owner_id");

ALTER TABLE "agents" ADD CONSTRAINT "agents_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
