import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PublicDatasetsView } from "@/components/public-datasets/public-datasets-view";
import { getConsoleSession } from "@/lib/auth/console-session";
import { canManagePublicDatasets } from "@/lib/auth/permissions";
import { mayBrowsePublicDatasets } from "@/lib/workspaces/access";

export const metadata: Metadata = { title: "Public datasets · DocIntel" };

// Members of a company opted in to public datasets, and public-dataset managers. For anyone else the page
// does not exist (404), as the navigation does not offer it: nothing hints that public datasets exist.
export default async function PublicDatasetsPage() {
  const principal = await getConsoleSession();
  if (!principal || !(await mayBrowsePublicDatasets(principal))) notFound();
  return <PublicDatasetsView canManage={canManagePublicDatasets(principal)} />;
}
