"use client";
// Notices dismissed for this browser session (sessionStorage): a dismissed banner stays hidden on every page
// until the tab is closed; a new notice (another key) shows again. The server render knows of no dismissal,
// so the first client render matches it and hides dismissed banners right after hydration.
import { useCallback, useSyncExternalStore } from "react";

const STORAGE_KEY = "docintel.dismissed-notices";
const listeners = new Set<() => void>();
let cache: { raw: string | null; keys: ReadonlySet<string> } = { raw: null, keys: new Set() };
const NONE: ReadonlySet<string> = new Set();

function read(): ReadonlySet<string> {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return cache.keys; // storage disabled: dismissals last as long as the page
  }
  if (raw !== cache.raw) {
    let keys: string[] = [];
    try {
      const parsed: unknown = JSON.parse(raw ?? "[]");
      if (Array.isArray(parsed)) keys = parsed.filter((k): k is string => typeof k === "string");
    } catch {
      keys = [];
    }
    cache = { raw, keys: new Set(keys) };
  }
  return cache.keys;
}

function dismiss(key: string): void {
  const keys = [...read(), key].slice(-100);
  const raw = JSON.stringify(keys);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, raw);
  } catch {
    // Storage refused (private mode quota): remember in memory for this page.
  }
  cache = { raw, keys: new Set(keys) };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The keys dismissed in this session, and a function that dismisses one. */
export function useSessionDismissals(): { dismissed: ReadonlySet<string>; dismiss: (key: string) => void } {
  const dismissed = useSyncExternalStore(subscribe, read, () => NONE);
  return { dismissed, dismiss: useCallback(dismiss, []) };
}
