"use client";
// The ask page: a conversation with streamed, cited answers, kept on the server so that leaving the page
// (following a citation, then Back) loses nothing. The conversation is in the URL (/ask?c=12), beside the
// chosen agent (/ask?agent=3); earlier conversations are listed beside it. Follow-up questions ("and the
// deadline?") work because the server gives the answerer the stored turns.
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Textarea } from "@/components/ui/textarea";
import { useAgents } from "@/lib/client/hooks/use-agents";
import { useAskQuestion } from "@/lib/client/hooks/use-ask-question";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import { AgentPicker } from "./agent-picker";
import { AnswerModelNotice } from "./answer-model-notice";
import { AskTurn } from "./ask-turn";
import { ConversationList } from "./conversation-list";

const MAX_QUESTION = 4000;

export function AskView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const agentParam = Number(params.get("agent"));
  const agentId = Number.isInteger(agentParam) && agentParam > 0 ? agentParam : null;
  const conversationParam = Number(params.get("c"));
  const conversationId = Number.isInteger(conversationParam) && conversationParam > 0 ? conversationParam : null;
  const agents = useAgents({ page_size: MAX_PAGE_SIZE });
  const agentList = agents.data?.results ?? [];
  const agentNames = new Map(agentList.map((a) => [a.id, a.name]));

  /** This page's URL with the conversation parameter set (or removed), other parameters kept. */
  const hrefWith = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(params.toString());
      if (id) next.set("c", String(id));
      else next.delete("c");
      const qs = next.toString();
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [params, pathname],
  );
  // The first question created the conversation: its URL replaces the blank page's, so Back leads to it.
  const onStarted = useCallback((id: number) => router.replace(hrefWith(id), { scroll: false }), [router, hrefWith]);
  const { turns, ask, stop, streaming, loading, loadError } = useAskQuestion({ conversationId, onStarted });
  const [question, setQuestion] = useState("");
  const [emptyError, setEmptyError] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // Keep the newest exchange in view as it is asked and as it grows.
  const last = turns[turns.length - 1];
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end", behavior: "smooth" });
  }, [turns.length, last?.status, last?.sources]);

  const setAgent = (id: number | null) => {
    const next = new URLSearchParams(params.toString());
    if (id) next.set("agent", String(id));
    else next.delete("agent");
    const qs = next.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const q = question.trim();
    if (!q) {
      setEmptyError(true);
      inputRef.current?.focus();
      return;
    }
    if (streaming) return;
    setEmptyError(false);
    setQuestion("");
    void ask(q, { agentId });
    inputRef.current?.focus();
  };

  const onStop = () => {
    stop();
    inputRef.current?.focus();
  };

  // Enter asks, Shift+Enter starts a new line (the usual chat convention); IME composition is left alone.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  const status = streaming
    ? "Answering…"
    : last?.status === "done"
      ? "Answer complete."
      : last?.status === "stopped"
        ? "Answer stopped."
        : last?.status === "error"
          ? "The question could not be answered."
          : "";

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="order-2 lg:order-1 lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto">
        <ConversationList currentId={conversationId} hrefOf={(id) => hrefWith(id)} onDeletedCurrent={() => router.push(hrefWith(null))} />
      </aside>
      <main className="order-1 flex min-w-0 flex-col gap-6 lg:order-2">
        <PageHeader
          title="Ask"
          description="Ask questions about your documents. Answers cite their sources: a numbered marker opens the document at the cited page."
          actions={
            conversationId !== null && (
              <Link
                href={hrefWith(null)}
                className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                New conversation
              </Link>
            )
          }
        />
        <AnswerModelNotice />
        <p role="status" aria-live="polite" className="sr-only">
          {status}
        </p>

        {loadError ? (
          <ApiErrorAlert
            error={loadError}
            title={loadError.status === 404 ? "This conversation does not exist (any more)" : "The conversation could not be loaded"}
          />
        ) : loading ? (
          <p className="text-sm text-slate-500">Loading the conversation…</p>
        ) : turns.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
            No questions yet. Ask something your documents answer, e.g. “What is the refund policy?”
          </div>
        ) : (
          <ol aria-label="Conversation" className="space-y-6">
            {turns.map((t) => (
              <AskTurn key={t.id} turn={t} agentName={t.agentId ? agentNames.get(t.agentId) : undefined} />
            ))}
          </ol>
        )}

        <form
          onSubmit={submit}
          className="space-y-3 sm:sticky sm:bottom-0 rounded-lg border border-slate-200 bg-white/95 p-4 shadow-md backdrop-blur"
          noValidate
        >
          <div>
            <label htmlFor="ask-question" className="block text-sm font-medium text-slate-800">
              Your question
            </label>
            <Textarea
              id="ask-question"
              ref={inputRef}
              rows={2}
              value={question}
              maxLength={MAX_QUESTION}
              invalid={emptyError}
              aria-describedby="ask-question-hint"
              placeholder={turns.length ? "Ask a follow-up…" : "What would you like to know?"}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={onKeyDown}
              className="mt-1"
            />
            <p id="ask-question-hint" className={emptyError ? "mt-1 text-sm text-red-700" : "mt-1 text-xs text-slate-500"}>
              {emptyError ? "Type a question first." : "Enter to ask, Shift+Enter for a new line."}
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="sm:w-80">
              <AgentPicker
                agents={agentList}
                loading={agents.isPending}
                error={agents.error}
                value={agentId}
                onChange={setAgent}
                disabled={streaming}
              />
            </div>
            {/* Keys: two different buttons, so the colour does not animate from one to the other. */}
            {streaming ? (
              <Button key="stop" variant="danger" onClick={onStop}>
                Stop
              </Button>
            ) : (
              <Button key="ask" type="submit">
                Ask
              </Button>
            )}
          </div>
        </form>
        <div ref={endRef} />
      </main>
    </div>
  );
}
