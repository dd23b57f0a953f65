"use client";
// PATCH /api/v3/workspaces/{id}/members/{user_id}: changes a member's role (a workspace keeps one owner).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TWorkspace, TWorkspaceMember } from "@/lib/contracts/workspaces";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

type TRole = BodyOf<typeof endpoints.workspaces.updateMember>["role"];

export function useUpdateWorkspaceMember(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation<TWorkspaceMember, ApiError, { userId: number; role: TRole }>({
    mutationFn: ({ userId, role }) =>
      callEndpoint(endpoints.workspaces.updateMember, { params: { id: workspaceId, user_id: userId }, body: { role } }),
    onSuccess: (member) => {
      // The caller's own role (user_role) may have changed too: refetch rather than patch the cache.
      qc.setQueryData<TWorkspace>(
        queryKeys.workspaces.detail(workspaceId),
        (w) => w && { ...w, members: w.members?.map((m) => (m.user_id === member.user_id ? member : m)) },
      );
      void qc.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
