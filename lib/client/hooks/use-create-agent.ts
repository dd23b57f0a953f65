"use client";
// POST /api/v3/agents: an agent owned by the caller.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAgent } from "@/lib/contracts/agents";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useCreateAgent() {
  const qc = useQueryClient();
  return useMutation<TAgent, ApiError, BodyOf<typeof endpoints.agents.create>>({
    mutationFn: (body) => callEndpoint(endpoints.agents.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.agents.all }),
  });
}
