"use client";
// GET /api/v3/system/maintenance (instance admins): maintenance periods, newest first.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZMaintenancePeriod } from "@/lib/contracts/system";
import { apiClient, type ApiError, type Query } from "../api-client";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type TMaintenancePeriod = z.infer<typeof ZMaintenancePeriod>;

export function useMaintenancePeriods(query: Query = {}, options: { enabled?: boolean } = {}) {
  return useQuery<TPaginated<TMaintenancePeriod>, ApiError>({
    queryKey: queryKeys.system.maintenance(query),
    queryFn: ({ signal }) => apiClient.get("/api/v3/system/maintenance", { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
