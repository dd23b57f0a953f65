// DELETE /api/v3/users/invitations/{id} — company admins (instance admins too) of the caller's company.
import { userEndpoints } from "@/lib/contracts/users";
import { noContent } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { revokeInvitation } from "@/lib/users/invitations";

export const DELETE = withApi(userEndpoints.revokeInvitation, async ({ principal, params }) => {
  await revokeInvitation(principal, params.id);
  return noContent();
});
