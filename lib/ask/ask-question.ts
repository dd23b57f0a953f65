// POST /api/v3/ask: retrieve within the caller's (and the agent's) scope, number the passages, have the
// answer provider answer from them. The sync form collects the provider's stream; the streamed form
// forwards it as AskEvents (lib/http/sse.ts names them on the wire). Both meter one `rag` event, only
// once an answer is complete; in a stored conversation (`conversation_id`) its latest turns are the
// history, and the complete answer is stored as a turn in the same transaction as that event.
import { findVisibleAgent } from "@/lib/agents/agent-access";
import {
  type AnswerEvent,
  type AnswerRequest,
  type AnswerSource,
  type AnswerUsage,
  answerProvider,
  collectAnswer,
  streamEndedEarly,
} from "@/lib/ai/answer";
import type { Principal } from "@/lib/auth/principal";
import { recordUsage, usageFrom } from "@/lib/billing/record-usage";
import type { TAskRequest, TAskResponse, TAskSource } from "@/lib/contracts/ask";
import { appendTurn, type ConversationContext, openConversation } from "@/lib/conversations/conversation-turns";
import { db } from "@/lib/db/client";
import type { Agent } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { retrieveChunks } from "@/lib/search/search-retrieve";
import { resolveSearchScope } from "@/lib/search/search-scope";

/** The streamed answer, in order: the sources once, text deltas (concatenated: the answer), then done. */
export type AskEvent =
  | { type: "sources"; sources: TAskSource[] }
  | { type: "delta"; text: string }
  | { type: "done"; model: string; usage: AnswerUsage; conversationId: number | null };

interface PreparedAsk {
  agent: Agent | null;
  conversation: ConversationContext | null;
  sources: AskSource[];
  request: AnswerRequest;
}

async function prepare(p: Principal, input: TAskRequest, signal?: AbortSignal): Promise<PreparedAsk> {
  const conversation = input.conversation_id !== undefined ? await openConversation(p, input.conversation_id) : null;
  const body = conversation ? { ...input, history: conversation.history } : input;
  const agent = body.agent_id !== undefined ? await findVisibleAgent(p, body.agent_id) : null;
  // The agent's scope first, the request's within it: both layers narrow, neither widens.
  const scope = await resolveSearchScope(p, [
    ...(agent ? [{ workspaceIds: agent.workspaceIds, tagIds: agent.tagIds }] : []),
    { workspaceIds: body.workspace_ids, tagIds: body.tag_ids, fileIds: body.file_ids },
  ]);
  const hits = await retrieveChunks(scope, retrievalQuery(body), {
    topK: body.top_k ?? agent?.topK ?? env().ASK_DEFAULT_TOP_K,
    mode: "hybrid",
    rerank: agent?.rerank ?? true,
  });
  const sources: AskSource[] = hits.map((h, i) => ({
    index: i + 1,
    fileId: h.fileId,
    workspaceId: h.workspaceId,
    filename: h.filename,
    chunkId: h.chunkId,
    page: h.page,
    heading: h.heading,
    content: h.content,
    score: h.score,
  }));
  return {
    agent,
    conversation,
    sources,
    request: {
      query: body.query,
      history: body.history,
      instructions: agent?.instructions.trim() || undefined,
      sources,
      model: agent?.model ?? undefined,
      signal,
    },
  };
}

/** Words of a question below which it is read as a follow-up of the previous one ("and the deadline?"). */
const FOLLOW_UP_MAX_WORDS = 3;

/**
 * What retrieval searches for: the question, or for a short follow-up the previous user question with it,
 * so "and the deadline?" after "What is the refund policy?" finds the refund policy. The answer model
 * still gets the question as asked, with the history.
 */
export function retrievalQuery(body: Pick<TAskRequest, "query" | "history">): string {
  const words = body.query.split(/\s+/).filter(Boolean).length;
  const previous = [...body.history].reverse().find((m) => m.role === "user");
  return words <= FOLLOW_UP_MAX_WORDS && previous ? `${previous.content.slice(0, 1000)} ${body.query}` : body.query;
}

/** A passage and the workspace holding it (own or public dataset: every source says which). */
type AskSource = AnswerSource & { workspaceId: number };

const serializeSources = (sources: AskSource[]): TAskSource[] =>
  sources.map((s) => ({
    file_id: s.fileId,
    workspace_id: s.workspaceId,
    filename: s.filename,
    chunk_id: s.chunkId,
    page: s.page,
    content: s.content,
    score: s.score,
  }));

/** Meters the complete answer and, in a stored conversation, adds it as a turn: both or neither. */
async function complete(
  p: Principal,
  prepared: PreparedAsk,
  answer: string,
  model: string,
  usage: AnswerUsage,
  streamed: boolean,
): Promise<number | null> {
  const { conversation } = prepared;
  return db().$transaction(async (tx) => {
    const stored = conversation
      ? await appendTurn(tx, conversation.conversation, {
          question: prepared.request.query,
          answer,
          sources: serializeSources(prepared.sources),
          model,
          agentId: prepared.agent?.id ?? null,
        })
      : false;
    const metadata = { agent_id: prepared.agent?.id ?? null, model, sources: prepared.sources.length, streamed, ...usage };
    await recordUsage({ feature: "rag", quantity: 1, ...usageFrom(p), metadata }, tx);
    return stored && conversation ? conversation.conversation.id : null;
  });
}

export async function askQuestion(p: Principal, body: TAskRequest, signal?: AbortSignal): Promise<TAskResponse> {
  const prepared = await prepare(p, body, signal);
  const result = await collectAnswer(answerProvider(), prepared.request);
  const conversationId = await complete(p, prepared, result.answer, result.model, result.usage, false);
  return {
    answer: result.answer,
    sources: serializeSources(prepared.sources),
    model: result.model,
    usage: result.usage,
    conversation_id: conversationId,
  };
}

/**
 * The streamed answer as events. Everything that can fail before the first byte — validation,
 * the agent lookup, retrieval and the model's first event (unreachable, refused, over the context
 * window) — happens before this resolves, so those failures are ordinary HTTP errors.
 */
export async function streamAnswer(p: Principal, body: TAskRequest, signal?: AbortSignal): Promise<AsyncIterable<AskEvent>> {
  const prepared = await prepare(p, body, signal);
  const upstream = answerProvider().stream(prepared.request)[Symbol.asyncIterator]();
  const first = await upstream.next();
  return events(p, prepared, first, upstream);
}

async function* events(
  p: Principal,
  prepared: PreparedAsk,
  first: IteratorResult<AnswerEvent>,
  upstream: AsyncIterator<AnswerEvent>,
): AsyncGenerator<AskEvent> {
  try {
    yield { type: "sources", sources: serializeSources(prepared.sources) };
    let next = first;
    let answer = "";
    while (!next.done) {
      const e = next.value;
      if (e.type === "delta") {
        answer += e.text;
        if (e.text) yield { type: "delta", text: e.text };
      } else {
        const conversationId = await complete(p, prepared, answer, e.model, e.usage, true);
        yield { type: "done", model: e.model, usage: e.usage, conversationId };
        return;
      }
      next = await upstream.next();
    }
    throw streamEndedEarly();
  } finally {
    // The client went away or the stream ended early: let the provider release its connection.
    await upstream.return?.();
  }
}
