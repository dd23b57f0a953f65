// Page-number pagination with the envelope used across the API: {count, next, previous, results}.
import { baseUrl } from "./respond";

export interface PageRequest {
  page: number;
  page_size: number;
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function pageWindow({ page, page_size }: PageRequest): { skip: number; take: number } {
  return { skip: (page - 1) * page_size, take: page_size };
}

function pageLink(req: Request, page: number): string {
  const url = new URL(req.url);
  const out = new URL(url.pathname + url.search, baseUrl(req));
  out.searchParams.set("page", String(page));
  return out.toString();
}

export function paginated<T>(req: Request, pageReq: PageRequest, count: number, results: T[]): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(count / pageReq.page_size));
  return {
    count,
    next: pageReq.page < lastPage ? pageLink(req, pageReq.page + 1) : null,
    previous: pageReq.page > 1 ? pageLink(req, Math.min(pageReq.page - 1, lastPage)) : null,
    results,
  };
}
