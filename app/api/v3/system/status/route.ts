// GET /api/v3/system/status — anyone; authentication optional; never blocked by maintenance.
import { systemEndpoints } from "@/lib/contracts/system";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { getSystemStatus } from "@/lib/system/manage-system";

export const GET = withApi(systemEndpoints.status, async ({ principal }) => ok(await getSystemStatus(principal)));
