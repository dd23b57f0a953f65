"use client";
// PATCH /api/v3/billing/budget/alerts: enable or disable every alert at once; answers {updated}.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useToggleBudgetAlerts() {
  const qc = useQueryClient();
  return useMutation<{ updated: number }, ApiError, boolean>({
    mutationFn: (isEnabled) => apiClient.patch<{ updated: number }>("/api/v3/billing/budget/alerts", { is_enabled: isEnabled }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
