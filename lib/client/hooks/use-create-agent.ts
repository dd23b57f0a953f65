"use client";
// POST /api/v3/agents: an agent owned by the caller.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TAgent, ZAgentCreate } from "@/lib/contracts/agents";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useCreateAgent() {
  const qc = useQueryClient();
  return useMutation<TAgent, ApiError, z.input<typeof ZAgentCreate>>({
    mutationFn: (body) => apiClient.post<TAgent>("/api/v3/agents", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.agents.all }),
  });
}
