// POST /api/v3/auth/verify-email/resend — the signed-in user whose e-mail is not verified yet.
import { resendEmailVerification } from "@/lib/auth/email-verification";
import { authEndpoints } from "@/lib/contracts/auth";
import { accepted, baseUrl } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(authEndpoints.resendVerification, async ({ req, principal }) =>
  accepted(await resendEmailVerification(principal, baseUrl(req))),
);
