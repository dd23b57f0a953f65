"use client";
// Previous / next for the API's paginated envelope (`count` + the page size the caller asked for).
import { Button } from "./button";

export interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  /** Names what is paged, for the navigation landmark ("Agents pages"). */
  label: string;
}

export function Pagination({ page, pageSize, count, onPageChange, label }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count <= pageSize && page === 1) return null;
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        {first}–{last} of {count} · page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
