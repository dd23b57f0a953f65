"use client";
// Workspaces: the list (GET /api/v3/workspaces), one workspace with members and scoped keys
// (GET /api/v3/workspaces/{id}).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { apiClient, type ApiError, type Query } from "../api-client";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useWorkspaces(query: Query = {}, options: { enabled?: boolean } = {}) {
  return useQuery<TPaginated<TWorkspace>, ApiError>({
    enabled: options.enabled,
    queryKey: queryKeys.workspaces.list(query),
    queryFn: ({ signal }) => apiClient.get<TPaginated<TWorkspace>>("/api/v3/workspaces", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkspace(id: number) {
  return useQuery<TWorkspace, ApiError>({
    queryKey: queryKeys.workspaces.detail(id),
    queryFn: ({ signal }) => apiClient.get<TWorkspace>(`/api/v3/workspaces/${id}`, { signal }),
  });
}
