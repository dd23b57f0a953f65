// POST /api/v3/auth/password-reset/confirm — the holder of a reset link's token (no other credentials).
import { confirmPasswordReset } from "@/lib/auth/password-reset";
import { accountEndpoints } from "@/lib/contracts/account";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(accountEndpoints.confirmPasswordReset, async ({ body }) => ok(await confirmPasswordReset(body.token, body.new_password)));
