"use client";
// PATCH /api/v3/billing/budget/alerts/{id}: any of threshold_type, threshold_value, is_enabled (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBudgetAlert } from "@/lib/contracts/billing";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useUpdateBudgetAlert() {
  const qc = useQueryClient();
  return useMutation<TBudgetAlert, ApiError, { id: number; body: BodyOf<typeof endpoints.billing.updateAlert> }>({
    mutationFn: ({ id, body }) => callEndpoint(endpoints.billing.updateAlert, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
