// GET /api/v3/parse/{id} — users of the company that created the job; others get 404.
import { parseEndpoints } from "@/lib/contracts/parse";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { getParseJob } from "@/lib/parse/manage-parse-jobs";

export const GET = withApi(parseEndpoints.get, async ({ principal, params }) => ok(await getParseJob(principal, params.id)));
