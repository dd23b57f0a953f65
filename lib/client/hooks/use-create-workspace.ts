"use client";
// POST /api/v3/workspaces: the creator becomes the new workspace's owner.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TWorkspace, ZWorkspaceCreate } from "@/lib/contracts/workspaces";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export type TWorkspaceCreate = z.input<typeof ZWorkspaceCreate>;

export function useCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation<TWorkspace, ApiError, TWorkspaceCreate>({
    mutationFn: (body) => apiClient.post<TWorkspace>("/api/v3/workspaces", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
