"use client";
// Shows what the invitation is for, then sets the password (new account) or checks the existing account's
// password, and signs in with it. A link that no longer works says so and what to do.
import { type FormEvent, useState } from "react";
import { Alert, Button, Field, Input } from "@/components/ui";
import { signInWith } from "@/lib/client/auth";
import { useAcceptInvitation, useInvitationPreview } from "@/lib/client/hooks/use-account";

const ROLE_NAMES = { company_admin: "company admin", company_dpo: "data protection officer", member: "member" } as const;

export function AcceptInvitationPanel({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [firstName, setFirstName] = useState<string | null>(null);
  const [lastName, setLastName] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [signingIn, setSigningIn] = useState(false);
  const [signInFailed, setSignInFailed] = useState(false);

  if (!token) {
    return (
      <Alert tone="warning" title="No invitation code">
        Open the link from your invitation e-mail.
      </Alert>
    );
  }
  if (preview.isPending) return <p className="text-sm text-slate-600">Checking your invitation…</p>;
  if (preview.isError) {
    return (
      <Alert tone="error" title="This invitation cannot be used">
        {preview.error.detail}
      </Alert>
    );
  }
  const inv = preview.data;
  const err = accept.error;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    accept.mutate(
      { token, password, first_name: firstName ?? inv.first_name, last_name: lastName ?? inv.last_name },
      {
        onSuccess: async ({ email }) => {
          setSigningIn(true);
          const outcome = await signInWith("password", { email, password });
          if (outcome.ok) window.location.assign("/");
          else {
            setSigningIn(false);
            setSignInFailed(true);
          }
        },
      },
    );
  }

  if (signInFailed) {
    return (
      <Alert tone="success" title={`You joined ${inv.company.name}`}>
        <a className="underline" href="/login">
          Sign in
        </a>{" "}
        with {inv.email} and your password.
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">
        You are invited to <strong>{inv.company.name}</strong> as {ROLE_NAMES[inv.company_role]}, with the address <strong>{inv.email}</strong>.
      </p>
      {err && !err.fieldMessage("password") && <Alert tone="error">{err.detail}</Alert>}
      {!inv.account_exists && (
        <>
          <Field label="First name">
            {({ invalid, ...c }) => (
              <Input
                {...c}
                invalid={invalid}
                value={firstName ?? inv.first_name}
                onChange={(e) => setFirstName(e.target.value)}
                autoComplete="given-name"
              />
            )}
          </Field>
          <Field label="Last name">
            {({ invalid, ...c }) => (
              <Input
                {...c}
                invalid={invalid}
                value={lastName ?? inv.last_name}
                onChange={(e) => setLastName(e.target.value)}
                autoComplete="family-name"
              />
            )}
          </Field>
        </>
      )}
      <Field
        label={inv.account_exists ? "Your password" : "Choose a password"}
        required
        hint={inv.account_exists ? "This address already has an account here: use its password." : "At least 10 characters"}
        error={err?.fieldMessage("password")}
      >
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="password"
            autoComplete={inv.account_exists ? "current-password" : "new-password"}
            minLength={inv.account_exists ? undefined : 10}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        )}
      </Field>
      <Button type="submit" className="w-full" loading={accept.isPending || signingIn}>
        {signingIn ? "Signing in…" : "Join and sign in"}
      </Button>
    </form>
  );
}
