// GET /api/v3/credits — any user of a free-tier company with limit enforcement (others: 403).

import { getCredits } from "@/lib/billing/get-credits";
import { usageEndpoints } from "@/lib/contracts/usage";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(usageEndpoints.credits, async ({ principal }) => ok(await getCredits(principal)));
