// The ingestion status of a file as a coloured badge; statuses still moving show a spinner.

import { cx } from "@/components/ui";
import type { TFile } from "@/lib/contracts/files";

type Status = TFile["status"];

export const STATUS_LABELS: Record<Status, string> = {
  pending: "Pending",
  pending_conversion: "Waiting for conversion",
  converting: "Converting",
  parsing: "Parsing",
  parsed: "Parsed",
  embedding: "Embedding",
  embedded: "Embedded",
  updating: "Updating",
  parsing_failed: "Parsing failed",
  embedding_failed: "Embedding failed",
  fail: "Failed",
};

const FAILED = new Set<Status>(["parsing_failed", "embedding_failed", "fail"]);

export function FileStatusBadge({ status, detail }: { status: Status; detail?: string | null }) {
  const failed = FAILED.has(status);
  const done = status === "embedded";
  return (
    <span
      data-status={status}
      title={detail ?? undefined}
      className={cx(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium",
        failed ? "bg-red-100 text-red-800" : done ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900",
      )}
    >
      {!failed && !done && <span aria-hidden="true" className="h-2.5 w-2.5 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {STATUS_LABELS[status]}
    </span>
  );
}
