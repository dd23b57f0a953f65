// GET /api/v3/extract/{job_id} — the job's creator and company admins (a scoped key: its own jobs), and for a
// file_id job only callers who can read the file; others get 404.
import { extractEndpoints } from "@/lib/contracts/extract";
import { getExtractJob } from "@/lib/extract/get-extract-job";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(extractEndpoints.get, async ({ principal, params, query }) =>
  ok(await getExtractJob(principal, params.job_id, query.page)),
);
