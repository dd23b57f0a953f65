// The ingestion status of a file as people read it: "Ready", "Processing" (with a spinner) or "Failed". The
// pipeline's own stage ("Parsing", "Embedding", …) stays available as the badge's details (tooltip and
// screen-reader text) and on the file page; `data-status` keeps the API's value for scripts and tests.

import { cx } from "@/components/ui";
import type { TFile } from "@/lib/contracts/files";

type Status = TFile["status"];

/** The technical stage of each status, for details and the "Processing stage" filter. */
export const STATUS_LABELS: Record<Status, string> = {
  pending: "Waiting to start",
  pending_conversion: "Waiting for conversion",
  converting: "Converting",
  parsing: "Reading the text",
  parsed: "Text read, indexing",
  embedding: "Indexing for search",
  embedded: "Indexed for search",
  updating: "Updating",
  parsing_failed: "Reading the text failed",
  embedding_failed: "Indexing failed",
  fail: "Failed",
};

const FAILED = new Set<Status>(["parsing_failed", "embedding_failed", "fail"]);

export type UserStatus = "Ready" | "Processing" | "Failed";

export function userStatus(status: Status): UserStatus {
  return status === "embedded" ? "Ready" : FAILED.has(status) ? "Failed" : "Processing";
}

export function FileStatusBadge({ status, detail }: { status: Status; detail?: string | null }) {
  const shown = userStatus(status);
  const stage = `Stage: ${STATUS_LABELS[status]} (${status})${detail ? ` — ${detail}` : ""}`;
  return (
    <span
      data-status={status}
      title={stage}
      className={cx(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium",
        shown === "Failed" ? "bg-red-100 text-red-800" : shown === "Ready" ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900",
      )}
    >
      {shown === "Processing" && (
        <span aria-hidden="true" className="h-2.5 w-2.5 animate-spin rounded-full border-2 border-current border-t-transparent" />
      )}
      {shown}
      {shown !== "Ready" && <span className="sr-only">, {stage}</span>}
    </span>
  );
}
