"use client";
import { type FormEvent, useState } from "react";
import { Alert, Button, Field, Input } from "@/components/ui";
import { useRequestPasswordReset } from "@/lib/client/hooks/use-account";

export function ForgotPasswordPanel() {
  const [email, setEmail] = useState("");
  const request = useRequestPasswordReset();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    request.mutate({ email });
  }

  if (request.isSuccess) {
    return (
      <Alert tone="success" title="Check your e-mail">
        <p>{request.data.detail}</p>
        {request.data.delivery === "log" && <p className="mt-2">This server sends no e-mail: your administrator finds the link in the server log.</p>}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {request.isError && <Alert tone="error">{request.error.fieldMessage("email") ?? request.error.detail}</Alert>}
      <Field label="E-mail" required>
        {({ invalid, ...c }) => (
          <Input
            {...c}
            invalid={invalid}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" className="w-full" loading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
