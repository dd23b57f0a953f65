-- Conversations (issue 19): /ask exchanges kept per user, so a conversation can be listed, reopened,
-- continued, renamed and deleted. A turn stores the answer with the sources it cites (their positions are
-- the citation numbers). `agent_id` is a plain number: a deleted agent leaves the answers it gave readable.
CREATE TABLE "conversations" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "scope_workspace_id" INTEGER,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "conversations_company_id_user_id_updated_at_idx" ON "conversations"("company_id", "user_id", "updated_at");
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "conversation_turns" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "sources" JSONB NOT NULL,
    "model" TEXT NOT NULL,
    "agent_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "conversation_turns_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "conversation_turns_conversation_id_id_idx" ON "conversation_turns"("conversation_id", "id");
ALTER TABLE "conversation_turns" ADD CONSTRAINT "conversation_turns_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
