// GET /api/v3/storage/cost — any user of the company.

import { getStorageCost } from "@/lib/billing/get-storage";
import { usageEndpoints } from "@/lib/contracts/usage";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(usageEndpoints.storageCost, async ({ principal }) => ok(await getStorageCost(principal)));
