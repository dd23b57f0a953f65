// PUT /api/v3/public-datasets/managers/{user_id} — instance admins: grant the public-dataset management permission.
// DELETE /api/v3/public-datasets/managers/{user_id} — instance admins: revoke it.
import { publicDatasetEndpoints } from "@/lib/contracts/public-datasets";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { grantManager, revokeManager } from "@/lib/public-datasets/manage-public-datasets";

export const PUT = withApi(publicDatasetEndpoints.grantManager, async ({ principal, params }) => ok(await grantManager(principal, params.user_id)));

export const DELETE = withApi(publicDatasetEndpoints.revokeManager, async ({ principal, params }) => {
  await revokeManager(principal, params.user_id);
  return noContent();
});
