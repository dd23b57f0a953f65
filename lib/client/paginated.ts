// The v3 paginated envelope (lib/contracts/common.ts zPaginated) as a browser-side type.
export interface TPaginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Largest page the API serves: pickers (workspaces, tags) load one page of this size. */
export const MAX_PAGE_SIZE = 500;
