// POST /api/v3/parse — any authenticated user of the company: document (upload or URL) → Markdown.
import { parseEndpoints } from "@/lib/contracts/parse";
import { withApi } from "@/lib/http/with-api";
import { createParseJob } from "@/lib/parse/manage-parse-jobs";

export const POST = withApi(parseEndpoints.create, async ({ principal, req }) => {
  const { status, job } = await createParseJob(principal, req);
  return { status, body: job };
});
