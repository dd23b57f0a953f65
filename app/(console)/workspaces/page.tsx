import type { Metadata } from "next";
import { WorkspacesView } from "@/components/workspaces/workspaces-view";

export const metadata: Metadata = { title: "Workspaces · DocIntel" };

export default function WorkspacesPage() {
  return <WorkspacesView />;
}
