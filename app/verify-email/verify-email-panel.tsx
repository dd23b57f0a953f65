"use client";
import Link from "next/link";
import { Alert, Button } from "@/components/ui";
import { useVerifyEmail } from "@/lib/client/hooks/use-verify-email";

export function VerifyEmailPanel({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  if (!token) {
    return (
      <Alert tone="warning" title="No verification code">
        Open the link from the e-mail we sent you, or sign in and ask for a new one.
      </Alert>
    );
  }
  if (verify.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="E-mail address confirmed">
          {verify.data.email} is verified.
        </Alert>
        <Link href="/" className="block text-center text-sm font-medium text-blue-700 underline">
          Continue to the console
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {verify.isError && <Alert tone="error">{verify.error.detail}</Alert>}
      <p className="text-sm text-slate-700">Confirm that this e-mail address belongs to you.</p>
      <Button className="w-full" loading={verify.isPending} onClick={() => verify.mutate(token)}>
        Confirm e-mail address
      </Button>
    </div>
  );
}
