// The Extract job envelope of the spec. Every part is always an object (unlike parse's nullable blocks):
// `result.data` is empty and `usage.pages_processed` 0 until the job completes; `progress` keeps its last
// value after the job ends; `error` is the one nullable block, set only on failure.
import { EXTRACT_PAGE_SIZE, type TExtractJob } from "@/lib/contracts/extract";
import type { ExtractJob } from "@/lib/db/generated/client";

/** The Extract job envelope with one page of rows (the caller checked `page` against the job). */
export function serializeExtractJob(j: ExtractJob, page: number, rows: Record<string, unknown>[]): TExtractJob {
  const totalItems = j.status === "completed" ? j.resultCount : 0;
  const totalPages = Math.ceil(totalItems / EXTRACT_PAGE_SIZE);
  const progress = (j.progress as TExtractJob["progress"] | null) ?? { percentage: 0, pages_processed: 0 };
  return {
    id: j.id,
    status: j.status as TExtractJob["status"],
    created_at: j.createdAt.toISOString(),
    completed_at: j.completedAt?.toISOString() ?? null,
    processing_time_ms: j.processingTimeMs,
    document: { filename: j.filename, page_count: j.pageCount, file_size_bytes: j.fileSizeBytes, mime_type: j.mimeType },
    result: {
      data: rows,
      pagination: {
        page,
        page_size: EXTRACT_PAGE_SIZE,
        total_items: totalItems,
        total_pages: totalPages,
        has_next: page < totalPages,
        has_prev: page > 1,
      },
    },
    usage: { pages_processed: j.status === "completed" ? j.pagesProcessed : 0 },
    progress,
    error: j.status === "failed" ? (j.error as TExtractJob["error"]) : null,
  };
}
