"use client";
// POST /api/v3/billing/budget/alerts (company admins; 404 without a budget, 409 for a duplicate threshold).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBudgetAlert } from "@/lib/contracts/billing";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

/** The contract's body; the console always sends the threshold as a decimal string (the API also takes numbers). */
export type TBudgetAlertInput = BodyOf<typeof endpoints.billing.createAlert> & { threshold_value: string };

export function useCreateBudgetAlert() {
  const qc = useQueryClient();
  return useMutation<TBudgetAlert, ApiError, TBudgetAlertInput>({
    mutationFn: (body) => callEndpoint(endpoints.billing.createAlert, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
