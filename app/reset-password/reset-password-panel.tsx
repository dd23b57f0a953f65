"use client";
// Sets the new password with the link's token (every other session of the account ends), then signs in.
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { Alert, Button, Field, Input } from "@/components/ui";
import { signInWith } from "@/lib/client/auth";
import { useConfirmPasswordReset } from "@/lib/client/hooks/use-account";

export function ResetPasswordPanel({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const confirm = useConfirmPasswordReset();
  const err = confirm.error;

  if (!token) {
    return (
      <Alert tone="warning" title="No reset code">
        Open the link from the e-mail, or ask for a new one.
      </Alert>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMismatch(password !== repeat);
    if (password !== repeat) return;
    confirm.mutate(
      { token, new_password: password },
      {
        onSuccess: async ({ email }) => {
          setSigningIn(true);
          const outcome = await signInWith("password", { email, password });
          window.location.assign(outcome.ok ? "/" : "/login");
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {err && !err.fieldMessage("new_password") && (
        <Alert tone="error">
          {err.detail}{" "}
          <Link className="underline" href="/forgot-password">
            Ask for a new link
          </Link>
        </Alert>
      )}
      <Field label="New password" required hint="At least 10 characters" error={err?.fieldMessage("new_password")}>
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="password"
            autoComplete="new-password"
            minLength={10}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoFocus
          />
        )}
      </Field>
      <Field label="Repeat the new password" required error={mismatch ? "The two passwords differ." : null}>
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            required
          />
        )}
      </Field>
      <Button type="submit" className="w-full" loading={confirm.isPending || signingIn}>
        {signingIn ? "Signing in…" : "Set password and sign in"}
      </Button>
    </form>
  );
}
