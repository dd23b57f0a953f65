"use client";
// Dashboard reads: storage footprint and allowance, this month's storage charge, free-tier credits, the
// 30-day usage histogram and the open period's spend by feature (lib/contracts/usage.ts).
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZCompanyCredits, ZCompanyStorage, ZCurrentPeriod, ZStorageCost, ZUsageHistogram } from "@/lib/contracts/usage";
import { ApiError, apiClient } from "../api-client";
import { queryKeys } from "../query-keys";

export type TCompanyStorage = z.infer<typeof ZCompanyStorage>;
export type TStorageCost = z.infer<typeof ZStorageCost>;
export type TCompanyCredits = z.infer<typeof ZCompanyCredits>;
export type TUsageHistogram = z.infer<typeof ZUsageHistogram>;
export type TCurrentPeriod = z.infer<typeof ZCurrentPeriod>;

export function useStorage() {
  return useQuery<TCompanyStorage, ApiError>({
    queryKey: queryKeys.usage.storage(),
    queryFn: ({ signal }) => apiClient.get("/api/v3/storage", { signal }),
  });
}

export function useStorageCost() {
  return useQuery<TStorageCost, ApiError>({
    queryKey: queryKeys.usage.storageCost(),
    queryFn: ({ signal }) => apiClient.get("/api/v3/storage/cost", { signal }),
  });
}

/** Free-tier credits, or null when none apply: the API answers 403 to paid, exempt and unenforced companies. */
export function useCredits() {
  return useQuery<TCompanyCredits | null, ApiError>({
    queryKey: queryKeys.usage.credits(),
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get<TCompanyCredits>("/api/v3/credits", { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 403 && err.code === "insufficient_permissions") return null;
        throw err;
      }
    },
  });
}

export function useUsageHistogram(apiKeyId?: string) {
  const query = apiKeyId ? { api_key_id: apiKeyId } : {};
  return useQuery<TUsageHistogram, ApiError>({
    queryKey: queryKeys.usage.histogram(query),
    queryFn: ({ signal }) => apiClient.get("/api/v3/usage", { query, signal }),
  });
}

export function useCurrentPeriod() {
  return useQuery<TCurrentPeriod, ApiError>({
    queryKey: queryKeys.usage.currentPeriod(),
    queryFn: ({ signal }) => apiClient.get("/api/v3/usage/current-period", { signal }),
  });
}
