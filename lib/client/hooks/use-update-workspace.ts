"use client";
// PATCH /api/v3/workspaces/{id} (owner or company admin).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TWorkspace, ZWorkspaceUpdate } from "@/lib/contracts/workspaces";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export type TWorkspaceUpdate = z.input<typeof ZWorkspaceUpdate>;

export function useUpdateWorkspace(id: number) {
  const qc = useQueryClient();
  return useMutation<TWorkspace, ApiError, TWorkspaceUpdate>({
    mutationFn: (body) => apiClient.patch<TWorkspace>(`/api/v3/workspaces/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
