// /login/ldap/<client_id> — directory (LDAP) sign-in for the company whose client id (slug) is in the path.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui";
import { getConsoleSession } from "@/lib/auth/console-session";
import { directoryLoginCompany } from "@/lib/auth/login-page";
import { safeCallbackPath } from "@/lib/client/auth";
import { AuthCard } from "../../auth-card";
import { SignInForm } from "../../sign-in-form";

export const metadata: Metadata = { title: "Directory sign-in — DocIntel" };

type Params = Promise<{ client_id: string }>;
type Search = Promise<{ callbackUrl?: string; error?: string }>;

export default async function LdapLoginPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { client_id } = await params;
  const { callbackUrl, error } = await searchParams;
  if (await getConsoleSession()) redirect(safeCallbackPath(callbackUrl));
  const company = await directoryLoginCompany(null, client_id);
  const passwordLink = (
    <Link className="underline hover:text-slate-900" href="/login">
      E-mail and password
    </Link>
  );
  if (!company) {
    return (
      <AuthCard title="Sign in to DocIntel" footer={passwordLink}>
        <Alert tone="warning" title="Directory sign-in unavailable">
          No organisation uses directory sign-in under “{client_id}”. Check the address you were given.
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in to DocIntel" subtitle={`${company.name} — company directory`} footer={passwordLink}>
      <SignInForm provider="ldap" clientId={company.slug} callbackUrl={callbackUrl} initialError={error} />
    </AuthCard>
  );
}
