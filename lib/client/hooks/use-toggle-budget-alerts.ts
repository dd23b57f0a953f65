"use client";
// PATCH /api/v3/billing/budget/alerts: enable or disable every alert at once; answers {updated}.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint, type ResponseOf } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useToggleBudgetAlerts() {
  const qc = useQueryClient();
  return useMutation<ResponseOf<typeof endpoints.billing.toggleAlerts>, ApiError, boolean>({
    mutationFn: (isEnabled) => callEndpoint(endpoints.billing.toggleAlerts, { body: { is_enabled: isEnabled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
