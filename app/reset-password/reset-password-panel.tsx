"use client";
// Sets the new password with the link's token (every other session of the account ends), then signs in.
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { NewPasswordFields, useNewPassword } from "@/components/account/new-password-fields";
import { Alert, Button } from "@/components/ui";
import { signInWith } from "@/lib/client/auth";
import { useConfirmPasswordReset } from "@/lib/client/hooks/use-account";

export function ResetPasswordPanel({ token }: { token: string }) {
  const newPassword = useNewPassword();
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
    if (!newPassword.confirm()) return;
    const password = newPassword.password;
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
      <NewPasswordFields state={newPassword} error={err?.fieldMessage("new_password")} autoFocus />
      <Button type="submit" className="w-full" loading={confirm.isPending || signingIn}>
        {signingIn ? "Signing in…" : "Set password and sign in"}
      </Button>
    </form>
  );
}
