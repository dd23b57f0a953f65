import type { Metadata } from "next";
import { BudgetView } from "@/components/billing/budget-view";
import { getConsoleSession } from "@/lib/auth/console-session";
import { isCompanyAdmin } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Budget and alerts · DocIntel" };

// Everyone in the company may read the budget; the controls are offered to company admins only (the API
// would refuse the others with 403 anyway).
export default async function BillingPage() {
  const principal = await getConsoleSession();
  return <BudgetView canManage={!!principal && isCompanyAdmin(principal)} />;
}
