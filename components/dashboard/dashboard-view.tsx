"use client";
// The console home: storage against the allowance, the open period's spend by feature, free-tier credits
// when they apply, and the last 30 days of usage stacked per feature.
import Link from "next/link";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { useUsageHistogram } from "@/lib/client/hooks/use-usage";
import { Card, Loading } from "./card";
import { CreditsCard } from "./credits-card";
import { SpendCard } from "./spend-card";
import { StorageCard } from "./storage-card";
import { UsageChart } from "./usage-chart";

export function DashboardView({ showCredits }: { showCredits: boolean }) {
  const histogram = useUsageHistogram();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Dashboard"
        description="Storage, spend and usage of your company at a glance."
        actions={
          <Link
            href="/billing"
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            Budget and alerts
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <StorageCard />
        <SpendCard />
        {showCredits && <CreditsCard />}
      </div>
      <Card
        title="Usage, last 30 days"
        id="usage-heading"
        actions={<span className="text-xs text-slate-500">Your API keys and console use, per UTC day</span>}
      >
        {histogram.isPending ? (
          <Loading what="usage" />
        ) : histogram.error ? (
          <ApiErrorAlert error={histogram.error} title="Usage could not be loaded" />
        ) : (
          <UsageChart histogram={histogram.data} />
        )}
      </Card>
    </main>
  );
}
