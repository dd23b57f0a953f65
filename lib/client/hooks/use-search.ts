"use client";
// POST /api/v3/search. A search reads and changes nothing, so it is a query (cached per request, shared by
// back/forward navigation) rather than a mutation, even though the request travels as a POST body.
// Each request is metered server-side: no refetch on focus or remount while the answer is fresh.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { TSearchResponse, ZSearchRequest } from "@/lib/contracts/search";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

/** The request as sent (the input side of the contract: defaults filled in by the server). */
export type TSearchInput = z.input<typeof ZSearchRequest>;

export function useSearch(request: TSearchInput | null) {
  return useQuery<TSearchResponse, ApiError>({
    queryKey: queryKeys.search.results(request ?? {}),
    queryFn: ({ signal }) => apiClient.post<TSearchResponse>("/api/v3/search", request, { signal }),
    enabled: request !== null,
    staleTime: 5 * 60_000,
    refetchOnMount: false,
    placeholderData: keepPreviousData,
  });
}
