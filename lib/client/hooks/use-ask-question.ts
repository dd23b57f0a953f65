"use client";
// POST /api/v3/ask with `stream: true`: a conversation whose answers grow while they stream. Not a
// TanStack mutation: a mutation exposes one result at the end, while this state changes with every
// `delta` event and must be stoppable half-way. Nothing is cached, so there is nothing to invalidate.
// Events (lib/ask/ask-question.ts, lib/http/sse.ts): `sources` first, `delta`… (concatenated = the
// answer), `done` with model and usage; `error` carries the v3 envelope. Failures before the stream
// starts are ordinary HTTP errors.
import { useCallback, useEffect, useRef, useState } from "react";
// Types only from the contract: its values would pull zod into the browser bundle.
import type { TAskRequest, TAskSource } from "@/lib/contracts/ask";
import { ApiError, type ApiFieldError, type BodyOf, endpointPath, toApiError } from "../api-client";
import { endpoints } from "../endpoints";
import { readSse, sseJson } from "../sse";

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

/** ASK_MAX_HISTORY and the per-message limit of lib/contracts/ask.ts (use-ask-question.test.ts checks them). */
export const MAX_HISTORY = 20;
export const MAX_MESSAGE = 8000;

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

/** Earlier turns as `history`: each answered question and its answer, oldest first, within the API's limits. */
export function historyOf(turns: TAskTurn[]): TAskRequest["history"] {
  const messages = turns
    .filter((t) => t.answer.trim() && (t.status === "done" || t.status === "stopped"))
    .flatMap((t) => [
      { role: "user" as const, content: t.question.slice(0, MAX_MESSAGE) },
      { role: "assistant" as const, content: t.answer.slice(0, MAX_MESSAGE) },
    ]);
  return messages.slice(-MAX_HISTORY);
}

export function useAskQuestion() {
  const [turns, setTurns] = useState<TAskTurn[]>([]);
  const turnsRef = useRef<TAskTurn[]>([]);
  const controllerRef = useRef<AbortController | null>(null);
  const nextId = useRef(1);

  const update = useCallback((id: number, change: (t: TAskTurn) => Partial<TAskTurn>) => {
    setTurns((all) => {
      const next = all.map((t) => (t.id === id ? { ...t, ...change(t) } : t));
      turnsRef.current = next;
      return next;
    });
  }, []);

  const ask = useCallback(
    async (question: string, opts: TAskOptions = {}) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      const id = nextId.current++;
      const body: AskBody = { query: question, stream: true, history: historyOf(turnsRef.current) };
      if (opts.agentId) body.agent_id = opts.agentId;
      if (opts.workspaceIds?.length) body.workspace_ids = opts.workspaceIds;
      const turn: TAskTurn = {
        id,
        question,
        agentId: opts.agentId ?? null,
        sources: null,
        answer: "",
        status: "streaming",
        error: null,
        model: null,
      };
      setTurns((all) => (turnsRef.current = [...all, turn]));
      try {
        await streamAsk(body, controller.signal, {
          onSources: (sources) => update(id, () => ({ sources })),
          onDelta: (text) => update(id, (t) => ({ answer: t.answer + text })),
          onDone: (model) => update(id, () => ({ status: "done", model })),
        });
        if (controller.signal.aborted) update(id, () => ({ status: "stopped" }));
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
    [update],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const clear = useCallback(() => {
    controllerRef.current?.abort();
    turnsRef.current = [];
    setTurns([]);
  }, []);

  // Leaving the page ends a running answer (the server then stops the model call).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const streaming = turns.some((t) => t.status === "streaming");
  return { turns, ask, stop, clear, streaming };
}
