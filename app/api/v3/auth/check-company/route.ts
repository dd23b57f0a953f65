// GET /api/v3/auth/check-company — anyone, no credentials: company from the host or `client_id`.
import { checkCompany } from "@/lib/auth/check-company";
import { systemEndpoints } from "@/lib/contracts/system";
import { ok, requestHost } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(systemEndpoints.checkCompany, async ({ req, query }) => ok(await checkCompany(requestHost(req), query.client_id)));
