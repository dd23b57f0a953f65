// GET /api/v3/files/{id}/content — readers of the file's workspace: the original bytes.
import { fileEndpoints } from "@/lib/contracts/files";
import { fileContent } from "@/lib/files/file-content";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileEndpoints.content, async ({ principal, params }) => fileContent(principal, params.id));
