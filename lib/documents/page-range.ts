// Page ranges: "2-5", "1,3,5-7". Parsed before the document is opened (syntax) and checked against
// its page count after (bounds). Both failures are 400 invalid_page_range.
import { AppError } from "@/lib/errors";

export interface PageRange {
  /** Ascending unique 1-based pages. */
  pages: number[];
  spec: string;
}

const MAX_SPEC_PAGES = 100_000;

function invalid(detail: string): AppError {
  return new AppError("invalid_page_range", detail);
}

export function parsePageRange(spec: string): PageRange {
  const trimmed = spec.replace(/\s+/g, "");
  if (!trimmed) throw invalid("The page range is empty.");
  const pages = new Set<number>();
  for (const part of trimmed.split(",")) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw invalid(`"${part}" is not a page or a range like "2-5".`);
    const start = Number(m[1]);
    const end = m[2] === undefined ? start : Number(m[2]);
    if (start < 1) throw invalid("Pages are numbered from 1.");
    if (end < start) throw invalid(`In "${part}" the start is after the end.`);
    if (end - start + pages.size > MAX_SPEC_PAGES) throw invalid("The page range selects too many pages.");
    for (let p = start; p <= end; p++) pages.add(p);
  }
  return { pages: [...pages].sort((a, b) => a - b), spec: trimmed };
}

/** Throws when the range reaches past the document's last page. */
export function checkPageRange(range: PageRange, pageCount: number): void {
  const last = range.pages[range.pages.length - 1];
  if (last > pageCount) {
    throw invalid(`The page range "${range.spec}" goes beyond the document's ${pageCount} page${pageCount === 1 ? "" : "s"}.`);
  }
}
