// POST /api/v3/auth/password-reset — anyone (no credentials); limited per client address and per e-mail address.
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { accountEndpoints } from "@/lib/contracts/account";
import { accepted, baseUrl } from "@/lib/http/respond";
import { clientIp, withApi } from "@/lib/http/with-api";

export const POST = withApi(accountEndpoints.requestPasswordReset, async ({ body, req }) =>
  accepted(await requestPasswordReset(body.email, clientIp(req), baseUrl(req))),
);
