"use client";
// GET /api/v3/notifications for the bell: maintenance (in progress and ahead), the announcement and the
// company's budget alerts; polled every minute, refreshed with the system status (same key family).
import { useQuery } from "@tanstack/react-query";
import type { TNotification } from "@/lib/contracts/notifications";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type { TNotification } from "@/lib/contracts/notifications";

const POLL_MS = 60_000;

export function useNotifications() {
  return useQuery<{ count: number; results: TNotification[] }, ApiError>({
    queryKey: queryKeys.system.notifications(),
    queryFn: ({ signal }) => callEndpoint(endpoints.notifications.list, { query: { page: 1, page_size: 50 }, signal }),
    staleTime: POLL_MS,
    refetchInterval: POLL_MS,
  });
}
