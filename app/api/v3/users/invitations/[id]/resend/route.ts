// POST /api/v3/users/invitations/{id}/resend — company admins (instance admins too) of the caller's company.
import { userEndpoints } from "@/lib/contracts/users";
import { baseUrl, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { resendInvitation } from "@/lib/users/invitations";

export const POST = withApi(userEndpoints.resendInvitation, async ({ principal, params, req }) =>
  ok(await resendInvitation(principal, params.id, baseUrl(req))),
);
