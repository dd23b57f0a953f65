// GET /api/v3/billing/budget — any user of the company. PUT, DELETE — company admins.

import { deleteBudget, getBudget, putBudget } from "@/lib/billing/manage-budget";
import { billingEndpoints } from "@/lib/contracts/billing";
import { created, noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(billingEndpoints.getBudget, async ({ principal }) => ok(await getBudget(principal)));

export const PUT = withApi(billingEndpoints.putBudget, async ({ principal, body }) => {
  const result = await putBudget(principal, body);
  return result.created ? created(result.budget) : ok(result.budget);
});

export const DELETE = withApi(billingEndpoints.deleteBudget, async ({ principal }) => {
  await deleteBudget(principal);
  return noContent();
});
