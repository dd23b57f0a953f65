"use client";
// POST /api/v3/billing/budget/alerts (company admins; 404 without a budget, 409 for a duplicate threshold).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBudgetAlert, TThresholdType } from "@/lib/contracts/billing";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export interface TBudgetAlertInput {
  threshold_type: TThresholdType;
  threshold_value: string;
  is_enabled?: boolean;
}

export function useCreateBudgetAlert() {
  const qc = useQueryClient();
  return useMutation<TBudgetAlert, ApiError, TBudgetAlertInput>({
    mutationFn: (body) => apiClient.post<TBudgetAlert>("/api/v3/billing/budget/alerts", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
