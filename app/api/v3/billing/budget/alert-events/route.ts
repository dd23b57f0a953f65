// GET /api/v3/billing/budget/alert-events — any user of the company.

import { listAlertEvents } from "@/lib/billing/list-alert-events";
import { billingEndpoints } from "@/lib/contracts/billing";
import { okPage } from "@/lib/http/paginate";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(billingEndpoints.listAlertEvents, async ({ principal, query, req }) =>
  okPage(req, query, await listAlertEvents(principal, query)),
);
