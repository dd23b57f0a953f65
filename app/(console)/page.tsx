import type { Metadata } from "next";
import { DashboardView } from "@/components/dashboard/dashboard-view";

export const metadata: Metadata = { title: "Dashboard · DocIntel" };

// The console home: the dashboard (components/dashboard).
export default function HomePage() {
  return <DashboardView />;
}
