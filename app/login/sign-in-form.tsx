"use client";
// The sign-in form for both providers: e-mail + password, or directory user name + password. Errors come
// back as coarse codes (lib/auth/login-error.ts) and are shown in an alert that screen readers announce.
import { type FormEvent, useState } from "react";
import { Alert, Button, Field, Input } from "@/components/ui";
import { loginErrorMessage } from "@/lib/auth/login-error";
import { type SignInProvider, safeCallbackPath, signInWith } from "@/lib/client/auth";

export interface SignInFormProps {
  provider: SignInProvider;
  /** `/login/ldap/<client_id>`; null on a custom domain (the server finds the company from the host). */
  clientId?: string | null;
  callbackUrl?: string | null;
  initialError?: string | null;
}

export function SignInForm({ provider, clientId, callbackUrl, initialError }: SignInFormProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(loginErrorMessage(initialError));
  const isLdap = provider === "ldap";

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const fields: Record<string, string> = { password: String(form.get("password") ?? "") };
    if (isLdap) {
      fields.username = String(form.get("username") ?? "");
      if (clientId) fields.client_id = clientId;
    } else fields.email = String(form.get("email") ?? "");
    setPending(true);
    setError(null);
    const outcome = await signInWith(provider, fields);
    if (outcome.ok) {
      // A full navigation: the console layout reads the new session cookie on the server.
      window.location.assign(safeCallbackPath(callbackUrl));
      return;
    }
    setPending(false);
    setError(loginErrorMessage(outcome.error));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate={false} aria-describedby={error ? "sign-in-error" : undefined}>
      {error && (
        <div id="sign-in-error">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      {isLdap ? (
        <Field label="User name" required hint="Your directory (LDAP) user name">
          {({ invalid, ...control }) => <Input {...control} invalid={invalid} name="username" autoComplete="username" required autoFocus />}
        </Field>
      ) : (
        <Field label="E-mail" required>
          {({ invalid, ...control }) => <Input {...control} invalid={invalid} name="email" type="email" autoComplete="username" required autoFocus />}
        </Field>
      )}
      <Field label="Password" required>
        {({ invalid, ...control }) => (
          <Input {...control} invalid={invalid} name="password" type="password" autoComplete="current-password" required />
        )}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
