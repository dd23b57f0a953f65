"use client";
// PATCH /api/v3/billing/budget/alerts/{id}: any of threshold_type, threshold_value, is_enabled (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBudgetAlert } from "@/lib/contracts/billing";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";
import type { TBudgetAlertInput } from "./use-create-budget-alert";

export function useUpdateBudgetAlert() {
  const qc = useQueryClient();
  return useMutation<TBudgetAlert, ApiError, { id: number; body: Partial<TBudgetAlertInput> }>({
    mutationFn: ({ id, body }) => apiClient.patch<TBudgetAlert>(`/api/v3/billing/budget/alerts/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
