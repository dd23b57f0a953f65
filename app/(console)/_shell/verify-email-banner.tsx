"use client";
// Shown while the user's e-mail address is unverified: the API answers 403 email_verification_required
// until then, so the console says why and offers a new link.
import { Alert, Button } from "@/components/ui";
import { useResendVerification } from "@/lib/client/hooks/use-resend-verification";

export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert tone="warning" title="Confirm your e-mail address" className="rounded-none border-x-0">
      <div className="flex flex-wrap items-center gap-3">
        <span>
          Most features stay locked until you open the link we sent to <strong>{email}</strong>.
        </span>
        {resend.isSuccess ? (
          <span role="status">A new link is on its way.</span>
        ) : (
          <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send a new link
          </Button>
        )}
        {resend.isError && <span className="text-red-800">{resend.error.detail}</span>}
      </div>
    </Alert>
  );
}
