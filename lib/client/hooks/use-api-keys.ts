"use client";
// API keys (GET /api/v3/api-keys): the caller's own, or every key of the company for company admins.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZApiKey, ZApiKeyCreated } from "@/lib/contracts/api-keys";
import { apiClient, type ApiError, type Query } from "../api-client";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type TApiKey = z.infer<typeof ZApiKey>;
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export function useApiKeys(query: Query = {}) {
  return useQuery<TPaginated<TApiKey>, ApiError>({
    queryKey: queryKeys.apiKeys.list(query),
    queryFn: ({ signal }) => apiClient.get<TPaginated<TApiKey>>("/api/v3/api-keys", { query, signal }),
    placeholderData: keepPreviousData,
  });
}
