// /reset-password?token=… — the page a reset link opens: choose a new password, then signed in with it.
import type { Metadata } from "next";
import { QueryProvider } from "@/lib/client/query-client";
import { AuthCard } from "../login/auth-card";
import { ResetPasswordPanel } from "./reset-password-panel";

export const metadata: Metadata = { title: "Choose a new password — DocIntel" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Choose a new password">
      <QueryProvider>
        <ResetPasswordPanel token={token ?? ""} />
      </QueryProvider>
    </AuthCard>
  );
}
