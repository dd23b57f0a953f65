"use client";
// Dashboard reads: storage footprint and allowance, this month's storage charge, free-tier credits, the
// 30-day usage histogram and the open period's spend by feature (lib/contracts/usage.ts).
import { useQuery } from "@tanstack/react-query";
import type { TCompanyCredits, TCompanyStorage, TCurrentPeriod, TStorageCost, TUsageHistogram } from "@/lib/contracts/usage";
import { ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type { TCompanyCredits, TCompanyStorage, TCurrentPeriod, TStorageCost, TUsageHistogram } from "@/lib/contracts/usage";

export function useStorage() {
  return useQuery<TCompanyStorage, ApiError>({
    queryKey: queryKeys.usage.storage(),
    queryFn: ({ signal }) => callEndpoint(endpoints.usage.storage, { signal }),
  });
}

export function useStorageCost() {
  return useQuery<TStorageCost, ApiError>({
    queryKey: queryKeys.usage.storageCost(),
    queryFn: ({ signal }) => callEndpoint(endpoints.usage.storageCost, { signal }),
  });
}

/** Free-tier credits, or null when none apply: the API answers 403 to paid, exempt and unenforced companies. */
export function useCredits() {
  return useQuery<TCompanyCredits | null, ApiError>({
    queryKey: queryKeys.usage.credits(),
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(endpoints.usage.credits, { signal });
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
    queryFn: ({ signal }) => callEndpoint(endpoints.usage.histogram, { query, signal }),
  });
}

export function useCurrentPeriod() {
  return useQuery<TCurrentPeriod, ApiError>({
    queryKey: queryKeys.usage.currentPeriod(),
    queryFn: ({ signal }) => callEndpoint(endpoints.usage.currentPeriod, { signal }),
  });
}
