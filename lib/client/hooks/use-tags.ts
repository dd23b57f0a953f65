"use client";
// The company's tags (GET /api/v3/tags), filtered by name and paged.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TTag } from "@/lib/contracts/tags";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type { TTag } from "@/lib/contracts/tags";

export function useTags(query: QueryOf<typeof endpoints.tags.list> = {}) {
  return useQuery<TPaginated<TTag>, ApiError>({
    queryKey: queryKeys.tags.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.tags.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
