// PUT, DELETE /api/v3/system/announcement — instance admins: set or clear the announcement.
import { systemEndpoints } from "@/lib/contracts/system";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { clearAnnouncement, putAnnouncement } from "@/lib/system/manage-system";

export const PUT = withApi(systemEndpoints.putAnnouncement, async ({ principal, body }) => ok(await putAnnouncement(principal, body)));

export const DELETE = withApi(systemEndpoints.deleteAnnouncement, async ({ principal }) => {
  await clearAnnouncement(principal);
  return noContent();
});
