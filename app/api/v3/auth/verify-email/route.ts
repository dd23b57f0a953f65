// POST /api/v3/auth/verify-email — anyone holding a verification token (no credentials).
import { verifyEmail } from "@/lib/auth/email-verification";
import { authEndpoints } from "@/lib/contracts/auth";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(authEndpoints.verifyEmail, async ({ body }) => ok(await verifyEmail(body.token)));
