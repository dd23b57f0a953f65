// Page-number pagination as use cases see it: the page asked for and the page found (total count + rows).
// The HTTP layer (lib/http/paginate.ts) turns a Page into the wire envelope with `next`/`previous` links.

export interface PageRequest {
  page: number;
  page_size: number;
}

export interface Page<T> {
  count: number;
  results: T[];
}

export function pageWindow({ page, page_size }: PageRequest): { skip: number; take: number } {
  return { skip: (page - 1) * page_size, take: page_size };
}

/**
 * The total count when a page's rows already tell it (a page that is not full and not past the end), else
 * null: the caller then counts. Saves the count statement on most first pages.
 */
export function countFromPage({ skip, take }: { skip: number; take: number }, rowsOnPage: number): number | null {
  return rowsOnPage < take && (rowsOnPage > 0 || skip === 0) ? skip + rowsOnPage : null;
}
