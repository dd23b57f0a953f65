"use client";
// The company's budget with its alerts (GET /api/v3/billing/budget; null while none is set: the API answers
// 404) and the alert events, newest first (GET /api/v3/billing/budget/alert-events).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TBudget, TBudgetAlertEvent } from "@/lib/contracts/billing";
import { ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type { TBudget, TBudgetAlert, TBudgetAlertEvent } from "@/lib/contracts/billing";

export function useBudget() {
  return useQuery<TBudget | null, ApiError>({
    queryKey: queryKeys.billing.budget(),
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(endpoints.billing.getBudget, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export function useBudgetAlertEvents(query: QueryOf<typeof endpoints.billing.listAlertEvents> = {}) {
  return useQuery<TPaginated<TBudgetAlertEvent>, ApiError>({
    queryKey: queryKeys.billing.alertEvents(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.billing.listAlertEvents, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
