"use client";
// GET /api/v3/system/maintenance (instance admins): maintenance periods, newest first.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TMaintenancePeriod } from "@/lib/contracts/system";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type { TMaintenancePeriod } from "@/lib/contracts/system";

export function useMaintenancePeriods(query: QueryOf<typeof endpoints.system.listMaintenance> = {}, options: { enabled?: boolean } = {}) {
  return useQuery<TPaginated<TMaintenancePeriod>, ApiError>({
    queryKey: queryKeys.system.maintenance(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.system.listMaintenance, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
