"use client";
// API keys (GET /api/v3/api-keys): the caller's own, or every key of the company for company admins.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TApiKey } from "@/lib/contracts/api-keys";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type { TApiKey, TApiKeyCreated } from "@/lib/contracts/api-keys";

export function useApiKeys(query: QueryOf<typeof endpoints.apiKeys.list> = {}) {
  return useQuery<TPaginated<TApiKey>, ApiError>({
    queryKey: queryKeys.apiKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.apiKeys.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
