// /ask: questions answered from the caller's documents, streamed with citations (components/ask).
import type { Metadata } from "next";
import { Suspense } from "react";
import { AskView } from "@/components/ask/ask-view";

export const metadata: Metadata = { title: "Ask · DocIntel" };

export default function AskPage() {
  // useSearchParams (the chosen agent) needs a Suspense boundary.
  return (
    <Suspense>
      <AskView />
    </Suspense>
  );
}
