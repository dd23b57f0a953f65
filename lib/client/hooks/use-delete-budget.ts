"use client";
// DELETE /api/v3/billing/budget: the budget and its alerts go; past alert events stay (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useDeleteBudget() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: () => callEndpoint(endpoints.billing.deleteBudget),
    onSuccess: () => {
      qc.setQueryData(queryKeys.billing.budget(), null);
      void qc.invalidateQueries({ queryKey: queryKeys.billing.all });
    },
  });
}
