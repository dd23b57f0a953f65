"use client";
// DELETE /api/v3/workspaces/{id}; `force` also deletes the documents it holds.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useDeleteWorkspace() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, { id: number; force?: boolean }>({
    mutationFn: ({ id, force }) => callEndpoint(endpoints.workspaces.delete, { params: { id }, query: force ? { force: true } : undefined }),
    onSuccess: (_data, { id }) => {
      qc.removeQueries({ queryKey: queryKeys.workspaces.detail(id) });
      // Files, API keys and agents may refer to the workspace that is gone.
      for (const key of [queryKeys.workspaces.lists(), queryKeys.files.all, queryKeys.apiKeys.all, queryKeys.agents.all]) {
        void qc.invalidateQueries({ queryKey: key });
      }
    },
  });
}
