"use client";
// The Users page (company admins): the paginated people list with search, role changes, deactivation and
// reactivation (PATCH /api/v3/users/{id}).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCompanyUser } from "@/lib/contracts/users";
import { type ApiError, type BodyOf, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useCompanyUsers(query: QueryOf<typeof endpoints.users.list>) {
  return useQuery<TPaginated<TCompanyUser>, ApiError>({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.users.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation<TCompanyUser, ApiError, { id: number; body: BodyOf<typeof endpoints.users.update> }>({
    mutationFn: ({ id, body }) => callEndpoint(endpoints.users.update, { params: { id }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
