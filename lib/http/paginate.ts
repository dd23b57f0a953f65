// The page envelope used across the API: {count, next, previous, results}. Use cases return a Page
// (lib/pagination.ts); only this layer knows the request URL the links are built from.
import type { Page, PageRequest } from "@/lib/pagination";
import { type ApiResult, baseUrl, ok } from "./respond";

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function pageLink(req: Request, page: number): string {
  const url = new URL(req.url);
  const out = new URL(url.pathname + url.search, baseUrl(req));
  out.searchParams.set("page", String(page));
  return out.toString();
}

export function paginated<T>(req: Request, pageReq: PageRequest, { count, results }: Page<T>): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(count / pageReq.page_size));
  return {
    count,
    next: pageReq.page < lastPage ? pageLink(req, pageReq.page + 1) : null,
    previous: pageReq.page > 1 ? pageLink(req, Math.min(pageReq.page - 1, lastPage)) : null,
    results,
  };
}

/** 200 with the page envelope: what a list route returns for its use case's Page. */
export function okPage<T>(req: Request, pageReq: PageRequest, page: Page<T>): ApiResult {
  return ok(paginated(req, pageReq, page));
}
