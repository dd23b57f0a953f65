// GET /api/v3/usage/current-period — any user of the company (company-wide figures).

import { getCurrentPeriod } from "@/lib/billing/get-current-period";
import { usageEndpoints } from "@/lib/contracts/usage";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(usageEndpoints.currentPeriod, async ({ principal }) => ok(await getCurrentPeriod(principal)));
