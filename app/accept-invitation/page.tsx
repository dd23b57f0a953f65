// /accept-invitation?token=… — the page an invitation link opens: set a password (or confirm the existing
// account's) and join the company, then straight into the console.
import type { Metadata } from "next";
import { QueryProvider } from "@/lib/client/query-client";
import { AuthCard } from "../login/auth-card";
import { AcceptInvitationPanel } from "./accept-invitation-panel";

export const metadata: Metadata = { title: "Accept your invitation — DocIntel" };

export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Join DocIntel">
      <QueryProvider>
        <AcceptInvitationPanel token={token ?? ""} />
      </QueryProvider>
    </AuthCard>
  );
}
