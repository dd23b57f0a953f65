import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditAgent } from "@/components/agents/agent-editor";

export const metadata: Metadata = { title: "Agent · DocIntel" };

export default async function AgentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) notFound();
  return <EditAgent id={n} />;
}
