"use client";
// PATCH /api/v3/agents/{id} (its owner or a company admin).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAgent } from "@/lib/contracts/agents";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useUpdateAgent(id: number) {
  const qc = useQueryClient();
  return useMutation<TAgent, ApiError, BodyOf<typeof endpoints.agents.update>>({
    mutationFn: (body) => callEndpoint(endpoints.agents.update, { params: { id }, body }),
    onSuccess: (agent) => {
      qc.setQueryData(queryKeys.agents.detail(id), agent);
      void qc.invalidateQueries({ queryKey: queryKeys.agents.lists() });
    },
  });
}
