// POST /api/v3/auth/password — the signed-in user, for their own account.
import { changePassword } from "@/lib/auth/change-password";
import { accountEndpoints } from "@/lib/contracts/account";
import { ok } from "@/lib/http/respond";
import { clientIp, withApi } from "@/lib/http/with-api";

export const POST = withApi(accountEndpoints.changePassword, async ({ principal, body, req }) =>
  ok(await changePassword(principal, body.current_password, body.new_password, clientIp(req))),
);
