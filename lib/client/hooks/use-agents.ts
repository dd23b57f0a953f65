"use client";
// Agents visible to the caller (GET /api/v3/agents) and one agent (GET /api/v3/agents/{id}).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TAgent } from "@/lib/contracts/agents";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useAgents(query: QueryOf<typeof endpoints.agents.list> = {}) {
  return useQuery<TPaginated<TAgent>, ApiError>({
    queryKey: queryKeys.agents.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.agents.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgent(id: number) {
  return useQuery<TAgent, ApiError>({
    queryKey: queryKeys.agents.detail(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.agents.get, { params: { id }, signal }),
  });
}
