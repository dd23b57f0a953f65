// /login — e-mail and password; on a company's custom login domain with directory login, the directory
// form instead (`?method=password` keeps the password form for local accounts such as the first admin).
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getConsoleSession } from "@/lib/auth/console-session";
import { directoryLoginCompany } from "@/lib/auth/login-page";
import { safeCallbackPath } from "@/lib/client/auth";
import { AuthCard } from "./auth-card";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in — DocIntel" };

type Search = Promise<{ callbackUrl?: string; error?: string; method?: string }>;

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const { callbackUrl, error, method } = await searchParams;
  if (await getConsoleSession()) redirect(safeCallbackPath(callbackUrl));
  const h = await headers();
  const company = await directoryLoginCompany(h.get("x-forwarded-host") ?? h.get("host"), null);
  if (company && method !== "password") {
    return (
      <AuthCard
        title="Sign in to DocIntel"
        subtitle={`${company.name} — company directory`}
        footer={
          <Link className="underline hover:text-slate-900" href="/login?method=password">
            Local account
          </Link>
        }
      >
        <SignInForm provider="ldap" clientId={null} callbackUrl={callbackUrl} initialError={error} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign in to DocIntel"
      subtitle="With your e-mail address and password"
      footer={
        <Link className="underline hover:text-slate-900" href="/forgot-password">
          Forgot password?
        </Link>
      }
    >
      <SignInForm provider="password" callbackUrl={callbackUrl} initialError={error} />
    </AuthCard>
  );
}
