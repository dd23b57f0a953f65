"use client";
// The company's budget with its alerts (GET /api/v3/billing/budget; null while none is set: the API answers
// 404) and the alert events, newest first (GET /api/v3/billing/budget/alert-events).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZBudgetAlertEvent, TBudget } from "@/lib/contracts/billing";
import { ApiError, apiClient, type Query } from "../api-client";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type { TBudget, TBudgetAlert } from "@/lib/contracts/billing";
export type TBudgetAlertEvent = z.infer<typeof ZBudgetAlertEvent>;

export function useBudget() {
  return useQuery<TBudget | null, ApiError>({
    queryKey: queryKeys.billing.budget(),
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get<TBudget>("/api/v3/billing/budget", { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export function useBudgetAlertEvents(query: Query = {}) {
  return useQuery<TPaginated<TBudgetAlertEvent>, ApiError>({
    queryKey: queryKeys.billing.alertEvents(query),
    queryFn: ({ signal }) => apiClient.get("/api/v3/billing/budget/alert-events", { query, signal }),
    placeholderData: keepPreviousData,
  });
}
