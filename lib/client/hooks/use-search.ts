"use client";
// POST /api/v3/search. A search reads and changes nothing, so it is a query (cached per request, shared by
// back/forward navigation) rather than a mutation, even though the request travels as a POST body.
// Each request is metered server-side: no refetch on focus or remount while the answer is fresh.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TSearchResponse } from "@/lib/contracts/search";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

/** The request as sent (the input side of the contract: defaults filled in by the server). */
export type TSearchInput = BodyOf<typeof endpoints.search.search>;

export function useSearch(request: TSearchInput | null) {
  return useQuery<TSearchResponse, ApiError>({
    queryKey: queryKeys.search.results(request ?? {}),
    // Only enabled with a request.
    queryFn: ({ signal }) => callEndpoint(endpoints.search.search, { body: request as TSearchInput, signal }),
    enabled: request !== null,
    staleTime: 5 * 60_000,
    refetchOnMount: false,
    placeholderData: keepPreviousData,
  });
}
