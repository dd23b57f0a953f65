// /forgot-password — ask for a reset link by e-mail. The answer is the same whether or not the address has
// an account.
import type { Metadata } from "next";
import Link from "next/link";
import { QueryProvider } from "@/lib/client/query-client";
import { AuthCard } from "../login/auth-card";
import { ForgotPasswordPanel } from "./forgot-password-panel";

export const metadata: Metadata = { title: "Forgot password — DocIntel" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We e-mail you a link to choose a new one"
      footer={
        <Link className="underline hover:text-slate-900" href="/login">
          Back to sign in
        </Link>
      }
    >
      <QueryProvider>
        <ForgotPasswordPanel />
      </QueryProvider>
    </AuthCard>
  );
}
