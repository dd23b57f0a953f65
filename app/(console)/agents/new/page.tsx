import type { Metadata } from "next";
import { NewAgent } from "@/components/agents/agent-editor";

export const metadata: Metadata = { title: "New agent · DocIntel" };

export default function NewAgentPage() {
  return <NewAgent />;
}
