"use client";
// PUT /api/v3/billing/budget: creates (201) or replaces (200) the budget (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBudget } from "@/lib/contracts/billing";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useSaveBudget() {
  const qc = useQueryClient();
  return useMutation<TBudget, ApiError, { amount_eur: string; is_enabled: boolean }>({
    mutationFn: (body) => apiClient.put<TBudget>("/api/v3/billing/budget", body),
    onSuccess: (budget) => {
      qc.setQueryData(queryKeys.billing.budget(), budget);
      void qc.invalidateQueries({ queryKey: queryKeys.billing.all });
    },
  });
}
