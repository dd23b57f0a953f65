"use client";
// Revoke with confirmation: the key stops working at once, which may break integrations using it.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useRevokeApiKey } from "@/lib/client/hooks/use-revoke-api-key";

export function RevokeApiKeyButton({ apiKey, onRevoked }: { apiKey: { id: string; name: string; prefix: string }; onRevoked?: () => void }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1 text-red-700"
        aria-label={`Revoke API key ${apiKey.name}`}
        onClick={() => {
          revoke.reset();
          setOpen(true);
        }}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={<ApiErrorAlert error={revoke.error} />}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              setOpen(false);
              onRevoked?.();
            },
          })
        }
      >
        Requests with the key <code className="rounded bg-slate-100 px-1">{apiKey.prefix}…</code> are refused from now on. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
