// POST /api/v3/extract — any authenticated user of the company (file_id: files the caller can read).
import { extractEndpoints } from "@/lib/contracts/extract";
import { createExtractJob } from "@/lib/extract/create-extract-job";
import { maxExtractUploadBytes } from "@/lib/extract/extract-intake";
import { readDocumentBody } from "@/lib/http/document-body";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(extractEndpoints.create, async ({ principal, req }) => {
  const { status, job } = await createExtractJob(principal, await readDocumentBody(req, maxExtractUploadBytes()), req.signal);
  return { status, body: job };
});
