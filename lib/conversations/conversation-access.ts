// Whose conversation is it: the user who started it (an API key acts as its owner), within the caller's
// company; a workspace-scoped key only within its own workspace scope (a conversation quotes passages, and
// a key limited to one workspace must not read what its owner asked about elsewhere). Anything else is a 404.
import { isWorkspaceScoped } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { Conversation, Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";

/** The workspace scope a conversation started by this caller records (null: company-wide caller). */
export function conversationScopeOf(p: Principal): number | null {
  return isWorkspaceScoped(p) ? (p.apiKey?.workspaceId ?? null) : null;
}

export function ownConversationsWhere(p: Principal): Prisma.ConversationWhereInput {
  const where: Prisma.ConversationWhereInput = { companyId: p.companyId, userId: p.user.id };
  if (isWorkspaceScoped(p)) where.scopeWorkspaceId = conversationScopeOf(p) ?? -1;
  return where;
}

/** The caller's conversation, else 404 (missing and someone else's look the same). */
export async function findOwnConversation(p: Principal, id: number, client: Prisma.TransactionClient = db()): Promise<Conversation> {
  const conversation = await client.conversation.findFirst({ where: { AND: [{ id }, ownConversationsWhere(p)] } });
  if (!conversation) throw notFound("Conversation");
  return conversation;
}
