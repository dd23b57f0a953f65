"use client";
// Agents visible to the caller (GET /api/v3/agents) and one agent (GET /api/v3/agents/{id}).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TAgent } from "@/lib/contracts/agents";
import { apiClient, type ApiError, type Query } from "../api-client";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useAgents(query: Query = {}) {
  return useQuery<TPaginated<TAgent>, ApiError>({
    queryKey: queryKeys.agents.list(query),
    queryFn: ({ signal }) => apiClient.get<TPaginated<TAgent>>("/api/v3/agents", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgent(id: number) {
  return useQuery<TAgent, ApiError>({
    queryKey: queryKeys.agents.detail(id),
    queryFn: ({ signal }) => apiClient.get<TAgent>(`/api/v3/agents/${id}`, { signal }),
  });
}
