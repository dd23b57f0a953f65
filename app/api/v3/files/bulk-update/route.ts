// POST /api/v3/files/bulk-update — editors of every listed file's workspace (and of the target workspace when
// moving); all or nothing. Beyond the spec: documented by its contract (lib/contracts/files-bulk.ts).
import { fileBulkEndpoints } from "@/lib/contracts/files-bulk";
import { bulkUpdateFiles } from "@/lib/files/bulk-update-files";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(fileBulkEndpoints.bulkUpdate, async ({ principal, body }) => ok(await bulkUpdateFiles(principal, body)));
