"use client";
// Pending invitations: who was invited, by whom, until when; resend (a new link, the old one stops working)
// or revoke. Hidden while there are none.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ACTIONS_COLUMN, DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { formatDateTime, personName } from "@/lib/client/format";
import { type TInvitation, type TInvitationSent, useInvitations, useResendInvitation, useRevokeInvitation } from "@/lib/client/hooks/use-invitations";
import { COMPANY_ROLE_LABELS } from "./roles";

const PAGE_SIZE = 10;

function RevokeInvitationButton({ invitation }: { invitation: TInvitation }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeInvitation();
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1 text-red-700"
        aria-label={`Revoke the invitation for ${invitation.email}`}
        onClick={() => {
          revoke.reset();
          setOpen(true);
        }}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        title={`Revoke the invitation for ${invitation.email}?`}
        confirmLabel="Revoke invitation"
        pending={revoke.isPending}
        error={<ApiErrorAlert error={revoke.error} />}
        onCancel={() => setOpen(false)}
        onConfirm={() => revoke.mutate(invitation.id, { onSuccess: () => setOpen(false) })}
      >
        The link stops working. You can invite the address again later.
      </ConfirmDialog>
    </>
  );
}

export function InvitationsSection({ onSent }: { onSent: (sent: TInvitationSent) => void }) {
  const [page, setPage] = useState(1);
  const invitations = useInvitations({ page, page_size: PAGE_SIZE });
  const resend = useResendInvitation();
  const count = invitations.data?.count ?? 0;
  if (count === 0 && page === 1 && !invitations.error) return null;
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h2 id="invitations-heading" className="text-base font-semibold">
        Pending invitations <span className="font-normal text-slate-500">({count})</span>
      </h2>
      <ApiErrorAlert error={invitations.error ?? resend.error} />
      <DataTable caption="Pending invitations" columns={["E-mail", "Role", "Invited by", "Expires", "Status", ACTIONS_COLUMN]}>
        {invitations.data?.results.map((inv) => (
          <tr key={inv.id} data-testid="invitation-row">
            <td className="px-4 py-2 font-medium text-slate-900">
              {inv.email}
              {(inv.first_name || inv.last_name) && <span className="block text-xs text-slate-500">{personName(inv)}</span>}
            </td>
            <td className="px-4 py-2 text-slate-700">{COMPANY_ROLE_LABELS[inv.company_role]}</td>
            <td className="px-4 py-2 text-slate-600">{inv.invited_by ? personName(inv.invited_by) : "—"}</td>
            <td className="px-4 py-2 text-slate-600">{formatDateTime(inv.expires_at)}</td>
            <td className="px-4 py-2">{inv.status === "pending" ? <Badge tone="blue">Pending</Badge> : <Badge tone="amber">Expired</Badge>}</td>
            <td className="space-x-2 whitespace-nowrap px-4 py-2 text-right">
              <Button
                variant="secondary"
                className="px-3 py-1"
                aria-label={`Resend the invitation for ${inv.email}`}
                loading={resend.isPending && resend.variables === inv.id}
                onClick={() => resend.mutate(inv.id, { onSuccess: onSent })}
              >
                Resend
              </Button>
              <RevokeInvitationButton invitation={inv} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination label="Invitations" page={page} pageSize={PAGE_SIZE} count={count} onPageChange={setPage} />
    </section>
  );
}
