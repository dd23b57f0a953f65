// /ask in a stored conversation: its latest turns become the answer model's history, and a complete
// answer is added as a turn (in the caller's transaction, with the usage event it is metered by).
import type { AnswerMessage } from "@/lib/ai/answer";
import type { Principal } from "@/lib/auth/principal";
import { ASK_MAX_HISTORY, type TAskSource, ZAskMessage } from "@/lib/contracts/ask";
import { CONVERSATION_MAX_TURNS } from "@/lib/contracts/conversations";
import { db } from "@/lib/db/client";
import type { Conversation, Prisma } from "@/lib/db/generated/client";
import { fieldError } from "@/lib/errors";
import { findOwnConversation } from "./conversation-access";

const MESSAGE_MAX = ZAskMessage.shape.content.maxLength ?? 8000;
const TITLE_FROM_QUESTION = 80;

export interface ConversationContext {
  conversation: Conversation;
  /** Its latest turns as messages, oldest first, within /ask's history limits. */
  history: AnswerMessage[];
}

/** The caller's conversation (404 otherwise) and its latest turns; a full conversation is a 422. */
export async function openConversation(p: Principal, id: number): Promise<ConversationContext> {
  const conversation = await findOwnConversation(p, id);
  const count = await db().conversationTurn.count({ where: { conversationId: conversation.id } });
  if (count >= CONVERSATION_MAX_TURNS) {
    throw fieldError("conversation_id", `This conversation has reached ${CONVERSATION_MAX_TURNS} questions; start a new one.`);
  }
  const latest = await db().conversationTurn.findMany({
    where: { conversationId: conversation.id },
    orderBy: { id: "desc" },
    take: Math.floor(ASK_MAX_HISTORY / 2),
    select: { question: true, answer: true },
  });
  const history = latest.reverse().flatMap((t): AnswerMessage[] => [
    { role: "user", content: t.question.slice(0, MESSAGE_MAX) },
    { role: "assistant", content: t.answer.slice(0, MESSAGE_MAX) },
  ]);
  return { conversation, history };
}

export interface AnsweredTurn {
  question: string;
  answer: string;
  sources: TAskSource[];
  model: string;
  agentId: number | null;
}

/** "What is the notice period for …" → at most 80 characters, cut at a word. */
export function titleFromQuestion(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  if (flat.length <= TITLE_FROM_QUESTION) return flat;
  const cut = flat.slice(0, TITLE_FROM_QUESTION - 1).replace(/\s+\S*$/, "");
  return `${cut || flat.slice(0, TITLE_FROM_QUESTION - 1)}…`;
}

/**
 * Adds an answered question to the conversation; an untitled conversation is named after its first
 * question. A conversation deleted while the answer was being written stays deleted (nothing is stored).
 */
export async function appendTurn(tx: Prisma.TransactionClient, conversation: Conversation, turn: AnsweredTurn): Promise<boolean> {
  const touched = await tx.conversation.updateMany({
    where: { id: conversation.id },
    data: conversation.title ? { updatedAt: new Date() } : { title: titleFromQuestion(turn.question) },
  });
  if (touched.count === 0) return false;
  await tx.conversationTurn.create({
    data: {
      conversationId: conversation.id,
      question: turn.question,
      answer: turn.answer,
      sources: turn.sources as unknown as Prisma.InputJsonValue,
      model: turn.model,
      agentId: turn.agentId,
    },
  });
  return true;
}
