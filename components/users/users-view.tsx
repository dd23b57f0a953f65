"use client";
// Users page (company admins): invite people by e-mail, see and manage pending invitations, and manage the
// company's people (role, deactivate, reactivate). Each list paginates.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import type { TInvitationSent } from "@/lib/client/hooks/use-invitations";
import { InvitationLink } from "./invitation-link";
import { InvitationsSection } from "./invitations-section";
import { InviteUserForm } from "./invite-user-form";
import { PeopleSection } from "./people-section";

export function UsersView({ currentUserId }: { currentUserId: number }) {
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState<TInvitationSent | null>(null);
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title="Users"
        description="Invite colleagues by e-mail, change what they may do, and deactivate accounts that should no longer sign in. Deactivated users cannot sign in, and their sessions and API keys stop working at once."
        actions={
          !inviting && (
            <Button
              onClick={() => {
                setInviting(true);
                setSent(null);
              }}
            >
              Invite user
            </Button>
          )
        }
      />
      {sent && <InvitationLink sent={sent} onDone={() => setSent(null)} />}
      {inviting && (
        <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="invite-heading" className="mb-3 text-base font-semibold">
            Invite a user
          </h2>
          <InviteUserForm
            onSent={(invitation) => {
              setSent(invitation);
              setInviting(false);
            }}
            onCancel={() => setInviting(false)}
          />
        </section>
      )}
      <InvitationsSection onSent={setSent} />
      <PeopleSection currentUserId={currentUserId} />
    </main>
  );
}
