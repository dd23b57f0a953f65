// GET /api/v3/parse/{id} — the job's creator and company admins (a scoped key: its own jobs); others get 404.
import { parseEndpoints } from "@/lib/contracts/parse";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { getParseJob } from "@/lib/parse/manage-parse-jobs";

export const GET = withApi(parseEndpoints.get, async ({ principal, params }) => ok(await getParseJob(principal, params.id)));
