// GET /api/v3/usage — any authenticated user (their own usage only).

import { getUsageHistogram } from "@/lib/billing/get-usage-histogram";
import { usageEndpoints } from "@/lib/contracts/usage";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(usageEndpoints.histogram, async ({ principal, query }) => ok(await getUsageHistogram(principal, query.api_key_id)));
