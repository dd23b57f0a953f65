import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WorkspaceDetail } from "@/components/workspaces/workspace-detail";

export const metadata: Metadata = { title: "Workspace · DocIntel" };

export default async function WorkspacePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) notFound();
  return <WorkspaceDetail id={n} />;
}
