// POST /api/v3/parse — any authenticated user of the company: document (upload or URL) → Markdown.
import { parseEndpoints } from "@/lib/contracts/parse";
import { readDocumentBody } from "@/lib/http/document-body";
import { withApi } from "@/lib/http/with-api";
import { createParseJob } from "@/lib/parse/manage-parse-jobs";
import { maxParseUploadBytes } from "@/lib/parse/parse-intake";

export const POST = withApi(parseEndpoints.create, async ({ principal, req }) => {
  const { status, job } = await createParseJob(principal, await readDocumentBody(req, maxParseUploadBytes()), req.signal);
  return { status, body: job };
});
