"use client";
// The company's tags (GET /api/v3/tags), filtered by name and paged.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZTag } from "@/lib/contracts/tags";
import { apiClient, type ApiError, type Query } from "../api-client";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type TTag = z.infer<typeof ZTag>;

export function useTags(query: Query = {}) {
  return useQuery<TPaginated<TTag>, ApiError>({
    queryKey: queryKeys.tags.list(query),
    queryFn: ({ signal }) => apiClient.get<TPaginated<TTag>>("/api/v3/tags", { query, signal }),
    placeholderData: keepPreviousData,
  });
}
