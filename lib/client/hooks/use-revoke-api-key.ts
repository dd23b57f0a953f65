"use client";
// DELETE /api/v3/api-keys/{id}: the key is refused from now on.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (id) => callEndpoint(endpoints.apiKeys.revoke, { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      void qc.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
