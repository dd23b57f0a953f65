// POST /api/v3/files/bulk-delete — editors of every listed file's workspace; all or nothing.
import { fileEndpoints } from "@/lib/contracts/files";
import { bulkDeleteFiles } from "@/lib/files/manage-files";
import { noContent } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(fileEndpoints.bulkDelete, async ({ principal, body }) => {
  await bulkDeleteFiles(principal, body.ids);
  return noContent();
});
