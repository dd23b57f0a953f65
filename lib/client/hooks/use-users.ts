"use client";
// The users of the caller's company matching a search (GET /api/v3/users), for pickers. The search is
// debounced here so that typing sends one request per pause. A 403 (the caller may not list users, e.g. a
// workspace owner without a company role) is not retried (query-client default for 4xx): pickers fall back.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TCompanyUser } from "@/lib/contracts/users";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";
import { useDebouncedValue } from "./use-debounced-value";

export type { TCompanyUser } from "@/lib/contracts/users";

/** Enough suggestions for a dropdown; the search narrows the rest. */
export const USER_PICKER_PAGE_SIZE = 20;

export function useUsers(search: string, opts: { enabled?: boolean } = {}) {
  const term = useDebouncedValue(search.trim(), 250);
  const query = { search: term || undefined, page_size: USER_PICKER_PAGE_SIZE };
  const result = useQuery<TPaginated<TCompanyUser>, ApiError>({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.users.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
    staleTime: 30_000,
  });
  /** True while the typed text has not yet reached the server (debounce pending or request in flight). */
  const settling = term !== search.trim() || result.isFetching;
  return { ...result, settling };
}
