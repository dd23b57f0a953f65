// GET /api/v3/notifications — any signed-in user: maintenance, announcement and the company's budget alerts.
import { notificationEndpoints } from "@/lib/contracts/notifications";
import { okPage } from "@/lib/http/paginate";
import { withApi } from "@/lib/http/with-api";
import { listNotifications } from "@/lib/notifications/list-notifications";

export const GET = withApi(notificationEndpoints.list, async ({ principal, query, req }) =>
  okPage(req, query, await listNotifications(principal, query)),
);
