"use client";
// POST /api/v3/ask with `stream: true`: a conversation whose answers grow while they stream. Not a
// TanStack mutation: a mutation exposes one result at the end, while this state changes with every
// `delta` event and must be stoppable half-way. The conversation is kept on the server: the first question
// creates it (POST /api/v3/conversations), each question continues it (`conversation_id`), and opening a
// conversation — from the list, a link, or Back after following a citation — reads its stored turns.
// Events (lib/ask/ask-question.ts, lib/http/sse.ts): `sources` first, `delta`… (concatenated = the
// answer), `done` with model and usage; `error` carries the v3 envelope. Failures before the stream
// starts are ordinary HTTP errors.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
// Types only from the contract: its values would pull zod into the browser bundle.
import type { TAskSource } from "@/lib/contracts/ask";
import type { TConversationDetail } from "@/lib/contracts/conversations";
import { ApiError, type ApiFieldError, type BodyOf, callEndpoint, endpointPath, toApiError } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";
import { readSse, sseJson } from "../sse";
import { useConversation } from "./use-conversations";

export type TAskTurnStatus = "streaming" | "done" | "stopped" | "error";

export interface TAskTurn {
  id: number;
  question: string;
  agentId: number | null;
  /** Null until the `sources` event arrived. */
  sources: TAskSource[] | null;
  answer: string;
  status: TAskTurnStatus;
  error: ApiError | null;
  model: string | null;
}

export interface TAskOptions {
  agentId?: number | null;
  workspaceIds?: number[];
}

type AskBody = BodyOf<typeof endpoints.ask.ask> & { stream: true };

interface StreamHandlers {
  onSources(sources: TAskSource[]): void;
  onDelta(text: string): void;
  onDone(model: string): void;
}

/** Builds an ApiError from a v3 envelope received as an `error` event. */
function envelopeError(data: unknown): ApiError {
  const e = (data ?? {}) as Record<string, unknown>;
  return new ApiError({
    status: typeof e.code === "number" ? e.code : 500,
    code: typeof e.error === "string" ? e.error : "internal_server_error",
    detail: typeof e.detail === "string" ? e.detail : "The answer failed while streaming.",
    fields: (e.fields as Record<string, ApiFieldError[]>) ?? {},
    id: typeof e.id === "string" ? e.id : null,
    docUrl: typeof e.doc_url === "string" ? e.doc_url : null,
  });
}

/** Sends one question and feeds the stream's events to the handlers; throws ApiError on failure. */
export async function streamAsk(body: AskBody, signal: AbortSignal, handlers: StreamHandlers): Promise<void> {
  let res: Response;
  try {
    res = await fetch(endpointPath(endpoints.ask.ask), {
      method: endpoints.ask.ask.method,
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError({ status: 0, code: "network_error", detail: "The server could not be reached. Check your connection and try again." });
  }
  if (!res.ok) throw await toApiError(res);
  if (!res.body) throw new ApiError({ status: 502, code: "stream_interrupted", detail: "The answer arrived without a body." });
  for await (const message of readSse(res.body, signal)) {
    const data = sseJson<Record<string, unknown>>(message);
    if (message.event === "sources") handlers.onSources((data?.sources as TAskSource[]) ?? []);
    else if (message.event === "delta") handlers.onDelta(typeof data?.text === "string" ? data.text : "");
    else if (message.event === "done") return handlers.onDone(typeof data?.model === "string" ? data.model : "");
    else if (message.event === "error") throw envelopeError(data);
  }
  if (signal.aborted) return;
  throw new ApiError({ status: 502, code: "stream_interrupted", detail: "The answer stopped before it was complete. Try again." });
}

/** A stored conversation's answered questions as (completed) turns of the page. */
export function turnsFromConversation(conversation: TConversationDetail): TAskTurn[] {
  return conversation.turns.map((t) => ({
    id: t.id,
    question: t.question,
    agentId: t.agent_id,
    sources: t.sources,
    answer: t.answer,
    status: "done",
    error: null,
    model: t.model,
  }));
}

export interface TAskConversation {
  /** The conversation shown (from the URL); null: a new one, created when the first question is asked. */
  conversationId: number | null;
  /** A new conversation was created for the first question: the page puts its id in the URL. */
  onStarted(id: number): void;
}

export function useAskQuestion({ conversationId, onStarted }: TAskConversation) {
  const qc = useQueryClient();
  const [turns, setTurns] = useState<TAskTurn[]>([]);
  // The conversation the turns belong to; differs from `conversationId` until a newly opened one is read.
  const shownRef = useRef<number | null>(conversationId);
  const [loading, setLoading] = useState(conversationId !== null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const nextId = useRef(-1);
  const stored = useConversation(loading ? conversationId : null);

  // Another conversation was opened (a link, Back, "New conversation"): show it as stored on the server.
  useEffect(() => {
    if (conversationId === shownRef.current) return;
    controllerRef.current?.abort();
    shownRef.current = conversationId;
    setTurns([]);
    setLoadError(null);
    setLoading(conversationId !== null);
  }, [conversationId]);
  useEffect(() => {
    if (!loading || !stored.isFetchedAfterMount || stored.isFetching) return;
    if (stored.data && stored.data.id === shownRef.current) setTurns(turnsFromConversation(stored.data));
    // A conversation that is gone (deleted elsewhere): the next question starts a new one.
    if (stored.error?.status === 404) shownRef.current = null;
    setLoadError(stored.error);
    setLoading(false);
  }, [loading, stored.data, stored.error, stored.isFetchedAfterMount, stored.isFetching]);

  const update = useCallback((id: number, change: (t: TAskTurn) => Partial<TAskTurn>) => {
    setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...change(t) } : t)));
  }, []);

  const ask = useCallback(
    async (question: string, opts: TAskOptions = {}) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      // Local ids are negative until the page is reloaded from the server (stored turns have theirs).
      const id = nextId.current--;
      setLoadError(null);
      setTurns((all) => [
        ...all,
        { id, question, agentId: opts.agentId ?? null, sources: null, answer: "", status: "streaming", error: null, model: null },
      ]);
      try {
        let conversation = shownRef.current;
        if (conversation === null) {
          conversation = (await callEndpoint(endpoints.conversations.create, { body: {}, signal: controller.signal })).id;
          shownRef.current = conversation;
          onStarted(conversation);
        }
        const body: AskBody = { query: question, stream: true, conversation_id: conversation };
        if (opts.agentId) body.agent_id = opts.agentId;
        if (opts.workspaceIds?.length) body.workspace_ids = opts.workspaceIds;
        await streamAsk(body, controller.signal, {
          onSources: (sources) => update(id, () => ({ sources })),
          onDelta: (text) => update(id, (t) => ({ answer: t.answer + text })),
          onDone: (model) => update(id, () => ({ status: "done", model })),
        });
        if (controller.signal.aborted) update(id, () => ({ status: "stopped" }));
        void qc.invalidateQueries({ queryKey: queryKeys.conversations.all });
      } catch (err) {
        if (controller.signal.aborted) update(id, () => ({ status: "stopped" }));
        else {
          const error = err instanceof ApiError ? err : new ApiError({ status: 0, code: "client_error", detail: (err as Error).message });
          update(id, () => ({ status: "error", error }));
        }
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [update, onStarted, qc],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  // Leaving the page ends a running answer (the server then stops the model call; nothing is stored).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const streaming = turns.some((t) => t.status === "streaming");
  return { turns, ask, stop, streaming, loading, loadError };
}
