// GET /api/v3/files/{id}/preview — readers of the file's workspace: the document as PDF.
import { fileEndpoints } from "@/lib/contracts/files";
import { filePreview } from "@/lib/files/file-content";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileEndpoints.preview, async ({ principal, params, req }) => filePreview(principal, params.id, req.signal));
