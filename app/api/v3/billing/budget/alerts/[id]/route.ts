// PATCH /api/v3/billing/budget/alerts/{id}, DELETE — company admins.

import { deleteAlert, updateAlert } from "@/lib/billing/manage-budget-alerts";
import { billingEndpoints } from "@/lib/contracts/billing";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const PATCH = withApi(billingEndpoints.updateAlert, async ({ principal, params, body }) => ok(await updateAlert(principal, params.id, body)));

export const DELETE = withApi(billingEndpoints.deleteAlert, async ({ principal, params }) => {
  await deleteAlert(principal, params.id);
  return noContent();
});
