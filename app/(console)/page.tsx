import type { Metadata } from "next";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { getConsoleSession } from "@/lib/auth/console-session";
import { freeCreditsApply } from "@/lib/billing/get-credits";

export const metadata: Metadata = { title: "Dashboard · DocIntel" };

// The console home: the dashboard (components/dashboard). Free-tier credits are asked for only when they
// apply to the company's tier, so other tiers make no request that is bound to fail.
export default async function HomePage() {
  const principal = await getConsoleSession();
  return <DashboardView showCredits={principal ? await freeCreditsApply(principal) : false} />;
}
