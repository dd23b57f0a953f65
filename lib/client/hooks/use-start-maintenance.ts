"use client";
// POST /api/v3/system/maintenance (instance admins): starts a maintenance period.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZMaintenanceCreate } from "@/lib/contracts/system";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";
import type { TMaintenancePeriod } from "./use-maintenance-periods";

export function useStartMaintenance() {
  const qc = useQueryClient();
  return useMutation<TMaintenancePeriod, ApiError, z.input<typeof ZMaintenanceCreate>>({
    mutationFn: (body) => apiClient.post<TMaintenancePeriod>("/api/v3/system/maintenance", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
