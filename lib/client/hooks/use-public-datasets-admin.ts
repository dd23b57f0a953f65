"use client";
// Public datasets, the instance admin's side: companies and their opt-in (GET/PATCH /api/v3/companies), and
// the instance-level users holding the public-dataset management permission (/api/v3/public-datasets/managers).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCompany, TPublicDatasetManager } from "@/lib/contracts/public-datasets";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useCompanies(query: QueryOf<typeof endpoints.publicDatasets.listCompanies> = {}) {
  return useQuery<TPaginated<TCompany>, ApiError>({
    queryKey: queryKeys.companies.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.publicDatasets.listCompanies, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetCompanyPublicDatasets() {
  const qc = useQueryClient();
  return useMutation<TCompany, ApiError, { id: number; publicDatasets: boolean }>({
    mutationFn: ({ id, publicDatasets }) =>
      callEndpoint(endpoints.publicDatasets.updateCompany, { params: { id }, body: { public_datasets: publicDatasets } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}

export function usePublicDatasetManagers(query: QueryOf<typeof endpoints.publicDatasets.listManagers> = {}) {
  return useQuery<TPaginated<TPublicDatasetManager>, ApiError>({
    queryKey: queryKeys.publicDatasetManagers.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.publicDatasets.listManagers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetPublicDatasetManager() {
  const qc = useQueryClient();
  return useMutation<unknown, ApiError, { userId: number; manages: boolean }>({
    mutationFn: ({ userId, manages }) =>
      manages
        ? callEndpoint(endpoints.publicDatasets.grantManager, { params: { user_id: userId } })
        : callEndpoint(endpoints.publicDatasets.revokeManager, { params: { user_id: userId } }),
    // The permission changes what the workspaces list shows its holder.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.publicDatasetManagers.all }),
        qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
      ]),
  });
}
