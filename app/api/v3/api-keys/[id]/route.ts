// DELETE /api/v3/api-keys/{id} — the key's owner or a company admin: revokes it at once.

import { revokeApiKey } from "@/lib/api-keys/manage-api-keys";
import { apiKeyEndpoints } from "@/lib/contracts/api-keys";
import { noContent } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const DELETE = withApi(apiKeyEndpoints.revoke, async ({ principal, params }) => {
  await revokeApiKey(principal, params.id);
  return noContent();
});
