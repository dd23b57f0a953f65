// /verify-email?token=… — the page the verification link opens. Confirming takes a click, because mail
// scanners that prefetch links must not use the token up.
import type { Metadata } from "next";
import { QueryProvider } from "@/lib/client/query-client";
import { AuthCard } from "../login/auth-card";
import { VerifyEmailPanel } from "./verify-email-panel";

export const metadata: Metadata = { title: "Confirm your e-mail address — DocIntel" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Confirm your e-mail address">
      <QueryProvider>
        <VerifyEmailPanel token={token ?? null} />
      </QueryProvider>
    </AuthCard>
  );
}
