"use client";
// DELETE /api/v3/workspaces/{id}/members/{user_id} (the last owner cannot be removed).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useRemoveWorkspaceMember(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (userId) => apiClient.delete(`/api/v3/workspaces/${workspaceId}/members/${userId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
