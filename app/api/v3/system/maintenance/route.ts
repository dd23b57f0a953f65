// GET, POST /api/v3/system/maintenance — instance admins: list and start maintenance periods.
import { systemEndpoints } from "@/lib/contracts/system";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { listMaintenancePeriods, startMaintenance } from "@/lib/system/manage-system";

export const GET = withApi(systemEndpoints.listMaintenance, async ({ principal, query, req }) =>
  okPage(req, query, await listMaintenancePeriods(principal, query)),
);

export const POST = withApi(systemEndpoints.createMaintenance, async ({ principal, body }) => created(await startMaintenance(principal, body)));
