"use client";
// POST /api/v3/system/maintenance (instance admins): starts a maintenance period.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMaintenancePeriod } from "@/lib/contracts/system";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useStartMaintenance() {
  const qc = useQueryClient();
  return useMutation<TMaintenancePeriod, ApiError, BodyOf<typeof endpoints.system.createMaintenance>>({
    mutationFn: (body) => callEndpoint(endpoints.system.createMaintenance, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
