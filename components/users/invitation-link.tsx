"use client";
// After inviting or resending: where the link went. Without a mail server the admin gets the link to pass
// on themselves (it works once and expires).
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTime } from "@/lib/client/format";
import type { TInvitationSent } from "@/lib/client/hooks/use-invitations";

export function InvitationLink({ sent, onDone }: { sent: TInvitationSent; onDone: () => void }) {
  return (
    <Alert tone="success" title={`Invitation for ${sent.email}`}>
      {sent.invitation_link ? (
        <div className="space-y-2">
          <p>
            No mail server is configured, so nothing was e-mailed. Send this link to {sent.email} yourself; it works once and expires on{" "}
            {formatDateTime(sent.expires_at)}.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="invitation-link" className="break-all rounded bg-white px-2 py-1 text-xs text-slate-800 ring-1 ring-slate-200">
              {sent.invitation_link}
            </code>
            <CopyButton value={sent.invitation_link} label="Copy link" />
          </div>
        </div>
      ) : (
        <p>An e-mail with the invitation link is on its way. The link expires on {formatDateTime(sent.expires_at)}.</p>
      )}
      <Button variant="secondary" className="mt-3" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}
