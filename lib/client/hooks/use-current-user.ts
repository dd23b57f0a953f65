"use client";
// The signed-in user, company and role (GET /api/v3/auth/session).
import { useQuery } from "@tanstack/react-query";
import type { TCurrentUser } from "@/lib/contracts/auth";
import { callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useCurrentUser(initialData?: TCurrentUser) {
  return useQuery({
    queryKey: queryKeys.auth.session(),
    queryFn: ({ signal }) => callEndpoint(endpoints.auth.session, { signal }),
    initialData,
  });
}
