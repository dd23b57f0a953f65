"use client";
// The signed-in user's own account: change the password (the other sessions end with it) and sign out of
// every other browser or device.
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { useChangePassword, useSignOutOtherSessions } from "@/lib/client/hooks/use-account";
import { NewPasswordFields, useNewPassword } from "./new-password-fields";

const sessionsWord = (n: number) => (n === 1 ? "1 other session was" : `${n} other sessions were`);

function ChangePasswordForm() {
  const [current, setCurrent] = useState("");
  const newPassword = useNewPassword();
  const change = useChangePassword();
  const err = change.error;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!newPassword.confirm()) return;
    change.mutate(
      { current_password: current, new_password: newPassword.password },
      {
        onSuccess: () => {
          setCurrent("");
          newPassword.clear();
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4" aria-labelledby="password-heading">
      <ApiErrorAlert error={err} shownFields={["current_password", "new_password"]} quietWhenFieldsShown />
      {change.data && <Alert tone="success">Your password was changed. {sessionsWord(change.data.signed_out_sessions)} signed out.</Alert>}
      <Field label="Current password" required error={err?.fieldMessage("current_password")}>
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            required
          />
        )}
      </Field>
      <NewPasswordFields state={newPassword} error={err?.fieldMessage("new_password")} />
      <FormActions submitLabel="Change password" pending={change.isPending} />
    </form>
  );
}

function OtherSessions() {
  const signOut = useSignOutOtherSessions();
  return (
    <div className="max-w-xl space-y-3">
      <p className="text-sm text-slate-600">
        Signed in on a shared computer or lost a device? End every session except this one. They will have to sign in again.
      </p>
      <ApiErrorAlert error={signOut.error} />
      <div role="status" className="text-sm text-green-800">
        {signOut.data && `Done: ${sessionsWord(signOut.data.signed_out_sessions)} signed out.`}
      </div>
      <Button variant="secondary" loading={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out of other sessions
      </Button>
    </div>
  );
}

export function AccountView() {
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader title="Account" description="Your password and where you are signed in." />
      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="password-heading" className="text-base font-semibold">
          Change password
        </h2>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="sessions-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="sessions-heading" className="text-base font-semibold">
          Other sessions
        </h2>
        <OtherSessions />
      </section>
    </main>
  );
}
