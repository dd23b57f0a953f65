"use client";
// "New password" and "Repeat the new password", with the check that both say the same: the account page's
// change-password form and the reset-password page use the same pair.
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export interface NewPassword {
  password: string;
  repeat: string;
  setPassword(value: string): void;
  setRepeat(value: string): void;
  /** The last submit found the two entries different. */
  mismatch: boolean;
  /** On submit: whether the two entries agree (shows the mismatch error when not). */
  confirm(): boolean;
  clear(): void;
}

export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    mismatch,
    confirm: () => {
      setMismatch(password !== repeat);
      return password === repeat;
    },
    clear: () => {
      setPassword("");
      setRepeat("");
      setMismatch(false);
    },
  };
}

/** `error`: the server's message for the new password (too short, too common, …). */
export function NewPasswordFields({ state, error, autoFocus }: { state: NewPassword; error?: string | null; autoFocus?: boolean }) {
  return (
    <>
      <Field label="New password" required hint="At least 10 characters" error={error}>
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="password"
            autoComplete="new-password"
            minLength={10}
            value={state.password}
            onChange={(e) => state.setPassword(e.target.value)}
            required
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field label="Repeat the new password" required error={state.mismatch ? "The two new passwords differ." : null}>
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="password"
            autoComplete="new-password"
            value={state.repeat}
            onChange={(e) => state.setRepeat(e.target.value)}
            required
          />
        )}
      </Field>
    </>
  );
}
