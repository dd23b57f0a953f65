"use client";
// DELETE /api/v3/workspaces/{id}/members/{user_id} (the last owner cannot be removed).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useRemoveWorkspaceMember(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (userId) => callEndpoint(endpoints.workspaces.removeMember, { params: { id: workspaceId, user_id: userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
