"use client";
// PATCH /api/v3/workspaces/{id} (owner or company admin).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type TWorkspaceUpdate = BodyOf<typeof endpoints.workspaces.update>;

export function useUpdateWorkspace(id: number) {
  const qc = useQueryClient();
  return useMutation<TWorkspace, ApiError, TWorkspaceUpdate>({
    mutationFn: (body) => callEndpoint(endpoints.workspaces.update, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
