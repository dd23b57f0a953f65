// GET /api/v3/storage — any user of the company.

import { getStorage } from "@/lib/billing/get-storage";
import { usageEndpoints } from "@/lib/contracts/usage";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(usageEndpoints.storage, async ({ principal }) => ok(await getStorage(principal)));
