// Conversations CRUD (issue 19). Questions are added by /ask (lib/conversations/conversation-turns.ts);
// here: list, start, fetch with turns, rename, delete — always the caller's own (conversation-access.ts).
import type { Principal } from "@/lib/auth/principal";
import type { TAskSource } from "@/lib/contracts/ask";
import type {
  TConversation,
  TConversationCreate,
  TConversationDetail,
  TConversationListQuery,
  TConversationTurn,
  TConversationUpdate,
} from "@/lib/contracts/conversations";
import { db } from "@/lib/db/client";
import type { Conversation, ConversationTurn, Prisma } from "@/lib/db/generated/client";
import { type Page, pageWindow } from "@/lib/pagination";
import { conversationScopeOf, findOwnConversation, ownConversationsWhere } from "./conversation-access";

/** Shown until a title is given or the first question names the conversation. */
export const UNTITLED = "New conversation";

export function serializeConversation(c: Conversation, turnCount: number): TConversation {
  return {
    id: c.id,
    title: c.title || UNTITLED,
    turn_count: turnCount,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function serializeTurn(t: ConversationTurn): TConversationTurn {
  return {
    id: t.id,
    question: t.question,
    answer: t.answer,
    sources: t.sources as unknown as TAskSource[],
    model: t.model,
    agent_id: t.agentId,
    created_at: t.createdAt.toISOString(),
  };
}

export async function listConversations(p: Principal, q: TConversationListQuery): Promise<Page<TConversation>> {
  const where: Prisma.ConversationWhereInput = {
    AND: [ownConversationsWhere(p), q.title ? { title: { contains: q.title, mode: "insensitive" } } : {}],
  };
  const [count, rows] = await Promise.all([
    db().conversation.count({ where }),
    db().conversation.findMany({
      where,
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      include: { _count: { select: { turns: true } } },
      ...pageWindow(q),
    }),
  ]);
  return { count, results: rows.map((c) => serializeConversation(c, c._count.turns)) };
}

export async function createConversation(p: Principal, input: TConversationCreate): Promise<TConversation> {
  const conversation = await db().conversation.create({
    data: { companyId: p.companyId, userId: p.user.id, scopeWorkspaceId: conversationScopeOf(p), title: input.title ?? "" },
  });
  return serializeConversation(conversation, 0);
}

export async function getConversation(p: Principal, id: number): Promise<TConversationDetail> {
  const conversation = await findOwnConversation(p, id);
  const turns = await db().conversationTurn.findMany({ where: { conversationId: conversation.id }, orderBy: { id: "asc" } });
  return { ...serializeConversation(conversation, turns.length), turns: turns.map(serializeTurn) };
}

export async function renameConversation(p: Principal, id: number, input: TConversationUpdate): Promise<TConversation> {
  const conversation = await findOwnConversation(p, id);
  const [updated, turnCount] = await Promise.all([
    db().conversation.update({ where: { id: conversation.id }, data: { title: input.title } }),
    db().conversationTurn.count({ where: { conversationId: conversation.id } }),
  ]);
  return serializeConversation(updated, turnCount);
}

export async function deleteConversation(p: Principal, id: number): Promise<void> {
  const conversation = await findOwnConversation(p, id);
  await db().conversation.delete({ where: { id: conversation.id } });
}
