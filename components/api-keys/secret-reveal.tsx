"use client";
// The one moment an API key's secret is visible: shown with a copy button and a warning, held only in
// component state (never in the query cache or storage), so closing the panel or reloading the page loses it.
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { TApiKeyCreated } from "@/lib/client/hooks/use-api-keys";

export function SecretReveal({ created, onDone }: { created: TApiKeyCreated; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Move focus here so keyboard and screen-reader users land on the secret and its warning.
  useEffect(() => ref.current?.focus(), [created.id]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-testid="api-key-secret-panel"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-none focus:ring-2 focus:ring-amber-500"
    >
      <Alert tone="warning" title="Copy this key now — it will not be shown again">
        We store only a hash of the key <strong>{created.name}</strong>. Once you leave or reload this page the secret cannot be displayed; if you
        lose it, revoke the key and create a new one.
      </Alert>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`secret-${created.id}`} className="sr-only">
          Secret of API key {created.name}
        </label>
        <input
          id={`secret-${created.id}`}
          data-testid="api-key-secret"
          readOnly
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-blue-600"
        />
        <CopyButton value={created.key} label="Copy key" />
        <Button variant="ghost" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
