// Page limits of one parse: a page selection within the document, and at most `maxPages` selected pages
// (400 max_pages_exceeded). PDFs are checked from the trailer before any page is parsed (where the converter
// runs: pdfinfo is a child process, and spawning one from the web process blocks its event loop); every
// document is checked again on the converter's page count.
import { AppError } from "@/lib/errors";
import { checkPageRange, type PageRange } from "./page-range";
import { pdfPageCount } from "./render";
import type { DetectedType } from "./types";

export interface PageLimits {
  pageRange?: PageRange;
  /** Refuse documents (after page selection) with more pages than this. */
  maxPages?: number;
  /** Whose limit `maxPages` is, for the message: a request's (default) or that of files ingested into workspaces. */
  scope?: "request" | "ingestion";
}

function selectedCount(pageCount: number, range?: PageRange): number {
  return range ? range.pages.filter((p) => p <= pageCount).length : pageCount;
}

export function checkPageLimits(pageCount: number, limits: PageLimits): void {
  if (limits.pageRange) checkPageRange(limits.pageRange, pageCount);
  const selected = selectedCount(pageCount, limits.pageRange);
  if (limits.maxPages !== undefined && selected > limits.maxPages) {
    const pages = `${selected} page${selected === 1 ? "" : "s"}`;
    throw new AppError(
      "max_pages_exceeded",
      limits.scope === "ingestion"
        ? `The document has ${pages}; files ingested into a workspace may have at most ${limits.maxPages} pages. Nothing was ingested: split the document into smaller files.`
        : `The document has ${pages} to parse; the limit for this request is ${limits.maxPages}. Select pages with page_range or use async mode.`,
    );
  }
}

/** Before conversion: a PDF's page count from its trailer. An unreadable PDF is left to the converter, which reports it. */
export async function checkPageLimitsBefore(path: string, type: DetectedType, limits: PageLimits): Promise<void> {
  if (type.kind !== "pdf") return;
  const count = await pdfPageCount(path).catch(() => null);
  if (count !== null) checkPageLimits(count, limits);
}
