"use client";
// Workspaces: the list (GET /api/v3/workspaces), one workspace with members and scoped keys
// (GET /api/v3/workspaces/{id}).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useWorkspaces(query: QueryOf<typeof endpoints.workspaces.list> = {}, options: { enabled?: boolean } = {}) {
  return useQuery<TPaginated<TWorkspace>, ApiError>({
    enabled: options.enabled,
    queryKey: queryKeys.workspaces.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.workspaces.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkspace(id: number) {
  return useQuery<TWorkspace, ApiError>({
    queryKey: queryKeys.workspaces.detail(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.workspaces.get, { params: { id }, signal }),
  });
}
