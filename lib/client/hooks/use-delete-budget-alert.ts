"use client";
// DELETE /api/v3/billing/budget/alerts/{id} (company admins; its past events stay, with alert_id null).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useDeleteBudgetAlert() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.billing.deleteAlert, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
