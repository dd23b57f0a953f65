"use client";
// PUT /api/v3/billing/budget: creates (201) or replaces (200) the budget (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBudget } from "@/lib/contracts/billing";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useSaveBudget() {
  const qc = useQueryClient();
  return useMutation<TBudget, ApiError, BodyOf<typeof endpoints.billing.putBudget>>({
    mutationFn: (body) => callEndpoint(endpoints.billing.putBudget, { body }),
    onSuccess: (budget) => {
      qc.setQueryData(queryKeys.billing.budget(), budget);
      void qc.invalidateQueries({ queryKey: queryKeys.billing.all });
    },
  });
}
