"use client";
// The configured models (GET /api/v3/models); they change only with the server's configuration.
import { useQuery } from "@tanstack/react-query";
import type { TModel } from "@/lib/contracts/models";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useModels() {
  return useQuery<{ results: TModel[] }, ApiError>({
    queryKey: queryKeys.models.list(),
    queryFn: ({ signal }) => apiClient.get<{ results: TModel[] }>("/api/v3/models", { signal }),
    staleTime: 5 * 60_000,
  });
}
