"use client";
// The bell on every console page: a badge counting notifications not seen yet in this browser (ids kept in
// localStorage), and a panel listing maintenance in progress and ahead (with its end time), the announcement
// and the company's budget alerts. Opening the panel marks them seen; Escape, a click outside or following a
// link closes it and returns focus to the bell.
import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { cx } from "@/components/ui";
import { formatDateTime } from "@/lib/client/format";
import { type TNotification, useNotifications } from "@/lib/client/hooks/use-notifications";

const SEEN_KEY = "docintel.seen-notifications";

function readSeen(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? "[]");
    return new Set(Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <path d="M10 3a4.5 4.5 0 0 0-4.5 4.5v2.8L4 13h12l-1.5-2.7V7.5A4.5 4.5 0 0 0 10 3Z" />
      <path d="M8.2 15.5a1.9 1.9 0 0 0 3.6 0" strokeLinecap="round" />
    </svg>
  );
}

function When({ n }: { n: TNotification }) {
  if (n.kind === "maintenance_scheduled" || n.kind === "maintenance_active" || n.kind === "announcement") {
    if (!n.starts_at && !n.ends_at) return null;
    return (
      <p className="mt-1 text-xs text-slate-600" suppressHydrationWarning>
        {n.starts_at && (n.kind === "maintenance_active" ? `Since ${formatDateTime(n.starts_at)}` : `From ${formatDateTime(n.starts_at)}`)}
        {n.ends_at ? ` until ${formatDateTime(n.ends_at)}` : n.kind === "announcement" ? "" : " · no planned end"}
      </p>
    );
  }
  return (
    <p className="mt-1 text-xs text-slate-600" suppressHydrationWarning>
      {formatDateTime(n.created_at)}
    </p>
  );
}

export function NotificationBell({ className }: { className?: string }) {
  const { data } = useNotifications();
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState<Set<string> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const items = data?.results ?? [];
  const unseen = seen ? items.filter((n) => !seen.has(n.id)).length : 0;

  useEffect(() => setSeen(readSeen()), []);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const ids = items.map((n) => n.id);
    const next = new Set([...readSeen(), ...ids]);
    try {
      window.localStorage.setItem(SEEN_KEY, JSON.stringify([...next].slice(-300)));
    } catch {
      // Storage refused: the badge counts again on the next page load.
    }
    setSeen(next);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, items, close]);

  const label = unseen ? `Notifications (${unseen} new)` : "Notifications";
  return (
    <div className={cx("relative", className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <BellIcon />
        {unseen > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
          >
            {unseen > 9 ? "9+" : unseen}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute left-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white shadow-lg max-lg:left-auto max-lg:right-0"
        >
          <p className="border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-900">Notifications</p>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">Nothing new: no maintenance planned and no budget alert.</p>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id} data-testid="notification" data-kind={n.kind} className="px-4 py-3 text-sm">
                  <p className={cx("font-medium", n.severity === "warning" ? "text-amber-900" : "text-slate-900")}>{n.title}</p>
                  <p className="mt-0.5 whitespace-pre-line text-slate-700">{n.detail}</p>
                  <When n={n} />
                  {n.link && (
                    <Link href={n.link} className="mt-1 inline-block text-xs text-blue-800 underline" onClick={() => close(false)}>
                      {n.link === "/billing" ? "Open billing" : "Open"}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
