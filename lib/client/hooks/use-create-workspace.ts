"use client";
// POST /api/v3/workspaces: the creator becomes the new workspace's owner.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type TWorkspaceCreate = BodyOf<typeof endpoints.workspaces.create>;

export function useCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation<TWorkspace, ApiError, TWorkspaceCreate>({
    mutationFn: (body) => callEndpoint(endpoints.workspaces.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
