"use client";
// POST /api/v3/workspaces/{id}/members: a user of the company joins with a role.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZMemberAdd, ZWorkspaceMember } from "@/lib/contracts/workspaces";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export type TWorkspaceMember = z.infer<typeof ZWorkspaceMember>;

export function useAddWorkspaceMember(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation<TWorkspaceMember, ApiError, z.input<typeof ZMemberAdd>>({
    mutationFn: (body) => apiClient.post<TWorkspaceMember>(`/api/v3/workspaces/${workspaceId}/members`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
