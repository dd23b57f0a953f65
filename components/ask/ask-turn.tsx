"use client";
// One exchange: the question, the answer as it streams in (citations become links once complete), what
// went wrong if it failed, and the numbered sources.
import { useMemo } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import type { ApiError } from "@/lib/client/api-client";
import { citedSources } from "@/lib/client/citations";
import type { TAskTurn } from "@/lib/client/hooks/use-ask-question";
import { AnswerText } from "./answer-text";
import { SourceList } from "./source-list";

/** Headline per error code: the envelope's detail says the specifics below it. */
function errorTitle(error: ApiError): string {
  switch (error.code) {
    case "model_unavailable":
      return "The answer model is not available";
    case "model_timeout":
      return "The answer model took too long to answer";
    case "content_filtered":
      return "The model's content filter refused this question";
    case "context_length_exceeded":
      return "The question and its sources are too long for the model";
    case "search_backend_unavailable":
      return "Search is not available right now";
    case "not_found":
      return "The chosen agent is not available";
    case "network_error":
    case "stream_interrupted":
      return "The connection was interrupted";
    default:
      return "The question could not be answered";
  }
}

export function AskTurn({ turn, agentName }: { turn: TAskTurn; agentName?: string }) {
  const sources = turn.sources ?? [];
  const cited = useMemo(() => new Set(citedSources(turn.answer, sources.length)), [turn.answer, sources.length]);
  const streaming = turn.status === "streaming";
  return (
    <li className="space-y-3" data-testid="ask-turn" data-status={turn.status}>
      <div className="flex justify-end">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-slate-900 px-4 py-2 text-sm text-white">
          <span className="sr-only">You asked: </span>
          {turn.question}
        </div>
      </div>
      <article
        aria-label="Answer"
        aria-busy={streaming || undefined}
        className="max-w-[95%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm"
      >
        {agentName && (
          <p className="mb-1 text-xs text-slate-500">
            Agent: <span className="font-medium text-slate-700">{agentName}</span>
          </p>
        )}
        {turn.answer ? (
          <p className="whitespace-pre-wrap break-words text-sm leading-6 text-slate-900" data-testid="ask-answer">
            <AnswerText answer={turn.answer} sources={sources} />
            {streaming && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-slate-400 align-text-bottom" />}
          </p>
        ) : (
          streaming && (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
              {turn.sources === null ? "Searching your documents…" : "Writing the answer…"}
            </p>
          )
        )}
        {turn.status === "stopped" && (
          <p className="mt-2">
            <Badge tone="amber">Stopped</Badge>
            {!turn.answer && <span className="ml-2 text-sm text-slate-500">No answer was received.</span>}
          </p>
        )}
        {turn.error && <ApiErrorAlert error={turn.error} title={errorTitle(turn.error)} className="mt-2" />}
        {turn.status === "done" && turn.model && (
          <p className="mt-2 text-xs text-slate-500">
            {turn.model === "extractive"
              ? "Quoted from your documents by the offline extractive answerer (no language model)"
              : `Answered by ${turn.model}`}
          </p>
        )}
        {sources.length > 0 && (turn.answer || !streaming) && (
          <SourceList sources={sources} cited={cited} headingId={`turn-${turn.id}-sources`} question={turn.question} />
        )}
      </article>
    </li>
  );
}
