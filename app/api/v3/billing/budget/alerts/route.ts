// GET /api/v3/billing/budget/alerts — any user of the company. POST, PATCH (bulk toggle) — company admins.

import { createAlert, listAlerts, toggleAlerts } from "@/lib/billing/manage-budget-alerts";
import { billingEndpoints } from "@/lib/contracts/billing";
import { created, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(billingEndpoints.listAlerts, async ({ principal }) => ok(await listAlerts(principal)));

export const POST = withApi(billingEndpoints.createAlert, async ({ principal, body }) => created(await createAlert(principal, body)));

export const PATCH = withApi(billingEndpoints.toggleAlerts, async ({ principal, body }) => ok(await toggleAlerts(principal, body.is_enabled)));
