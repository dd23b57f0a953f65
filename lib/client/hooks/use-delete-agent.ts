"use client";
// DELETE /api/v3/agents/{id} (its owner or a company admin).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.agents.delete, { params: { id } }),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: queryKeys.agents.detail(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.agents.lists() });
    },
  });
}
