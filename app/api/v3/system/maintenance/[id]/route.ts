// DELETE /api/v3/system/maintenance/{id} — instance admins: ends the period.
import { systemEndpoints } from "@/lib/contracts/system";
import { noContent } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { endMaintenance } from "@/lib/system/manage-system";

export const DELETE = withApi(systemEndpoints.endMaintenance, async ({ principal, params }) => {
  await endMaintenance(principal, params.id);
  return noContent();
});
