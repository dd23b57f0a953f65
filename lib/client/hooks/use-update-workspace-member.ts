"use client";
// PATCH /api/v3/workspaces/{id}/members/{user_id}: changes a member's role (a workspace keeps one owner).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";
import type { TWorkspaceMember } from "./use-add-workspace-member";

type TRole = TWorkspaceMember["role"];

export function useUpdateWorkspaceMember(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation<TWorkspaceMember, ApiError, { userId: number; role: TRole }>({
    mutationFn: ({ userId, role }) => apiClient.patch<TWorkspaceMember>(`/api/v3/workspaces/${workspaceId}/members/${userId}`, { role }),
    onSuccess: (member) => {
      // The caller's own role (user_role) may have changed too: refetch rather than patch the cache.
      qc.setQueryData<TWorkspace>(queryKeys.workspaces.detail(workspaceId), (w) =>
        w && { ...w, members: w.members?.map((m) => (m.user_id === member.user_id ? member : m)) },
      );
      void qc.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
