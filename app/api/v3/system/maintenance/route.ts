// GET, POST /api/v3/system/maintenance — instance admins: list and start maintenance periods.
import { systemEndpoints } from "@/lib/contracts/system";
import { created, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { listMaintenancePeriods, startMaintenance } from "@/lib/system/manage-system";

export const GET = withApi(systemEndpoints.listMaintenance, async ({ principal, query, req }) =>
  ok(await listMaintenancePeriods(principal, query, req)),
);

export const POST = withApi(systemEndpoints.createMaintenance, async ({ principal, body }) =>
  created(await startMaintenance(principal, body)),
);
