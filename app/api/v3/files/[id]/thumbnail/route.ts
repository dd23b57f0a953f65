// GET /api/v3/files/{id}/thumbnail — readers of the file's workspace: PNG of the first page.
import { fileEndpoints } from "@/lib/contracts/files";
import { fileThumbnail } from "@/lib/files/file-content";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileEndpoints.thumbnail, async ({ principal, params }) => fileThumbnail(principal, params.id));
