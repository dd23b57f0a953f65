// GET /api/v3/files/{id}/pages — readers of the file's workspace: the parsed Markdown per page.
import { fileEndpoints } from "@/lib/contracts/files";
import { getFilePages } from "@/lib/files/manage-files";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileEndpoints.pages, async ({ principal, params }) => ok(await getFilePages(principal, params.id)));
