import type { TParseJob } from "@/lib/contracts/parse";
import type { ParseJob } from "@/lib/db/generated/client";

export function serializeParseJob(j: ParseJob): TParseJob {
  const inFlight = j.status === "pending" || j.status === "processing";
  const progress = j.progress as { percentage: number; pages_processed: number } | null;
  return {
    id: j.id,
    status: j.status as TParseJob["status"],
    created_at: j.createdAt.toISOString(),
    completed_at: j.completedAt?.toISOString() ?? null,
    processing_time_ms: j.processingTimeMs,
    document: {
      filename: j.filename,
      page_count: inFlight ? null : j.pageCount,
      file_size_bytes: j.fileSizeBytes,
      mime_type: j.mimeType,
    },
    result: j.status === "completed" ? (j.result as TParseJob["result"]) : null,
    usage: j.status === "completed" ? (j.usage as TParseJob["usage"]) : null,
    progress: inFlight ? (progress ?? { percentage: 0, pages_processed: 0 }) : null,
    error: j.status === "failed" ? (j.error as TParseJob["error"]) : null,
  };
}
