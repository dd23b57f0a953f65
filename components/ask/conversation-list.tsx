"use client";
// The caller's stored conversations, most recently active first: each opens at /ask?c=<id> (so Back and
// reload return to it), can be renamed in place and deleted after a confirmation. Paged like every list.
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { formatDateTime } from "@/lib/client/format";
import { useConversations, useDeleteConversation, useRenameConversation } from "@/lib/client/hooks/use-conversations";
import type { TConversation } from "@/lib/contracts/conversations";

const PAGE_SIZE = 15;

export interface ConversationListProps {
  currentId: number | null;
  /** The href of a conversation (keeps the page's other parameters, such as the agent). */
  hrefOf: (id: number) => string;
  /** The shown conversation was deleted. */
  onDeletedCurrent: () => void;
}

export function ConversationList({ currentId, hrefOf, onDeletedCurrent }: ConversationListProps) {
  const [page, setPage] = useState(1);
  const list = useConversations({ page, page_size: PAGE_SIZE });
  const [deleting, setDeleting] = useState<TConversation | null>(null);
  const remove = useDeleteConversation();
  const conversations = list.data?.results ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        if (deleting.id === currentId) onDeletedCurrent();
        setDeleting(null);
      },
    });
  };

  return (
    <nav aria-labelledby="conversations-heading" className="space-y-3">
      <h2 id="conversations-heading" className="text-sm font-semibold text-slate-800">
        Conversations
      </h2>
      {list.error && <ApiErrorAlert error={list.error} title="Conversations could not be loaded" />}
      {list.isPending ? (
        <p className="text-sm text-slate-500">Loading conversations…</p>
      ) : conversations.length === 0 ? (
        <p className="text-sm text-slate-500">Your questions and their answers are kept here.</p>
      ) : (
        <ul className="space-y-1" data-testid="conversation-list">
          {conversations.map((c) => (
            <ConversationItem key={c.id} conversation={c} current={c.id === currentId} href={hrefOf(c.id)} onDelete={() => setDeleting(c)} />
          ))}
        </ul>
      )}
      {list.data && <Pagination page={page} pageSize={PAGE_SIZE} count={list.data.count} onPageChange={setPage} label="Conversations" />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this conversation?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error ? <ApiErrorAlert error={remove.error} title="The conversation could not be deleted" /> : undefined}
        onConfirm={confirmDelete}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        “{deleting?.title}” and its answers are deleted for good.
      </ConfirmDialog>
    </nav>
  );
}

function ConversationItem({
  conversation: c,
  current,
  href,
  onDelete,
}: {
  conversation: TConversation;
  current: boolean;
  href: string;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(c.title);
  const rename = useRenameConversation();

  const save = (e: FormEvent) => {
    e.preventDefault();
    const next = title.trim();
    if (!next || next === c.title) {
      setEditing(false);
      return;
    }
    rename.mutate({ id: c.id, title: next }, { onSuccess: () => setEditing(false) });
  };

  if (editing) {
    return (
      <li className="rounded-md border border-slate-200 bg-white p-2">
        <form onSubmit={save} className="space-y-2">
          <label htmlFor={`conversation-title-${c.id}`} className="sr-only">
            Conversation title
          </label>
          <Input
            id={`conversation-title-${c.id}`}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setEditing(false);
            }}
            autoFocus
          />
          {rename.error && <ApiErrorAlert error={rename.error} title="The conversation could not be renamed" />}
          <div className="flex gap-2">
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className={`group rounded-md px-2 py-1.5 ${current ? "bg-blue-50" : "hover:bg-slate-50"}`} data-testid="conversation-item">
      <Link
        href={href}
        aria-current={current ? "page" : undefined}
        className={`block truncate text-sm underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 ${current ? "font-semibold text-blue-900" : "text-slate-800"}`}
      >
        {c.title}
      </Link>
      <div className="mt-0.5 flex items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          {c.turn_count} {c.turn_count === 1 ? "question" : "questions"} · {formatDateTime(c.updated_at)}
        </span>
        <span className="flex gap-1">
          <button
            type="button"
            className="rounded px-1 text-slate-600 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
            aria-label={`Rename “${c.title}”`}
            onClick={() => {
              setTitle(c.title);
              rename.reset();
              setEditing(true);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="rounded px-1 text-red-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
            aria-label={`Delete “${c.title}”`}
            onClick={onDelete}
          >
            Delete
          </button>
        </span>
      </div>
    </li>
  );
}
