"use client";
// The signed-in user, company and role (GET /api/v3/auth/session).
import { useQuery } from "@tanstack/react-query";
import type { TCurrentUser } from "@/lib/contracts/auth";
import { apiClient } from "../api-client";
import { queryKeys } from "../query-keys";

export function useCurrentUser(initialData?: TCurrentUser) {
  return useQuery({
    queryKey: queryKeys.auth.session(),
    queryFn: ({ signal }) => apiClient.get<TCurrentUser>("/api/v3/auth/session", { signal }),
    initialData,
  });
}
