"use client";
// The configured models (GET /api/v3/models); they change only with the server's configuration.
import { useQuery } from "@tanstack/react-query";
import type { TModelList } from "@/lib/contracts/models";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useModels() {
  return useQuery<TModelList, ApiError>({
    queryKey: queryKeys.models.list(),
    queryFn: ({ signal }) => callEndpoint(endpoints.models.list, { signal }),
    staleTime: 5 * 60_000,
  });
}
