"use client";
// GET /api/v3/system/status, polled every 30 s while the console is open (also in background tabs, so a
// shutdown shows up without a reload). `initialData` comes from the server render of the shell.
import { useQuery } from "@tanstack/react-query";
import type { TSystemStatus } from "@/lib/contracts/system";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type { TSystemStatus } from "@/lib/contracts/system";

export const STATUS_POLL_MS = 30_000;

export function useSystemStatus(initialData?: TSystemStatus) {
  return useQuery<TSystemStatus, ApiError>({
    queryKey: queryKeys.system.status(),
    queryFn: ({ signal }) => callEndpoint(endpoints.system.status, { signal }),
    initialData,
    // initialData counts as fresh for one poll interval, then the interval keeps it current.
    initialDataUpdatedAt: initialData ? Date.now() : undefined,
    staleTime: STATUS_POLL_MS,
    refetchInterval: STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
