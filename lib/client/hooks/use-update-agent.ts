"use client";
// PATCH /api/v3/agents/{id} (its owner or a company admin).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TAgent, ZAgentUpdate } from "@/lib/contracts/agents";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useUpdateAgent(id: number) {
  const qc = useQueryClient();
  return useMutation<TAgent, ApiError, z.input<typeof ZAgentUpdate>>({
    mutationFn: (body) => apiClient.patch<TAgent>(`/api/v3/agents/${id}`, body),
    onSuccess: (agent) => {
      qc.setQueryData(queryKeys.agents.detail(id), agent);
      void qc.invalidateQueries({ queryKey: queryKeys.agents.lists() });
    },
  });
}
