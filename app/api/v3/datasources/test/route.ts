// POST /api/v3/datasources/test — any user of a company: validates settings and tests the connection, saves nothing.
import { datasourceEndpoints } from "@/lib/contracts/datasources";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { testDatasource } from "@/lib/sync/manage-datasource";

export const POST = withApi(datasourceEndpoints.test, async ({ principal, body }) => ok(await testDatasource(principal, body)));
